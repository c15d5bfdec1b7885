import { z } from 'zod';
import { FIELD_ERRORS } from './api/errors.ts';
import { safeText } from './text.ts';

export const FORMALITIES = ['neutral', 'formal', 'informal'] as const;
export type Formality = (typeof FORMALITIES)[number];

/** The nine relationship types offered in the picker, with their formality (spec section 3). */
export const RELATIONSHIP_TYPES = [
  { type: 'romantic', formality: 'informal', label: 'Romantic Partner', description: 'Partner, spouse, girlfriend or boyfriend' },
  { type: 'family', formality: 'informal', label: 'Family', description: 'Parents, siblings, relatives' },
  { type: 'close_friend', formality: 'informal', label: 'Close Friend', description: 'Someone you share everything with' },
  { type: 'colleague', formality: 'neutral', label: 'Colleague', description: 'Someone you work with' },
  { type: 'boss', formality: 'formal', label: 'Boss', description: 'Your manager or supervisor' },
  { type: 'client', formality: 'formal', label: 'Client', description: 'A customer or business contact' },
  { type: 'teacher', formality: 'formal', label: 'Teacher', description: 'A teacher, professor or mentor' },
  { type: 'acquaintance', formality: 'neutral', label: 'Acquaintance', description: 'Someone you know casually' },
  { type: 'stranger', formality: 'neutral', label: 'Stranger', description: 'Someone you just met' },
] as const satisfies readonly { type: string; formality: Formality; label: string; description: string }[];

export type PickerRelationshipType = (typeof RELATIONSHIP_TYPES)[number]['type'];

/** Types that may appear in a stored context: the picker's plus those inferred from free text. */
export const CONTEXT_TYPES = [
  'general', 'boss', 'client', 'teacher', 'professional', 'romantic', 'family', 'close_friend',
  'colleague', 'acquaintance', 'stranger',
] as const;
export type ContextType = (typeof CONTEXT_TYPES)[number];

export const relationshipContextSchema = z.object({
  type: z.enum(CONTEXT_TYPES),
  formality: z.enum(FORMALITIES),
  description: safeText().trim().max(500, FIELD_ERRORS.context_too_long),
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
