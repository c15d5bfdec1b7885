import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { LANGUAGE_CODES } from '../languages.ts';
import { safeText } from '../text.ts';
import { usernameSchema } from './auth.ts';
import { fieldError } from './errors.ts';

/** PATCH /api/profile: any subset of the editable fields of one's own profile. */
export const updateProfileBody = z
  .object({
    username: usernameSchema.optional(),
    bio: safeText().max(LIMITS.bioMax, fieldError('bio_too_long')).nullable().optional(),
    avatar_url: safeText()
      .max(2048, fieldError('avatar_url_invalid'))
      .refine((v) => v.startsWith('/storage/') || /^https:\/\//.test(v), fieldError('avatar_url_invalid'))
      .nullable()
      .optional(),
    language: z.enum(LANGUAGE_CODES).optional(),
    /** Read receipts: off hides my reads from others and theirs from me (enforced by the server). */
    read_receipts: z.boolean().optional(),
    /** "Show my language first": the translation is the main text, the original one tap away. */
    translation_first: z.boolean().optional(),
  })
  .strict();
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;
