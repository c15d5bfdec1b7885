import {
  ENGLISH_STRINGS, formatMessage, isLanguageCode, loadLocaleCatalog, type CatalogKey, type LanguageCode, type LocaleCatalog,
} from '@parley/common';

/** The mails Parley sends. */
export type MailKind = 'password_reset' | 'email_confirmation' | 'sign_up_attempt' | 'invite' | 'sso_linked' | 'password_changed';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const KEYS: Record<MailKind, { subject: CatalogKey; intro: CatalogKey; action: CatalogKey; ignore: CatalogKey; greeting?: CatalogKey }> = {
  password_reset: { subject: 'auth.mailResetSubject', intro: 'auth.mailResetIntro', action: 'auth.mailResetAction', ignore: 'auth.mailResetIgnore' },
  email_confirmation: { subject: 'auth.mailConfirmSubject', intro: 'auth.mailConfirmIntro', action: 'auth.mailConfirmAction', ignore: 'auth.mailConfirmIgnore' },
  sign_up_attempt: {
    subject: 'auth.mailSignUpAttemptSubject', intro: 'auth.mailSignUpAttemptIntro', action: 'auth.mailResetAction', ignore: 'auth.mailSignUpAttemptIgnore',
  },
  // Issue 38: someone invites a person who has no account; {name} is the one who invites.
  invite: {
    subject: 'members.mailInviteSubject', intro: 'members.mailInviteIntro', action: 'members.mailInviteAction', ignore: 'members.mailInviteIgnore',
    greeting: 'members.mailInviteGreeting',
  },
  sso_linked: {
    subject: 'accountSafety.mailSsoLinkedSubject', intro: 'accountSafety.mailSsoLinkedIntro', action: 'auth.mailResetAction', ignore: 'accountSafety.mailSsoLinkedIgnore',
  },
  // Issue 38 item 8: the link is "Forgot password?", for someone whose password was changed by another.
  password_changed: {
    subject: 'phone.mailPasswordChangedSubject', intro: 'phone.mailPasswordChangedIntro', action: 'phone.mailPasswordChangedAction', ignore: 'phone.mailPasswordChangedIgnore',
  },
};

const catalogs = new Map<LanguageCode, Promise<LocaleCatalog>>();

async function strings(language: LanguageCode): Promise<(key: CatalogKey, vars?: Record<string, string>) => string> {
  if (language === 'en') return (key, vars) => formatMessage(ENGLISH_STRINGS[key], 'en', vars);
  let catalog = catalogs.get(language);
  if (!catalog) {
    catalog = loadLocaleCatalog(language);
    catalogs.set(language, catalog);
  }
  const loaded = await catalog;
  return (key, vars) => formatMessage(loaded[key] ?? ENGLISH_STRINGS[key], language, vars);
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** A mail in the recipient's language (English when they have not chose one): plain text and simple HTML. */
export async function renderMail(kind: MailKind, language: string | null, vars: { name: string; link: string }): Promise<MailContent & { language: LanguageCode }> {
  const lang: LanguageCode = language && isLanguageCode(language) ? language : 'en';
  const t = await strings(lang);
  const keys = KEYS[kind];
  const greeting = keys.greeting ? t(keys.greeting) : t('auth.mailGreeting', { name: vars.name });
  const [intro, action, ignore] = [t(keys.intro, { name: vars.name }), t(keys.action), t(keys.ignore, { name: vars.name })];
  const text = `${greeting}\n\n${intro}\n\n${vars.link}\n\n${ignore}\n\n-- \nParley\n`;
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const html = `<!doctype html>
<html lang="${lang}" dir="${dir}"><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1f2937">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(vars.link)}" style="display: inline-block; padding: 10px 18px; background: #2563eb; color: #ffffff; border-radius: 6px; text-decoration: none">${escapeHtml(action)}</a></p>
<p style="font-size: 13px; color: #6b7280">${escapeHtml(vars.link)}</p>
<p>${escapeHtml(ignore)}</p>
<p>Parley</p>
</body></html>
`;
  return { subject: t(keys.subject, { name: vars.name }), text, html, language: lang };
}
