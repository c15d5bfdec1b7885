import { describe, expect, it } from 'vitest';
import { ENGLISH_STRINGS, format, RELATIONSHIP_TYPES } from '@parley/common';
import type { TFunction } from '../../lib/i18n.tsx';
import { filterPartners, SAMPLE_PARTNERS } from './LanguagePartnersDialog.tsx';
import { contextLabel, PICKER_CARDS } from '../chat/relationships.ts';
import { displayLanguageName } from '../../lib/names.ts';

const t: TFunction = (key, vars) => format(ENGLISH_STRINGS[key], vars);

describe('filterPartners', () => {
  it('matches names and languages, ignoring case and accents', () => {
    expect(filterPartners('')).toHaveLength(SAMPLE_PARTNERS.length);
    expect(filterPartners('maria').map((p) => p.name)).toEqual(['María García']);
    expect(filterPartners('JAPANESE').map((p) => p.name)).toEqual(['Yuki Tanaka']);
    expect(filterPartners('japonés', 'es').map((p) => p.name)).toEqual(['Yuki Tanaka']);
    expect(filterPartners('klingon')).toEqual([]);
  });
});

describe('displayLanguageName', () => {
  it('names a language in the interface language', () => {
    expect(displayLanguageName('es', 'en')).toBe('Spanish');
    expect(displayLanguageName('en', 'es')).toBe('inglés');
    expect(displayLanguageName('es', 'es', true)).toBe('Español');
  });
});

describe('relationship cards and context labels', () => {
  it('offers the nine picker types in the spec order with their formality', () => {
    expect(PICKER_CARDS.map((c) => `${c.type}:${c.formality}`)).toEqual([
      'romantic:informal', 'family:informal', 'close_friend:informal', 'colleague:neutral', 'boss:formal',
      'client:formal', 'teacher:formal', 'acquaintance:neutral', 'stranger:neutral',
    ]);
    for (const card of PICKER_CARDS) {
      const entry = RELATIONSHIP_TYPES.find((r) => r.type === card.type);
      expect(t(card.label)).toBe(entry?.label);
      expect(t(card.description)).toBe(entry?.description);
    }
  });

  it('reads a picked type by its label and free text as written', () => {
    expect(contextLabel(null, t)).toBeNull();
    expect(contextLabel({ type: 'boss', formality: 'formal', description: 'Boss' }, t)).toBe('Boss');
    expect(contextLabel({ type: 'boss', formality: 'formal', description: 'my manager at work' }, t)).toBe('my manager at work');
  });
});
