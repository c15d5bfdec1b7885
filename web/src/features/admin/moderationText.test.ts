import { describe, expect, it } from 'vitest';
import { ENGLISH_STRINGS, formatMessage, loadLocaleCatalog, type AuditEntry, type CatalogKey } from '@parley/common';
import type { TFunction } from '../../lib/i18n.tsx';
import { auditSentence, missingLanguageNotices } from './moderationText.ts';
import { auditLabel } from './OpsPanels.tsx';

const en: TFunction = (key, vars) => formatMessage(ENGLISH_STRINGS[key], 'en', vars);
const catalogT = async (code: 'es'): Promise<TFunction> => {
  const catalog = await loadLocaleCatalog(code);
  return (key, vars) => formatMessage(catalog[key] ?? ENGLISH_STRINGS[key], code, vars);
};
const entry = (patch: Partial<AuditEntry>): AuditEntry => ({
  id: '1', at: '2026-11-27T08:00:00Z', actorEmail: 'op@example.com', action: 'user.made_admin', targetEmail: 'bo@example.com', details: null, address: null, ...patch,
});
const label = (t: TFunction) => (action: string) => auditLabel(action, t as (key: CatalogKey) => string);

describe('auditSentence', () => {
  it('reads as a sentence, never JSON', () => {
    const line = auditSentence(entry({ actorEmail: null, details: { by: 'ADMIN_EMAILS' } }), en, label(en));
    expect(line).toBe(`the server — ${en('admin.auditUserMadeAdmin')}: bo@example.com · because the address is in ADMIN_EMAILS`);
    expect(line).not.toContain('{');
    const mode = auditSentence(entry({ action: 'registration.changed', targetEmail: null, details: { from: 'open', to: 'invite', membersMayInvite: true }, address: '10.0.0.1' }), en, label(en));
    expect(mode).toBe(`op@example.com — ${en('admin.auditRegistrationChanged')} · from "${en('admin.registrationOpen')}" to "${en('admin.registrationInvite')}" · members may invite · from 10.0.0.1`);
    expect(auditSentence(entry({ action: 'invite.created', targetEmail: null, details: { id: 'x', maxUses: 1, by: 'member' } }), en, label(en)))
      .toBe(`op@example.com — ${en('admin.auditInviteCreated')} · invited from the app`);
  });

  it('speaks the console language', async () => {
    const es = await catalogT('es');
    expect(auditSentence(entry({ actorEmail: null, details: { by: 'ADMIN_EMAILS' } }), es, label(es))).toContain('porque la dirección está en ADMIN_EMAILS');
  });
});

describe('missingLanguageNotices', () => {
  it('names the languages this server cannot serve and what to configure, in the reader\'s language', async () => {
    const all = ['en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'pl', 'ro', 'sv', 'tr', 'ru', 'uk', 'hi', 'ko', 'zh', 'vi', 'th'];
    const notices = missingLanguageNotices({ text: all, speechIn: [...all, 'ja', 'ar'], speechOut: [...all, 'ja', 'ar'] }, en, 'en');
    expect(notices).toEqual(['Japanese and Arabic readers get untranslated text: add a provider in TRANSLATION_ENGINES.']);
    const es = await catalogT('es');
    expect(missingLanguageNotices({ text: all, speechIn: [...all, 'ja', 'ar'], speechOut: [...all, 'ja'] }, es, 'es')).toEqual([
      'Quienes leen en japonés y árabe reciben el texto sin traducir: añade un proveedor en TRANSLATION_ENGINES.',
      'Nada se lee en voz alta en árabe: define TTS_ENGINE=openai con un servidor de voz.',
    ]);
    expect(missingLanguageNotices({ text: [...all, 'ja', 'ar'], speechIn: [...all, 'ja', 'ar'], speechOut: [...all, 'ja', 'ar'] }, en, 'en')).toEqual([]);
  });
});
