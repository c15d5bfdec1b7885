import { z } from 'zod';
import { fieldError } from './api/errors.ts';
import { safeText } from './text.ts';

import { CONTEXT_TYPES, FORMALITIES, RELATIONSHIP_TYPES, type ContextType, type PickerRelationshipType } from './relationshipTypes.ts';

export { CONTEXT_TYPES, FORMALITIES, RELATIONSHIP_TYPES, type ContextType, type Formality, type PickerRelationshipType } from './relationshipTypes.ts';

export const relationshipContextSchema = z.object({
  type: z.enum(CONTEXT_TYPES),
  formality: z.enum(FORMALITIES),
  description: safeText().trim().max(500, fieldError('context_too_long')),
});
export type RelationshipContext = z.infer<typeof relationshipContextSchema>;

export function pickerContext(type: PickerRelationshipType): RelationshipContext {
  const entry = RELATIONSHIP_TYPES.find((r) => r.type === type);
  if (!entry) throw new Error(`Unknown relationship type: ${type}`);
  return { type: entry.type, formality: entry.formality, description: entry.label };
}

const FORMAL_WORDS = ['boss', 'manager', 'supervisor', 'client', 'customer', 'colleague', 'teacher', 'professor', 'doctor', 'lawyer', 'business', 'professional'];
const INFORMAL_WORDS = ['friend', 'buddy', 'mate', 'girlfriend', 'boyfriend', 'partner', 'wife', 'husband', 'mom', 'dad', 'sister', 'brother', 'family', 'relative', 'close'];
const ROMANTIC_WORDS = ['girlfriend', 'boyfriend', 'partner', 'wife', 'husband'];
const FAMILY_WORDS = ['mom', 'dad', 'sister', 'brother', 'family'];

function hasWord(words: string[], tokens: Set<string>): string | undefined {
  return words.find((w) => tokens.has(w) || tokens.has(`${w}s`));
}

/**
 * Infer type and formality from the user's free-text description (spec section 5 keyword lists).
 * Whole words only, so "classmate" is not "mate" and "closet" is not "close".
 */
export function inferRelationshipContext(description: string): RelationshipContext {
  const text = description.trim();
  const tokens = new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean));
  if (hasWord(ROMANTIC_WORDS, tokens)) return { type: 'romantic', formality: 'informal', description: text };
  if (hasWord(FAMILY_WORDS, tokens)) return { type: 'family', formality: 'informal', description: text };
  const formal = hasWord(FORMAL_WORDS, tokens);
  if (formal) {
    const type: ContextType = formal === 'boss' || formal === 'manager' || formal === 'supervisor' ? 'boss'
      : formal === 'client' || formal === 'customer' ? 'client'
      : formal === 'teacher' || formal === 'professor' ? 'teacher'
      : 'professional';
    return { type, formality: 'formal', description: text };
  }
  if (hasWord(INFORMAL_WORDS, tokens)) return { type: 'close_friend', formality: 'informal', description: text };
  return { type: 'general', formality: 'neutral', description: text };
}
