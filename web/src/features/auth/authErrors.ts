import type { CatalogKey, FormatVars } from '@parley/common';
import { isApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/errorMessages.ts';

export type AuthMode = 'signIn' | 'signUp';

/** What the auth screen shows for a failed sign-in or sign-up (spec section 5): catalog strings only. */
export interface AuthErrorView {
  title: CatalogKey;
  descriptionKey: CatalogKey;
  vars?: FormatVars;
  /** The e-mail is already registered: switch the screen to sign-in. */
  switchToSignIn: boolean;
}

/** Map a failed sign-in/sign-up to the auth screen's message by the server's stable error code. Pure. */
export function mapAuthError(mode: AuthMode, error: unknown): AuthErrorView {
  const code = isApiError(error) ? error.code : undefined;
  if (mode === 'signUp') {
    const view = { title: 'auth.signUpFailed', switchToSignIn: false } as const;
    if (code === 'email_taken') return { ...view, descriptionKey: 'auth.emailAlreadyRegistered', switchToSignIn: true };
    if (code === 'weak_password') return { ...view, descriptionKey: 'auth.passwordTooShort' };
    const { key, vars } = errorText(error, 'auth.signUpError');
    return { ...view, descriptionKey: key === 'general.errorInvalid' ? 'auth.signUpError' : key, ...(vars ? { vars } : {}) };
  }
  const view = { title: 'auth.signInFailed', switchToSignIn: false } as const;
  if (code === 'email_not_confirmed') return { ...view, descriptionKey: 'auth.emailNotConfirmed' };
  if (code === 'account_disabled') return { ...view, descriptionKey: 'auth.accountDisabled' };
  if (code === 'invalid_credentials' || (isApiError(error) && error.status === 400)) return { ...view, descriptionKey: 'auth.invalidCredentials' };
  const { key, vars } = errorText(error, 'auth.invalidCredentials');
  return { ...view, descriptionKey: key, ...(vars ? { vars } : {}) };
}
