import { AUDIT_ACTIONS, LANGUAGES, type AuditAction, type AuditEntry, type CatalogKey, type RegistrationMode } from '@parley/common';
import type { TFunction } from '../../lib/i18n.tsx';
import { displayLanguageName, joinNames } from '../../lib/names.ts';

/**
 * The console's words for a multilingual server (issue 38 item 7), pure: the audit log as sentences, and what the
 * status page says this server cannot serve, with what to configure.
 */

const MODE_LABELS: Record<RegistrationMode, CatalogKey> = {
  open: 'admin.registrationOpen', invite: 'admin.registrationInvite', closed: 'admin.registrationClosed',
};
const isMode = (value: unknown): value is RegistrationMode => typeof value === 'string' && Object.hasOwn(MODE_LABELS, value);

/** One audit entry as a sentence: who, what, to whom, and the details a person can read (never JSON). */
export function auditSentence(entry: AuditEntry, t: TFunction, label: (action: string) => string): string {
  const actor = entry.actorEmail ?? t('moderation.auditSystem');
  const action = label(entry.action);
  const head = entry.targetEmail && entry.targetEmail !== entry.actorEmail
    ? t('moderation.auditSentenceTarget', { actor, action, target: entry.targetEmail })
    : t('moderation.auditSentence', { actor, action });
  const parts = [head, ...auditDetails(entry, t)];
  if (entry.address) parts.push(t('moderation.auditFromAddress', { address: entry.address }));
  return parts.join(' · ');
}

function auditDetails(entry: AuditEntry, t: TFunction): string[] {
  const d = entry.details ?? {};
  const out: string[] = [];
  if (d.by === 'ADMIN_EMAILS') out.push(t('moderation.auditByAdminEmails'));
  if (d.by === 'member') out.push(t('moderation.auditByMember'));
  if (isMode(d.from) && isMode(d.to) && d.from !== d.to) out.push(t('moderation.auditModeChange', { from: t(MODE_LABELS[d.from]), to: t(MODE_LABELS[d.to]) }));
  if (d.membersMayInvite === true) out.push(t('moderation.auditMembersMayInviteOn'));
  if (d.membersMayInvite === false) out.push(t('moderation.auditMembersMayInviteOff'));
  const code = typeof d.code === 'string' ? d.code : typeof d.reason === 'string' ? d.reason : null;
  if (code && (entry.action === 'auth.sign_in_failed' || entry.action === 'auth.sso_failed')) out.push(t('moderation.auditReasonCode', { code }));
  return out;
}

/** Known actions (the others, from a newer node, show as recorded). */
export const isAuditAction = (action: string): action is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(action);

/**
 * What the status page says about languages this server cannot serve, in the reader's language, naming the
 * languages (never codes) and the setting to change. Empty when every language is served each way.
 */
export function missingLanguageNotices(
  served: { text: readonly string[]; speechIn: readonly string[]; speechOut: readonly string[] }, t: TFunction, locale: string,
): string[] {
  const missing = (have: readonly string[]) => {
    const codes = LANGUAGES.map((l) => l.code as string).filter((code) => !have.includes(code));
    // Inside a sentence: "japonés y árabe", not "Japonés y Árabe".
    return codes.length ? joinNames(codes.map((code) => displayLanguageName(code, locale)), locale) : null;
  };
  const notices: string[] = [];
  const text = missing(served.text);
  if (text) notices.push(t('moderation.statusMissingText', { languages: text }));
  const heard = missing(served.speechIn);
  if (heard) notices.push(t('moderation.statusMissingSpeechIn', { languages: heard }));
  const spoken = missing(served.speechOut);
  if (spoken) notices.push(t('moderation.statusMissingSpeechOut', { languages: spoken }));
  return notices;
}

/** Codes as language names in the reader's language ("English, Spanish and French"). */
export const languageNames = (codes: readonly string[], locale: string) =>
  joinNames(codes.map((code) => displayLanguageName(code, locale, true)), locale);
