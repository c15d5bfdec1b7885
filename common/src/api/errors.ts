import type { z } from 'zod';
import { LIMITS } from '../limits.ts';

/**
 * Every API error has a stable machine id and a user-facing message: {error: {code, message}}.
 * Clients choose what to show by code (the message is English and may change); a code, once
 * published, keeps its meaning.
 */
export const ERROR_CODES = [
  // request shape
  'invalid_json',
  'unsupported_media_type',
  'invalid_request',
  'invalid_text',
  'invalid_characters',
  'invalid_id',
  // fields
  'username_too_short',
  'username_too_long',
  'username_invalid',
  'email_invalid',
  'password_too_long',
  'bio_too_long',
  'avatar_url_invalid',
  'message_empty',
  'message_too_long',
  'search_too_long',
  'search_empty',
  'message_search_too_long',
  'context_required',
  'context_too_long',
  'text_required',
  'language_required',
  'unknown_language',
  'too_many_strings',
  'string_too_long',
  'nothing_to_read',
  'speech_too_long',
  // groups
  'group_name_invalid',
  'unknown_register',
  'too_few_members',
  'too_many_members',
  'duplicate_member',
  'unknown_member',
  'already_member',
  'not_a_group',
  'not_admin',
  'last_admin_needs_successor',
  // auth and access
  'unauthenticated',
  'forbidden_origin',
  'not_found',
  'message_not_found',
  'rate_limited',
  'translation_budget',
  'email_taken',
  'username_taken',
  'weak_password',
  'invalid_credentials',
  'email_not_confirmed',
  // mailed links (password reset, e-mail confirmation)
  'mail_unavailable',
  'token_invalid',
  'token_expired',
  'token_used',
  'account_disabled',
  'admin_required',
  'cannot_change_self',
  'registration_closed',
  'invite_required',
  'invite_invalid',
  'email_domain_not_allowed',
  'wrong_password',
  // single sign-on (OpenID Connect)
  'password_sign_in_disabled',
  'oidc_unavailable',
  'sso_failed',
  'sso_state_invalid',
  'sso_email_unverified',
  'sso_email_missing',
  // block and report
  'cannot_message',
  'cannot_block_self',
  // web push
  'push_endpoint_invalid',
  'push_endpoint_not_allowed',
  'push_key_invalid',
  'push_auth_invalid',
  // reply, edit, delete, reactions
  'reply_not_found',
  'edit_window_passed',
  'message_not_editable',
  'unknown_reaction',
  // calls (issue 26)
  'not_a_pair',
  'cannot_call',
  'already_in_call',
  'call_answered_elsewhere',
  'call_ended',
  // API tokens and bots (issue 35)
  'token_name_invalid',
  'token_scopes_invalid',
  'token_scope',
  'token_not_allowed',
  'integrations_disabled',
  'too_many_tokens',
  'too_many_bots',
  'bot_cannot_start_chat',
  'bot_no_password',
  // webhooks (issue 35 items 4, 5)
  'webhook_url_invalid',
  'webhook_url_not_allowed',
  'webhook_events_invalid',
  'webhook_name_invalid',
  'webhook_avatar_invalid',
  // link previews (issue 36 item 3)
  'link_url_invalid',
  // uploads
  'invalid_image',
  'image_too_large',
  'payload_too_large',
  'invalid_audio',
  'audio_too_large',
  'audio_too_long',
  'audio_too_short',
  'invalid_file',
  'file_too_large',
  // server
  'service_busy',
  'database_unavailable',
  'service_starting',
  'speech_failed',
  'speech_unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  error: { code: ErrorCode | string; message: string; details?: unknown };
}

/** Messages whose wording the web maps (spec section 5): keep the key phrases. */
export const AUTH_MESSAGES = {
  emailTaken: 'User already registered',
  usernameTaken: 'Username already taken',
  weakPassword: 'Password should be at least 6 characters',
  invalidCredentials: 'Invalid login credentials',
  emailNotConfirmed: 'Email not confirmed',
  mailUnavailable: 'This server cannot send e-mail',
  tokenInvalid: 'This link is not valid',
  tokenExpired: 'This link has expired',
  tokenUsed: 'This link has already been used',
  accountDisabled: 'This account has been disabled',
  registrationClosed: 'Sign-up is closed on this server',
  inviteRequired: 'Sign-up is by invitation',
  inviteInvalid: 'This invitation is not valid any more',
  emailDomainNotAllowed: 'Sign-up is limited to some e-mail domains',
  wrongPassword: 'The current password is not correct',
  passwordSignInDisabled: 'This server signs in with single sign-on only',
  oidcUnavailable: 'The sign-in provider cannot be reached; try again in a moment',
  ssoFailed: 'Single sign-on did not complete',
  ssoStateInvalid: 'This sign-in attempt has expired or was already used; start again',
  ssoEmailUnverified: 'An account with this e-mail exists and the provider has not confirmed the address',
  ssoEmailMissing: 'The provider did not share an e-mail address',
} as const;

/**
 * The message of each field check in the shared schemas, by error code. A schema attaches both where the check is
 * written, with fieldError(code); a failed check's issue carries the code, and the server answers with it.
 */
export const FIELD_ERRORS = {
  invalid_text: 'must not contain NUL characters, unpaired surrogates or invalid UTF-8',
  invalid_characters: 'must not contain control, bidi-override or private-use characters',
  invalid_id: 'Not a valid id',
  username_too_short: `Username must be at least ${LIMITS.usernameMin} characters`,
  username_too_long: `Username must be at most ${LIMITS.usernameMax} characters`,
  username_invalid: 'Username may contain letters, digits, dots, dashes and underscores',
  email_invalid: 'Invalid email address',
  password_too_long: 'Password is too long',
  bio_too_long: `Bio must be at most ${LIMITS.bioMax} characters`,
  avatar_url_invalid: 'Avatar URL must be https or a Parley storage path',
  message_empty: 'Message cannot be empty',
  message_too_long: `Messages can be at most ${LIMITS.messageMaxChars} characters`,
  search_too_long: 'Search text must be at most 100 characters',
  search_empty: 'Type something to search for',
  message_search_too_long: `Search text must be at most ${LIMITS.messageSearchMaxChars} characters`,
  context_required: 'Describe who they are to you',
  context_too_long: 'The description must be at most 500 characters',
  text_required: 'Text is required',
  language_required: 'Language is required',
  unknown_language: 'Unknown language',
  too_many_strings: 'At most 500 strings per request',
  string_too_long: 'Interface strings must be at most 500 characters',
  nothing_to_read: 'Nothing to read aloud',
  speech_too_long: 'Text to read aloud can be at most 1000 characters',
  group_name_invalid: 'A group name is 1 to 100 characters on one line',
  unknown_register: 'The register must be family, friends, colleagues, formal or mixed',
  too_few_members: 'Pick at least 2 people for a group',
  too_many_members: 'A group has at most 256 members',
  duplicate_member: 'Each person can be picked once',
  push_endpoint_invalid: 'A push endpoint must be an https URL of at most 2048 characters',
  push_key_invalid: 'p256dh must be a 65-byte uncompressed P-256 public key (base64url)',
  push_auth_invalid: 'auth must be a 16-byte secret (base64url)',
  unknown_reaction: 'Reactions are one of 👍 ❤️ 😂 😮 😢 🙏',
  webhook_name_invalid: 'A webhook name is 1 to 80 characters on one line',
  webhook_url_invalid: 'A webhook URL is an http(s) URL of at most 2048 characters',
  webhook_events_invalid: 'Pick at least one of the events',
  webhook_avatar_invalid: 'avatar must be an https URL of at most 2048 characters',
  link_url_invalid: 'A link is an http(s) URL of at most 2048 characters',
} as const satisfies Partial<Record<ErrorCode, string>>;

export type FieldErrorCode = keyof typeof FIELD_ERRORS;

/**
 * A check's error with its code: `message`, and `code` put on the failed check's issue as `params.code` (zod keeps
 * params for custom checks only, so the code is set on the issue as it is made). Written where the check is:
 * `.max(100, checkError('not_found', 'Conversation not found'))`; field checks use fieldError.
 */
export function checkError(code: ErrorCode, message: string) {
  return {
    error: (issue: z.core.$ZodRawIssue): string => {
      const raw = issue as { params?: Record<string, unknown> };
      raw.params = { ...raw.params, code };
      return message;
    },
  };
}

/** A field check's error: its code and its FIELD_ERRORS message, e.g. `.max(100, fieldError('search_too_long'))`. */
export const fieldError = (code: FieldErrorCode) => checkError(code, FIELD_ERRORS[code]);

/** The code a failed check carries (checkError), or undefined for a check without one (wrong types, unknown enums). */
export function issueCode(issue: object): ErrorCode | undefined {
  const code = ((issue as { params?: unknown }).params as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code) ? (code as ErrorCode) : undefined;
}
