import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { LANGUAGE_CODES } from '../languages.ts';
import { usernameSchema } from './auth.ts';

/** PATCH /api/profile: any subset of the editable fields of one's own profile. */
export const updateProfileBody = z
  .object({
    username: usernameSchema.optional(),
    bio: z.string().max(LIMITS.bioMax, `Bio must be at most ${LIMITS.bioMax} characters`).nullable().optional(),
    avatar_url: z
      .string()
      .max(2048)
      .refine((v) => v.startsWith('/storage/') || /^https:\/\//.test(v), 'Avatar URL must be https or a Parley storage path')
      .nullable()
      .optional(),
    language: z.enum(LANGUAGE_CODES).optional(),
  })
  .strict();
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;
