/** The relationship picker's types and formalities (no zod: the web imports them through `@parley/common/client`). */
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
