import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@parley/common';
import { mapAuthError } from './authErrors.ts';

describe('mapAuthError', () => {
  it('sign-up: an already registered e-mail gives its message and switches to sign-in', () => {
    expect(mapAuthError('signUp', AUTH_MESSAGES.emailTaken)).toEqual({
      title: 'auth.signUpFailed', descriptionKey: 'auth.emailAlreadyRegistered', switchToSignIn: true,
    });
  });

  it("sign-up: a message containing 'Password' gives the password-too-short message", () => {
    expect(mapAuthError('signUp', AUTH_MESSAGES.weakPassword)).toMatchObject({ descriptionKey: 'auth.passwordTooShort', switchToSignIn: false });
  });

  it('sign-up: other messages are shown as the server wrote them, with a default', () => {
    expect(mapAuthError('signUp', AUTH_MESSAGES.usernameTaken)).toEqual({
      title: 'auth.signUpFailed', message: 'Username already taken', switchToSignIn: false,
    });
    expect(mapAuthError('signUp', '')).toMatchObject({ descriptionKey: 'auth.signUpError' });
    expect(mapAuthError('signUp', 'Password is too long')).toMatchObject({ message: 'Password is too long' });
  });

  it("sign-in: 'Email not confirmed' gives the email-not-confirmed message", () => {
    expect(mapAuthError('signIn', AUTH_MESSAGES.emailNotConfirmed)).toEqual({
      title: 'auth.signInFailed', descriptionKey: 'auth.emailNotConfirmed', switchToSignIn: false,
    });
  });

  it('sign-in: the server message, with invalid email or password as fallback', () => {
    expect(mapAuthError('signIn', AUTH_MESSAGES.invalidCredentials)).toMatchObject({ message: 'Invalid login credentials' });
    expect(mapAuthError('signIn', undefined)).toMatchObject({ descriptionKey: 'auth.invalidCredentials' });
    expect(mapAuthError('signIn', '   ')).toMatchObject({ descriptionKey: 'auth.invalidCredentials' });
  });
});
