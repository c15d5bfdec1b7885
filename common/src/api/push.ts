import { z } from 'zod';
import { fieldError } from './errors.ts';
import { MUTE_DURATIONS, PUSH_LIMITS } from './pushRoutes.ts';

export { MUTE_DURATIONS, MUTED_ALWAYS_UNTIL, PUSH_API, PUSH_LIMITS, type MuteDuration, type PushPayload } from './pushRoutes.ts';

/** Bytes of a base64url string (padding allowed), or -1 when it is not base64url. */
export function base64UrlBytes(value: string): number {
  const s = value.replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(s) || s.length % 4 === 1) return -1;
  return Math.floor((s.length * 3) / 4);
}

/** A PushSubscription as the browser gives it (toJSON()): endpoint + the two keys. */
export const pushSubscriptionBody = z.object({
  endpoint: z.string().max(PUSH_LIMITS.endpointMaxChars, fieldError('push_endpoint_invalid')).url(fieldError('push_endpoint_invalid')),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().max(200, fieldError('push_key_invalid'))
      .refine((k) => base64UrlBytes(k) === PUSH_LIMITS.p256dhBytes && k.startsWith('B'), fieldError('push_key_invalid')),
    auth: z.string().max(40, fieldError('push_auth_invalid')).refine((k) => base64UrlBytes(k) === PUSH_LIMITS.authBytes, fieldError('push_auth_invalid')),
  }).strict(),
}).strict();
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

export const pushSettingsBody = z.object({ hideText: z.boolean() }).strict();

/** `mentions: false` silences mentions too ("Mute everything"); by default a mute lets them through. */
export const muteBody = z.object({ duration: z.enum(MUTE_DURATIONS), mentions: z.boolean().optional() }).strict();

export interface PushKeyResponse {
  publicKey: string;
}

export interface PushSettingsResponse {
  /** Notifications show "New message" instead of the text. */
  hideText: boolean;
  /** This device (session) has a subscription registered. */
  subscribed: boolean;
  /** Conversations muted now, and until when (MUTED_ALWAYS_UNTIL: always). */
  mutes: { roomId: string; until: string; mentions: boolean }[];
}

export interface MuteResponse {
  roomId: string;
  /** null: not muted. */
  until: string | null;
  /** Mentions of the member still notify through the mute (false: "Mute everything"). */
  mentions: boolean;
}
