import { RELATIONSHIP_TYPES } from '@parley/common/client';
import type { CatalogKey, Formality, PickerRelationshipType, RelationshipContext } from '@parley/common';
import type { TFunction } from '../../lib/i18n.tsx';

/** Catalog keys of each picker card (spec section 2: type, formality badge, description). */
export const RELATIONSHIP_KEYS: Record<PickerRelationshipType, { label: CatalogKey; description: CatalogKey }> = {
  romantic: { label: 'userSearch.typeRomantic', description: 'userSearch.typeRomanticDescription' },
  family: { label: 'userSearch.typeFamily', description: 'userSearch.typeFamilyDescription' },
  close_friend: { label: 'userSearch.typeCloseFriend', description: 'userSearch.typeCloseFriendDescription' },
  colleague: { label: 'userSearch.typeColleague', description: 'userSearch.typeColleagueDescription' },
  boss: { label: 'userSearch.typeBoss', description: 'userSearch.typeBossDescription' },
  client: { label: 'userSearch.typeClient', description: 'userSearch.typeClientDescription' },
  teacher: { label: 'userSearch.typeTeacher', description: 'userSearch.typeTeacherDescription' },
  acquaintance: { label: 'userSearch.typeAcquaintance', description: 'userSearch.typeAcquaintanceDescription' },
  stranger: { label: 'userSearch.typeStranger', description: 'userSearch.typeStrangerDescription' },
};

export const FORMALITY_KEYS: Record<Formality, CatalogKey> = {
  formal: 'userSearch.formalityFormal',
  informal: 'userSearch.formalityInformal',
  neutral: 'userSearch.formalityNeutral',
};

/** The nine picker cards, in the spec's order. */
export const PICKER_CARDS = RELATIONSHIP_TYPES.map((r) => ({ type: r.type, formality: r.formality, ...RELATIONSHIP_KEYS[r.type] }));

/**
 * How a stored context reads in the interface: a picked type by its translated label; the
 * user's own words as they wrote them.
 */
export function contextLabel(context: RelationshipContext | null | undefined, t: TFunction): string | null {
  if (!context) return null;
  const picked = RELATIONSHIP_TYPES.find((r) => r.type === context.type && r.label === context.description);
  if (picked) return t(RELATIONSHIP_KEYS[picked.type].label);
  return context.description || null;
}
