// Hardening, round three (issue 32): the mail sent when single sign-on is linked to an existing account,
// and the console's note on what sign-up reveals while e-mail confirmation is off.
export const accountSafety = {
  mailSsoLinkedSubject: 'Single sign-on was linked to your Parley account',
  mailSsoLinkedIntro: 'Your Parley account was just opened with single sign-on for the first time and is now linked to it. For your safety, every other device was signed out. If this was not you, choose a new password here and tell your administrator:',
  mailSsoLinkedIgnore: 'If it was you, there is nothing to do.',
  signUpRevealsAccounts: 'While e-mail confirmation is off (the default), a new account is signed in at once, so sign-up tells whether an address already has an account. To answer every address the same way, set EMAIL_CONFIRMATION=on together with SMTP_URL.',
} as const;
