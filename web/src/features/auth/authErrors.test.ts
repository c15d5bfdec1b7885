import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@parley/common';
import { ApiError } from '../../lib/api.ts';
import { codeText } from '../../lib/errorMessages.ts';
import { mapAuthError } from './authErrors.ts';

const err = (status: number, code: string, message = 'server English', retryAfter?: number, field?: string) =>
  new ApiError(status, code, message, retryAfter, field);

describe('mapAuthError (by stable code, never by message text)', () => {
  it('sign-up: email_taken gives its message and switches to sign-in', () => {
    expect(mapAuthError('signUp', err(409, 'email_taken', AUTH_MESSAGES.emailTaken))).toEqual({
      title: 'auth.signUpFailed', descriptionKey: 'auth.emailAlreadyRegistered', switchToSignIn: true,
    });
    // The same words under another code do not switch: the code decides.
    expect(mapAuthError('signUp', err(400, 'validation_failed', 'User already registered'))).toMatchObject({ switchToSignIn: false });
  });

  it('sign-up: weak_password, username_taken and field errors are catalog strings', () => {
    expect(mapAuthError('signUp', err(400, 'weak_password'))).toMatchObject({ descriptionKey: 'auth.passwordTooShort' });
    expect(mapAuthError('signUp', err(409, 'username_taken'))).toMatchObject({ descriptionKey: 'general.errorUsernameTaken' });
    expect(mapAuthError('signUp', err(400, 'validation_failed', 'username: Username may contain...', undefined, 'username')))
      .toMatchObject({ descriptionKey: 'general.errorUsernameInvalid' });
    expect(mapAuthError('signUp', err(400, 'validation_failed', 'email: Invalid email address', undefined, 'email')))
      .toMatchObject({ descriptionKey: 'general.errorEmailInvalid' });
    expect(mapAuthError('signUp', err(400, 'username_invalid'))).toMatchObject({ descriptionKey: 'general.errorUsernameInvalid' });
    expect(mapAuthError('signUp', err(400, 'username_too_short'))).toMatchObject({ descriptionKey: 'general.errorUsernameInvalid' });
    expect(mapAuthError('signUp', err(400, 'email_invalid'))).toMatchObject({ descriptionKey: 'general.errorEmailInvalid' });
    expect(mapAuthError('signUp', err(400, 'invalid_text'))).toMatchObject({ descriptionKey: 'general.errorInvalidText' });
    expect(mapAuthError('signUp', err(400, 'validation_failed'))).toMatchObject({ descriptionKey: 'auth.signUpError' });
    expect(mapAuthError('signUp', new Error('boom'))).toMatchObject({ descriptionKey: 'auth.signUpError' });
  });

  it('rate limits carry the wait as a parameter', () => {
    expect(mapAuthError('signIn', err(429, 'rate_limited', 'Too many attempts. Try again in 42 seconds.', 42)))
      .toEqual({ title: 'auth.signInFailed', descriptionKey: 'general.errorRateLimited', vars: { seconds: 42 }, switchToSignIn: false });
  });

  it('sign-in: email_not_confirmed, invalid_credentials, network and server failures', () => {
    expect(mapAuthError('signIn', err(400, 'email_not_confirmed'))).toMatchObject({ descriptionKey: 'auth.emailNotConfirmed' });
    expect(mapAuthError('signIn', err(400, 'invalid_credentials'))).toMatchObject({ descriptionKey: 'auth.invalidCredentials' });
    expect(mapAuthError('signIn', err(0, 'network_error'))).toMatchObject({ descriptionKey: 'general.errorNetwork' });
    expect(mapAuthError('signIn', err(503, 'database_unavailable'))).toMatchObject({ descriptionKey: 'general.errorUnavailable' });
    expect(mapAuthError('signIn', err(500, 'internal'))).toMatchObject({ descriptionKey: 'general.errorServer' });
  });

  it('operators: a disabled account, and sign-up refused by the registration rules', () => {
    expect(mapAuthError('signIn', err(403, 'account_disabled'))).toMatchObject({ descriptionKey: 'auth.accountDisabled' });
    expect(mapAuthError('signUp', err(403, 'registration_closed'))).toMatchObject({ descriptionKey: 'auth.signUpClosed' });
    expect(mapAuthError('signUp', err(403, 'invite_required'))).toMatchObject({ descriptionKey: 'auth.signUpByInvitation' });
    expect(mapAuthError('signUp', err(403, 'invite_invalid'))).toMatchObject({ descriptionKey: 'auth.inviteInvalid' });
    expect(mapAuthError('signUp', err(403, 'email_domain_not_allowed'))).toMatchObject({ descriptionKey: 'auth.emailDomainNotAllowed' });
  });
});

describe('single sign-on refusals (/auth?sso_error=CODE)', () => {
  it('names each refusal; an unknown or inherited code reads as the general failure', () => {
    expect(codeText('sso_email_unverified', 'auth.ssoFailed')).toBe('auth.ssoEmailUnverified');
    expect(codeText('sso_state_invalid', 'auth.ssoFailed')).toBe('auth.ssoExpired');
    expect(codeText('registration_closed', 'auth.ssoFailed')).toBe('auth.signUpClosed');
    expect(codeText('account_disabled', 'auth.ssoFailed')).toBe('auth.accountDisabled');
    expect(codeText('whatever', 'auth.ssoFailed')).toBe('auth.ssoFailed');
    expect(codeText('constructor', 'auth.ssoFailed')).toBe('auth.ssoFailed');
  });
});
