import { describe, expect, it } from 'vitest';
import { ENGLISH_STRINGS, formatMessage, loadLocaleCatalog, type CatalogKey, type GroupRegister, type GroupSystemEvent } from '@parley/common';
import type { TFunction } from '../../lib/i18n.tsx';
import { groupCoverageNotices, groupLanguages, systemLine, typingLine } from './roomText.ts';
import { REGISTER_KEYS } from './registers.ts';

const en: TFunction = (key, vars) => formatMessage(ENGLISH_STRINGS[key], 'en', vars);
const catalogT = async (code: 'es' | 'ru' | 'fr'): Promise<TFunction> => {
  const catalog = await loadLocaleCatalog(code);
  return (key: CatalogKey, vars) => formatMessage(catalog[key] ?? ENGLISH_STRINGS[key], code, vars);
};

describe('typingLine', () => {
  it('names one or two people and counts three or more', () => {
    expect(typingLine([], en)).toBeNull();
    expect(typingLine(['Ana'], en)).toBe('Ana is typing');
    expect(typingLine(['Ana', 'Li'], en)).toBe('Ana and Li are typing');
    expect(typingLine(['Ana', 'Li', 'Marc'], en)).toBe('3 people are typing');
    expect(typingLine(['Ana', 'Li', 'Marc', 'Jo', 'Kai'], en)).toBe('5 people are typing');
  });

  it('counts each person once and ignores blank names', () => {
    expect(typingLine(['Ana', 'Ana', ' '], en)).toBe('Ana is typing');
  });

  it('speaks the reader language with its own plural forms', async () => {
    const es = await catalogT('es');
    expect(typingLine(['Ana', 'Li'], es)).toBe('Ana y Li están escribiendo');
    const ru = await catalogT('ru');
    expect(typingLine(['A', 'B', 'C'], ru)).toBe('3 человека печатают');
    expect(typingLine(['A', 'B', 'C', 'D', 'E'], ru)).toBe('5 человек печатают');
  });
});

describe('systemLine', () => {
  const ana = { id: 'u1', username: 'Ana' };
  const li = { id: 'u2', username: 'Li' };
  const event = (patch: Partial<GroupSystemEvent>): GroupSystemEvent => ({ kind: 'created', actor: ana, target: null, name: null, register: null, ...patch });
  const tone = (register: GroupRegister) => en(REGISTER_KEYS[register].label);

  it('renders each group event from the catalog', () => {
    expect(systemLine(event({ kind: 'member_added', target: li }), en, tone)).toBe('Ana added Li');
    expect(systemLine(event({ kind: 'member_left', actor: li }), en, tone)).toBe('Li left');
    expect(systemLine(event({ kind: 'renamed', name: 'Trip 2026' }), en, tone)).toBe('Ana renamed the group to Trip 2026');
    expect(systemLine(event({ kind: 'member_removed', target: li }), en, tone)).toBe('Ana removed Li');
    // The removed person reads the last line of the history they keep as about them; the others as before.
    expect(systemLine(event({ kind: 'member_removed', target: li }), en, tone, li.id)).toBe('Ana removed you');
    expect(systemLine(event({ kind: 'member_removed', target: li }), en, tone, ana.id)).toBe('Ana removed Li');
    expect(systemLine(event({ kind: 'admin_granted', target: li }), en, tone)).toBe('Ana made Li an admin');
    expect(systemLine(event({ kind: 'admin_granted', actor: null, target: li }), en, tone)).toBe('Li is now an admin');
    expect(systemLine(event({ kind: 'created', name: 'Family' }), en, tone)).toBe('Ana created the group');
    expect(systemLine(event({ kind: 'register_changed', register: 'family' }), en, tone)).toBe('Ana set the tone to Family');
    expect(systemLine(event({ kind: 'webhook_paused', name: 'ci.example.com' }), en, tone)).toBe('Ana\'s webhook to ci.example.com kept failing and was paused');
  });

  it('says Someone for a deleted account', () => {
    expect(systemLine(event({ kind: 'member_added', actor: null, target: li }), en, tone)).toBe('Someone added Li');
  });

  it("uses the reader's catalog, never a translation of the English", async () => {
    const fr = await catalogT('fr');
    expect(systemLine(event({ kind: 'member_added', target: li }), fr, tone)).toBe('Ana a ajouté Li');
    const es = await catalogT('es');
    expect(systemLine(event({ kind: 'renamed', name: 'Viaje' }), es, tone)).toBe('Ana cambió el nombre del grupo a Viaje');
    expect(systemLine(event({ kind: 'register_changed', register: 'family' }), es, (r) => es(REGISTER_KEYS[r].label))).toBe('Ana cambió el tono a Familia');
  });
});

describe('group languages and notices', () => {
  const members = [
    { id: 'me', username: 'ana', language: 'en' },
    { id: 'b', username: 'bruno', language: 'es' },
    { id: 'c', username: 'claire', language: 'fr' },
    { id: 'd', username: 'diego', language: 'es' },
    { id: 'e', username: 'eve', language: 'en' },
    { id: 'f', username: 'fumi', language: null },
  ];

  it("lists the other members' languages, most-read first, without the reader's", () => {
    expect(groupLanguages(members, 'me', 'en')).toEqual(['es', 'fr']);
  });

  it('names who will get our messages untranslated, and whose will reach us untranslated', () => {
    const serves = (from: string, to: string) => !(from === 'en' && to === 'fr') && !(from === 'es' && to === 'en');
    const notices = groupCoverageNotices(members, { id: 'me', language: 'en' }, serves, en, (c) => ({ es: 'Spanish', fr: 'French', en: 'English' })[c] ?? c, 'en');
    expect(notices).toEqual([
      'Messages from bruno and diego will arrive in Spanish: this server cannot translate Spanish to English.',
      'Messages to claire will arrive untranslated.',
    ]);
  });

  it('says nothing while coverage is unknown', () => {
    expect(groupCoverageNotices(members, { id: 'me', language: 'en' }, () => undefined, en, (c) => c, 'en')).toEqual([]);
  });
});
