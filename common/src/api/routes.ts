/** Paths of the HTTP API, shared so the web client and the server cannot drift. */
export const API = {
  health: '/api/health',
  signUp: '/api/auth/signup',
  signIn: '/api/auth/signin',
  signOut: '/api/auth/signout',
  session: '/api/auth/session',
  /** Mailed links: ask for a reset, set the new password; open a confirmation link, mail a new one. */
  passwordReset: '/api/auth/password-reset',
  passwordResetConfirm: '/api/auth/password-reset/confirm',
  confirmEmail: '/api/auth/confirm',
  resendConfirmation: '/api/auth/confirm/resend',
  /** Public: what sign-up accepts here (registration mode, e-mail domains, single sign-on). */
  registration: '/api/auth/registration',
  /** Single sign-on: POST starts (answers the provider's URL), the provider sends the browser back to the callback. */
  oidcStart: '/api/auth/oidc/start',
  oidcCallback: '/api/auth/oidc/callback',
  /** Profile -> Security: change password, signed-in devices. */
  accountPassword: '/api/account/password',
  accountSessions: '/api/account/sessions',
  accountSignOutOthers: '/api/account/sessions/sign-out-others',
  /** Delete my account (password required); download my data. */
  accountDelete: '/api/account/delete',
  accountExport: '/api/account/export',
  profile: '/api/profile',
  avatar: '/api/profile/avatar',
} as const;

/**
 * A cookie the page can read, set on a page request that carried a session cookie no longer live (signed out
 * elsewhere, expired): the app forgets what this device kept of that session before drawing it.
 */
export const SESSION_ENDED_COOKIE = 'parley_session_ended';

/** Public URL prefix of stored files (avatars). */
export const STORAGE_PREFIX = '/storage';

/** Paths of the translation API. The /functions/v1 paths answer clients written for the spec's hosted functions. */
export const TRANSLATION_API = {
  translate: '/api/translate',
  smartTranslate: '/api/smart-translate',
  languages: '/api/languages',
  engines: '/api/engines',
  uiStrings: '/api/ui-strings',
  functionsTranslateText: '/functions/v1/translate-text',
  functionsSmartTranslate: '/functions/v1/smart-translate',
} as const;
