import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { isLanguageCode } from '../languages.ts';
import { plainText, safeText } from '../text.ts';
import { checkError, fieldError } from './errors.ts';
import { WEBHOOK_EVENTS, WEBHOOK_LIMITS } from './webhookRoutes.ts';

export * from './webhookRoutes.ts';

/**
 * Incoming and outgoing webhooks (issue 35 items 4 and 5): the routes' paths, bodies and answers. An incoming
 * webhook is a secret URL that posts into one conversation as its creator, marked "via webhook"; an outgoing one
 * POSTs a conversation's events (or, from the console, every group's) to a URL, signed with its secret.
 */
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

