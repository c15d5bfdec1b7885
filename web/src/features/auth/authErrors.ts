import type { CatalogKey } from '@parley/common';

export type AuthMode = 'signIn' | 'signUp';

/** What the auth screen shows for a failed sign-in or sign-up (spec section 5). */
export interface AuthErrorView {
  title: CatalogKey;
  /** A catalog string to show, when the server message maps to one... */
  descriptionKey?: CatalogKey;
  /** ...otherwise the server's own message. */
  message?: string;
  /** The e-mail is already registered: switch the screen to sign-in. */
  switchToSignIn: boolean;
}

/** Map the server's error message to the auth screen's message. Pure. */
export function mapAuthError(mode: AuthMode, serverMessage: string | null | undefined): AuthErrorView {
  const message = (serverMessage ?? '').trim();
  if (mode === 'signUp') {
    const view: AuthErrorView = { title: 'auth.signUpFailed', switchToSignIn: false };
    if (/already registered/i.test(message)) return { ...view, descriptionKey: 'auth.emailAlreadyRegistered', switchToSignIn: true };
    if (message.includes('Password') && !/too long/i.test(message)) return { ...view, descriptionKey: 'auth.passwordTooShort' };
    return message ? { ...view, message } : { ...view, descriptionKey: 'auth.signUpError' };
  }
  const view: AuthErrorView = { title: 'auth.signInFailed', switchToSignIn: false };
  if (message.includes('Email not confirmed')) return { ...view, descriptionKey: 'auth.emailNotConfirmed' };
  return message ? { ...view, message } : { ...view, descriptionKey: 'auth.invalidCredentials' };
}
