/** Web Push (issue 25 item 1): paths and limits, no zod (the web's light entry). */
export const PUSH_API = {
  /** GET: the server's VAPID public key (applicationServerKey for PushManager.subscribe). */
  key: '/api/push/key',
  /** PUT: register this device's subscription; DELETE: forget it. */
  subscription: '/api/push/subscription',
  /** GET / PATCH: this account's notification settings (hide text) and this device's state. */
  settings: '/api/push/settings',
  /** PUT {duration}: mute a conversation's notifications; DELETE: unmute. */
  mute: '/api/chats/:roomId/mute',
} as const;

export const PUSH_LIMITS = { endpointMaxChars: 2048, p256dhBytes: 65, authBytes: 16 } as const;

/** How long a conversation can be muted for. */
export const MUTE_DURATIONS = ['1h', '8h', '1w', 'always'] as const;
export type MuteDuration = (typeof MUTE_DURATIONS)[number];

/** A mute that lasts "always" is stored as this far-away date. */
export const MUTED_ALWAYS_UNTIL = '9999-12-31T00:00:00.000Z';

/** What the service worker receives (the decrypted push payload). */
export interface PushPayload {
  /** Always 1: the payload's shape version. */
  v: 1;
  /** `message_changed`: the message `messageId` was edited or deleted; it only replaces a notification that shows it. */
  kind: 'message' | 'message_changed' | 'group_invite' | 'incoming_call' | 'missed_call';
  roomId: string;
  /** The notification's title (the sender's name, or the group's). */
  title: string;
  /** Its body, in the reader's interface language (the translation when ready). */
  body: string;
  /** One notification per conversation: a new one replaces the last. */
  tag: string;
  /** The message id when it is one. */
  messageId?: string;
}
