import { GROUP_LIMITS } from '@parley/common/client';
import type { CatalogKey, FormatVars } from '@parley/common';
import { isApiError } from './api.ts';
import type { TFunction } from './i18n.tsx';

/** A catalog string chosen for an error: never the server's own English. */
export interface ErrorText {
  key: CatalogKey;
  vars?: FormatVars;
}

/** Stable error codes (common/src/api/errors.ts, voice codes) -> catalog strings. */
const BY_CODE: Record<string, CatalogKey> = {
  network_error: 'general.errorNetwork',
  unauthenticated: 'chat.logInAgain',
  not_found: 'general.errorNotFound',
  email_taken: 'auth.emailAlreadyRegistered',
  username_taken: 'general.errorUsernameTaken',
  weak_password: 'auth.passwordTooShort',
  invalid_credentials: 'auth.invalidCredentials',
  email_not_confirmed: 'auth.emailNotConfirmed',
  mail_unavailable: 'auth.mailUnavailable',
  token_invalid: 'auth.linkInvalid',
  token_expired: 'auth.linkInvalid',
  token_used: 'auth.linkInvalid',
  account_disabled: 'auth.accountDisabled',
  cannot_message: 'safety.cannotMessage',
  registration_closed: 'auth.signUpClosed',
  invite_required: 'auth.signUpByInvitation',
  invite_invalid: 'auth.inviteInvalid',
  email_domain_not_allowed: 'auth.emailDomainNotAllowed',
  password_sign_in_disabled: 'auth.passwordSignInDisabled',
  oidc_unavailable: 'auth.ssoUnavailable',
  sso_failed: 'auth.ssoFailed',
  sso_state_invalid: 'auth.ssoExpired',
  sso_email_unverified: 'auth.ssoEmailUnverified',
  sso_email_missing: 'auth.ssoEmailMissing',
  invalid_image: 'scan.analyzeFailedShort',
  image_too_large: 'general.errorTooLarge',
  payload_too_large: 'general.errorTooLarge',
  invalid_audio: 'chat.mediaInvalidAudio',
  audio_too_long: 'chat.mediaAudioTooLong',
  audio_too_short: 'chat.mediaTooShort',
  audio_too_large: 'chat.mediaAudioTooLong',
  database_unavailable: 'general.errorUnavailable',
  service_starting: 'general.errorUnavailable',
  invalid_text: 'general.errorInvalidText',
  invalid_characters: 'general.errorInvalidText',
  username_too_short: 'general.errorUsernameInvalid',
  username_too_long: 'general.errorUsernameInvalid',
  username_invalid: 'general.errorUsernameInvalid',
  email_invalid: 'general.errorEmailInvalid',
  password_too_long: 'general.errorInvalid',
  bio_too_long: 'general.errorBioTooLong',
  message_too_long: 'general.errorTooLarge',
  string_too_long: 'general.errorTooLarge',
  speech_failed: 'talk.voiceError',
  // Groups (issue 22).
  unknown_register: 'chat.groupErrRegister',
  too_few_members: 'chat.groupNeedTwo',
  duplicate_member: 'chat.groupErrDuplicate',
  unknown_member: 'chat.groupErrUnknownMember',
  already_member: 'chat.groupErrAlreadyMember',
  not_a_group: 'chat.groupErrNotGroup',
  not_admin: 'chat.groupErrNotAdmin',
  last_admin_needs_successor: 'chat.groupErrLastAdmin',
  // The life of a message (issue 25).
  edit_window_passed: 'chat.editWindowPassed',
  message_not_editable: 'chat.messageNotEditable',
  reply_not_found: 'chat.replyNotFound',
  unknown_reaction: 'chat.reactionFailed',
  // Integrations (issue 35).
  integrations_disabled: 'integrations.disabled',
  too_many_tokens: 'integrations.tooManyTokens',
  too_many_bots: 'integrations.tooManyBots',
  token_name_invalid: 'integrations.nameRequired',
  token_scopes_invalid: 'integrations.pickScope',
  internal: 'general.errorServer',
};

/** Codes whose string names a limit. */
const WITH_LIMIT: Record<string, ErrorText> = {
  group_name_invalid: { key: 'chat.groupNameTooLong', vars: { max: GROUP_LIMITS.nameMax } },
  too_many_members: { key: 'chat.groupTooMany', vars: { max: GROUP_LIMITS.maxMembers } },
};

/** Validation failures naming a field with a rule of its own. */
const BY_FIELD: Record<string, CatalogKey> = {
  username: 'general.errorUsernameInvalid',
  email: 'general.errorEmailInvalid',
  bio: 'general.errorBioTooLong',
};

/**
 * The catalog string for a failure: by the server's stable code (and its parameters: the wait of a
 * 429, the field of a 400), else by HTTP status class, else `fallback` (for errors that are not API
 * errors at all). Pure.
 */
export function errorText(error: unknown, fallback: CatalogKey): ErrorText {
  if (!isApiError(error)) return { key: fallback };
  if (error.code === 'rate_limited' || error.status === 429) return { key: 'general.errorRateLimited', vars: { seconds: error.retryAfter ?? 60 } };
  const withLimit = WITH_LIMIT[error.code];
  if (withLimit) return withLimit;
  const byCode = BY_CODE[error.code];
  if (byCode) return { key: byCode };
  if (error.status === 0) return { key: 'general.errorNetwork' };
  if (error.status === 413) return { key: 'general.errorTooLarge' };
  if (error.status === 503) return { key: 'general.errorUnavailable' };
  if (error.status >= 500) return { key: 'general.errorServer' };
  if (error.status >= 400) {
    const byField = error.field ? BY_FIELD[error.field] : undefined;
    return { key: byField ?? 'general.errorInvalid' };
  }
  return { key: fallback };
}

/** The catalog string of a bare error code (a single sign-on refusal arrives as /auth?sso_error=CODE). */
export function codeText(code: string, fallback: CatalogKey): CatalogKey {
  return Object.hasOwn(BY_CODE, code) ? BY_CODE[code]! : fallback;
}

/** errorText, rendered. */
export function errorMessage(error: unknown, t: TFunction, fallback: CatalogKey): string {
  const { key, vars } = errorText(error, fallback);
  return t(key, vars);
}
