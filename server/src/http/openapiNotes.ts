import { z } from 'zod';
import { profileSchema, type ErrorCode } from '@parley/common';
// Its own entry, not the index: the web app's chunks do not carry the document's schemas.
import {
  messageResponseSchema, messagesResponseSchema, sessionResponseSchema, signInResponseSchema, signUpResponseSchema,
  startChatResponseSchema, userSearchResponseSchema,
} from '@parley/common/responses';

/**
 * What the document adds to a route beyond its own schemas, keyed by `METHOD /path` as the route is declared. A
 * route without a note is still described (auth, request, validation errors): a note adds a summary, the success
 * status and body of a route that declares none, and the codes its handler throws. Keep notes for the main routes.
 */
export interface RouteNote {
  summary?: string;
  operationId?: string;
  /** The success status when it is not 200 (201 created, 204 no body), or each of them ([201, 200]). */
  status?: number | number[];
  /** The success body, for routes that declare none. */
  response?: z.ZodType;
  responseDescription?: string;
  /** A file answer (not JSON): its content types. */
  produces?: string[];
  /** A multipart upload: its form fields (documented; the handler reads them itself). */
  multipart?: z.ZodObject;
  /** An example request body, shown by the viewer. */
  example?: Record<string, unknown>;
  /** Codes the handler throws (AppError), by status. */
  errors?: Partial<Record<number, ErrorCode[]>>;
}

const file = z.string().describe('The file (binary)').meta({ format: 'binary' });
const rateLimited = { 429: ['rate_limited'] } as const satisfies RouteNote['errors'];
const budgeted = { 429: ['rate_limited', 'translation_budget'] } as const satisfies RouteNote['errors'];
const sending = { ...budgeted, 403: ['cannot_message'], 503: ['service_busy'] } as const satisfies RouteNote['errors'];

export const ROUTE_NOTES: Record<string, RouteNote> = {
  'POST /api/auth/signup': {
    summary: 'Create an account', operationId: 'signUp', status: 201, response: signUpResponseSchema,
    example: { username: 'ana', email: 'ana@example.com', password: 'correct horse battery' },
    errors: {
      400: ['weak_password'], 409: ['email_taken', 'username_taken'], ...rateLimited,
      403: ['registration_closed', 'invite_required', 'invite_invalid', 'email_domain_not_allowed', 'password_sign_in_disabled'],
    },
  },
  'POST /api/auth/signin': {
    summary: 'Sign in: sets the session cookie', operationId: 'signIn', response: signInResponseSchema,
    example: { email: 'ana@example.com', password: 'correct horse battery' },
    errors: { 401: ['invalid_credentials'], 403: ['account_disabled', 'email_not_confirmed', 'password_sign_in_disabled'], ...rateLimited },
  },
  'POST /api/auth/signout': { summary: 'Sign out: ends this session', operationId: 'signOut', status: 204 },
  'GET /api/auth/session': { summary: 'The signed-in account and its profile', operationId: 'getSession', response: sessionResponseSchema },
  'GET /api/profile': { summary: 'My profile', operationId: 'getProfile', response: profileSchema },
  'PATCH /api/profile': {
    summary: 'Change my profile (username, language, bio...)', operationId: 'updateProfile', response: profileSchema,
    example: { language: 'es' }, errors: { 409: ['username_taken'] },
  },
  'POST /api/profile/avatar': {
    summary: 'Upload my avatar', operationId: 'uploadAvatar', multipart: z.object({ file }),
    errors: { 400: ['invalid_image'], 413: ['image_too_large', 'payload_too_large'] },
  },
  'GET /api/users/search': { summary: 'Find people by username or whole e-mail address', operationId: 'searchUsers', response: userSearchResponseSchema, errors: rateLimited },
  'GET /api/chats': { summary: 'My conversations', operationId: 'listChats' },
  'POST /api/chats': {
    summary: 'Start (or reopen) a one-to-one chat', operationId: 'startChat', status: [201, 200],
    example: { userId: '0b6d3f9e-5c1a-4e8b-9f2d-7a4c1e3b5d60', relationshipType: 'close_friend' },
    responseDescription: 'The chat (201 when new, 200 when it existed)', response: startChatResponseSchema,
    errors: { 403: ['cannot_message'] },
  },
  'GET /api/chats/:roomId/messages': {
    summary: "A conversation's messages, each in my language", operationId: 'listMessages', response: messagesResponseSchema,
  },
  'POST /api/chats/:roomId/messages': {
    summary: 'Send a message (translated for each reader)', operationId: 'sendMessage', status: [201, 200],
    example: { content: 'See you at eight!', clientId: 'k3J9x0Qm2vL8' },
    responseDescription: 'Stored (201; 200 when the clientId was already sent)', response: messageResponseSchema,
    errors: { ...sending, 400: ['reply_not_found'] },
  },
  'PATCH /api/chats/:roomId/messages/:messageId': {
    summary: 'Edit my message', operationId: 'editMessage', response: messageResponseSchema,
    errors: { ...sending, 400: ['message_not_editable'], 403: ['cannot_message', 'edit_window_passed'] },
  },
  'DELETE /api/chats/:roomId/messages/:messageId': { summary: 'Delete my message for everyone', operationId: 'deleteMessage', response: messageResponseSchema },
  'POST /api/chats/:roomId/messages/:messageId/retry-translation': { operationId: 'retryTranslation', response: messageResponseSchema, errors: sending },
  'POST /api/chats/:roomId/photos': {
    summary: 'Send a photo (its text read and translated)', operationId: 'sendPhoto', status: [201, 200], response: messageResponseSchema,
    multipart: z.object({ file, clientId: z.string() }), errors: { ...sending, 400: ['invalid_image'], 413: ['image_too_large', 'payload_too_large'] },
  },
  'POST /api/chats/:roomId/voice': {
    summary: 'Send a voice message (transcribed and translated)', operationId: 'sendVoice', status: [201, 200], response: messageResponseSchema,
    multipart: z.object({ file, clientId: z.string() }),
    errors: { ...sending, 400: ['invalid_audio', 'audio_too_short'], 413: ['audio_too_large', 'audio_too_long', 'payload_too_large'] },
  },
  'POST /api/chats/:roomId/preview': { summary: 'Preview how a draft reads in the other languages', errors: budgeted },
  'POST /api/groups': { summary: 'Create a group', operationId: 'createGroup', status: 201 },
  'POST /api/translate': {
    summary: 'Translate a text', operationId: 'translateText', example: { text: 'Good morning', targetLanguage: 'es' },
    errors: { ...budgeted, 413: ['payload_too_large'] },
  },
  'POST /api/smart-translate': { summary: 'Translate between two languages, whichever the text is in', errors: { ...budgeted, 413: ['payload_too_large'] } },
  'POST /api/scan/upload': {
    summary: 'Read and translate the text of an image (multipart)', multipart: z.object({ file, primaryLanguage: z.string(), secondaryLanguage: z.string() }),
    errors: { ...budgeted, 400: ['invalid_image'], 413: ['image_too_large', 'payload_too_large'] },
  },
  'POST /api/reports': { summary: 'Report a person or a message to the operators', status: 201, errors: rateLimited },
  'GET /api/chats/:roomId/media/:mediaId': { summary: 'A photo or recording (Range requests answer 206)', status: [200, 206], produces: ['image/jpeg', 'audio/wav'] },
  'GET /api/admin/reports/:id/file': { summary: 'The reported photo, recording or file as kept with the report (a download)', produces: ['application/octet-stream', 'image/jpeg', 'audio/wav'] },
  'GET /api/files/limits': { summary: 'The largest file the server takes (FILE_MAX_MB), checked by the web before an upload', response: z.object({ maxBytes: z.number().int().positive() }) },
  'GET /api/speech': { summary: 'A text or a message part read aloud (WAV)', produces: ['audio/wav'], errors: { ...budgeted, 400: ['speech_unavailable'], 502: ['speech_failed'] } },
  'GET /api/account/export': { summary: 'Download my data (a JSON file)', errors: rateLimited },
  'POST /api/account/delete': { summary: 'Delete my account (password required)', status: 204, errors: { 403: ['wrong_password'], ...rateLimited } },
  'POST /api/account/password': { summary: 'Change my password (other sessions end)', status: 204, errors: { 400: ['weak_password'], 403: ['wrong_password'] } },
  'DELETE /api/account/sessions/:id': { summary: 'Sign out one of my devices', status: 204 },
  'POST /api/account/sessions/sign-out-others': { summary: 'Sign out everywhere else', status: 204 },
  'POST /api/auth/password-reset': { summary: 'Mail a password-reset link', status: 202, errors: { 503: ['mail_unavailable'], ...rateLimited } },
  'POST /api/auth/confirm/resend': { summary: 'Mail a new confirmation link', status: 202, errors: { 503: ['mail_unavailable'], ...rateLimited } },
  'POST /api/auth/password-reset/confirm': { summary: 'Set a new password from a mailed link', status: 204, errors: { 400: ['token_invalid', 'weak_password'], 410: ['token_expired', 'token_used'] } },
  'POST /api/auth/confirm': { summary: 'Confirm my e-mail address from a mailed link', errors: { 400: ['token_invalid'], 410: ['token_expired', 'token_used'] } },
  'POST /api/auth/oidc/start': { summary: "Start single sign-on: answers the provider's URL", errors: { 503: ['oidc_unavailable'] } },
  'GET /api/auth/oidc/callback': { summary: 'Where the provider sends the browser back (redirects into the app)', status: 303 },
  'PUT /api/push/subscription': { summary: "Register this device's push subscription", status: 204, errors: { 400: ['push_endpoint_not_allowed'] } },
  'DELETE /api/push/subscription': { summary: "Forget this device's push subscription", status: 204 },
  'POST /api/calls': { summary: 'Call the other person of a one-to-one chat', status: 201, errors: { 403: ['cannot_call'], 409: ['already_in_call'], ...rateLimited } },
  'POST /api/invites': { summary: 'Invite someone by e-mail', status: 201, errors: rateLimited },
  'POST /api/admin/users': { summary: 'Create an account', status: 201 },
  'DELETE /api/admin/users/:id': { summary: 'Delete an account', status: 204, errors: { 409: ['cannot_change_self'] } },
  'POST /api/admin/invites': { summary: 'Create an invite link', status: 201 },
  'DELETE /api/admin/invites/:id': { summary: 'Revoke an invite link', status: 204 },
};
