/**
 * Webhooks' paths, limits, event names and answers (issue 35 items 4, 5), without zod: the web client imports these
 * (@parley/common/client); the request schemas are in webhooks.ts.
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
