import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { isLanguageCode } from '../languages.ts';
import { plainText, safeText } from '../text.ts';
import { checkError, fieldError } from './errors.ts';

/**
 * Incoming and outgoing webhooks (issue 35 items 4 and 5): the routes' paths, bodies and answers. An incoming
 * webhook is a secret URL that posts into one conversation as its creator, marked "via webhook"; an outgoing one
 * POSTs a conversation's events (or, from the console, every group's) to a URL, signed with its secret.
 */
export const WEBHOOK_API = {
  incoming: '/api/chats/:roomId/incoming-webhooks',
  incomingOne: '/api/chats/:roomId/incoming-webhooks/:id',
  incomingRotate: '/api/chats/:roomId/incoming-webhooks/:id/rotate',
  outgoing: '/api/chats/:roomId/outgoing-webhooks',
  outgoingOne: '/api/chats/:roomId/outgoing-webhooks/:id',
  outgoingResume: '/api/chats/:roomId/outgoing-webhooks/:id/resume',
  /** Public: the incoming webhook's URL (no session; the secret is the credential). */
  hook: '/api/hooks/:id/:secret',
  /** The console: every webhook, delete any; server-wide outgoing subscriptions. */
  adminList: '/api/admin/webhooks',
  adminIncoming: '/api/admin/webhooks/incoming/:id',
  adminOutgoingCreate: '/api/admin/webhooks/outgoing',
  adminOutgoing: '/api/admin/webhooks/outgoing/:id',
  adminOutgoingResume: '/api/admin/webhooks/outgoing/:id/resume',
} as const;

export const webhookPaths = {
  incoming: (roomId: string) => `/api/chats/${roomId}/incoming-webhooks`,
  incomingOne: (roomId: string, id: string) => `/api/chats/${roomId}/incoming-webhooks/${id}`,
  incomingRotate: (roomId: string, id: string) => `/api/chats/${roomId}/incoming-webhooks/${id}/rotate`,
  outgoing: (roomId: string) => `/api/chats/${roomId}/outgoing-webhooks`,
  outgoingOne: (roomId: string, id: string) => `/api/chats/${roomId}/outgoing-webhooks/${id}`,
  outgoingResume: (roomId: string, id: string) => `/api/chats/${roomId}/outgoing-webhooks/${id}/resume`,
};

/** The events an outgoing webhook may subscribe to (the payload's `event`). */
export const WEBHOOK_EVENTS = ['message.created', 'message.edited', 'message.deleted', 'member.joined', 'member.left'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_LIMITS = {
  /** Posts one incoming webhook accepts per minute (then 429 with Retry-After). */
  postsPerMinute: 30,
  /** The largest body a hook URL reads. */
  bodyBytes: 64 * 1024,
  urlMaxChars: 2048,
  /** Webhooks of each kind per conversation. */
  perRoom: 20,
  /** Deliveries failing in a row before a subscription is paused (or failing for pauseAfterHours). */
  pauseAfterFailures: 10,
  pauseAfterHours: 24,
  /** A receiver should refuse a timestamp further than this from its clock (seconds). */
  replayWindowSeconds: 300,
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidOr404 = (message: string) => z.string().regex(UUID, checkError('not_found', message));
const roomId = uuidOr404('Conversation not found');
export const webhookRoomParams = z.object({ roomId });
export const webhookParams = z.object({ roomId, id: uuidOr404('Webhook not found') });
export const webhookIdParams = z.object({ id: uuidOr404('Webhook not found') });
/** The hook URL: a wrong id and a wrong secret are one 404. */
export const hookParams = z.object({ id: uuidOr404('Webhook not found'), secret: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, checkError('not_found', 'Webhook not found')) });

const webhookName = plainText().trim().min(1, fieldError('webhook_name_invalid')).max(80, fieldError('webhook_name_invalid'))
  .refine((s) => !/[\t\n\r]/.test(s), fieldError('webhook_name_invalid'));

export const createIncomingWebhookBody = z.object({ name: webhookName }).strict();

/** What the hook URL accepts (Slack's and Mattermost's `text`, `username`, `icon_url` as `avatar`). */
export const hookPostBody = z.object({
  text: safeText()
    .max(LIMITS.messageMaxChars, fieldError('message_too_long'))
    .refine((s) => s.trim().length > 0, fieldError('message_empty')),
  username: plainText().trim().min(1, fieldError('webhook_name_invalid')).max(80, fieldError('webhook_name_invalid')).optional(),
  avatar: z.string().max(WEBHOOK_LIMITS.urlMaxChars, fieldError('webhook_avatar_invalid'))
    .refine((s) => URL.canParse(s) && new URL(s).protocol === 'https:', fieldError('webhook_avatar_invalid')).optional(),
});

const webhookUrl = z.string().trim().max(WEBHOOK_LIMITS.urlMaxChars, fieldError('webhook_url_invalid'))
  .refine((s) => URL.canParse(s) && ['http:', 'https:'].includes(new URL(s).protocol), fieldError('webhook_url_invalid'));

export const createOutgoingWebhookBody = z.object({
  url: webhookUrl,
  events: z.array(z.enum(WEBHOOK_EVENTS, fieldError('webhook_events_invalid'))).min(1, fieldError('webhook_events_invalid')).max(WEBHOOK_EVENTS.length, fieldError('webhook_events_invalid')),
  language: z.string().refine(isLanguageCode, fieldError('unknown_language')).nullish(),
}).strict();

export interface CreatedIncomingWebhook {
  id: string;
  /** The full URL to POST to; shown once (only a hash of its secret is kept). */
  url: string;
}

export interface IncomingWebhookView {
  id: string;
  roomId: string;
  name: string;
  creatorId: string;
  creatorName: string | null;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface CreatedOutgoingWebhook {
  id: string;
  /** The signing secret; shown once. */
  secret: string;
}

export interface OutgoingWebhookView {
  id: string;
  /** null: server-wide (the console's). */
  roomId: string | null;
  url: string;
  events: WebhookEvent[];
  language: string | null;
  ownerId: string | null;
  ownerName: string | null;
  createdAt: string;
  lastDeliveryAt: string | null;
  /** Deliveries failed in a row. */
  failures: number;
  lastError: string | null;
  /** Set when repeated failures paused it (resume to deliver again). */
  pausedAt: string | null;
}

export interface AdminWebhooksView {
  incoming: (IncomingWebhookView & { roomName: string })[];
  outgoing: (OutgoingWebhookView & { roomName: string | null })[];
}

/**
 * The JSON an outgoing webhook POSTs. Signed: `X-Parley-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`
 * with the subscription's secret, `X-Parley-Timestamp: <unix seconds>` (docs: server/src/webhooks/README.md).
 */
export interface WebhookPayload {
  event: WebhookEvent;
  /** Delivery id: the same for each retry of one delivery (a receiver can drop repeats). */
  id: string;
  timestamp: string;
  room: { id: string; kind: 'direct' | 'group'; name: string };
  message?: {
    id: string; text: string; language: string | null; createdAt: string; editedAt: string | null; deletedAt: string | null;
    viaWebhook: boolean;
  };
  sender?: { id: string; username: string } | null;
  /** The member who joined or left, and who did it (null: themselves, or the system). */
  member?: { id: string; username: string };
  translation?: { language: string; text: string | null };
}
