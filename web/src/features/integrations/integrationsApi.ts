import {
  webhookPaths, type CreatedIncomingWebhook, type CreatedOutgoingWebhook, type IncomingWebhookView, type OutgoingWebhookView, type WebhookEvent,
} from '@parley/common/client';
import type { AdminWebhooksView } from '@parley/common';
import { api } from '../../lib/api.ts';

/** A conversation's webhooks (issue 35), and the console's list of all of them. */
export const integrationsApi = {
  incoming: (roomId: string, signal?: AbortSignal) => api.get<{ webhooks: IncomingWebhookView[] }>(webhookPaths.incoming(roomId), signal),
  createIncoming: (roomId: string, name: string) => api.post<CreatedIncomingWebhook>(webhookPaths.incoming(roomId), { name }),
  deleteIncoming: (roomId: string, id: string) => api.delete<void>(webhookPaths.incomingOne(roomId, id)),
  outgoing: (roomId: string, signal?: AbortSignal) => api.get<{ webhooks: OutgoingWebhookView[] }>(webhookPaths.outgoing(roomId), signal),
  createOutgoing: (roomId: string, body: { url: string; events: WebhookEvent[]; language: string | null }) =>
    api.post<CreatedOutgoingWebhook>(webhookPaths.outgoing(roomId), body),
  deleteOutgoing: (roomId: string, id: string) => api.delete<void>(webhookPaths.outgoingOne(roomId, id)),
  resumeOutgoing: (roomId: string, id: string) => api.post<void>(webhookPaths.outgoingResume(roomId, id)),
  all: (signal?: AbortSignal) => api.get<AdminWebhooksView>('/api/admin/webhooks', signal),
  adminDeleteIncoming: (id: string) => api.delete<void>(`/api/admin/webhooks/incoming/${id}`),
  adminDeleteOutgoing: (id: string) => api.delete<void>(`/api/admin/webhooks/outgoing/${id}`),
};
