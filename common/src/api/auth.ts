import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { LANGUAGE_CODES } from '../languages.ts';

export const usernameSchema = z
  .string()
  .trim()
  .min(LIMITS.usernameMin, `Username must be at least ${LIMITS.usernameMin} characters`)
  .max(LIMITS.usernameMax, `Username must be at most ${LIMITS.usernameMax} characters`)
  .regex(/^[\p{L}\p{N}_.-]+$/u, 'Username may contain letters, digits, dots, dashes and underscores');

export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email('Invalid email address'));

/** Length checked by the server so the message matches spec section 5 ('Password ...'). */
export const passwordSchema = z.string().max(LIMITS.passwordMax, 'Password is too long');

export const signUpBody = z.object({ username: usernameSchema, email: emailSchema, password: passwordSchema });
export type SignUpBody = z.infer<typeof signUpBody>;

export const signInBody = z.object({ email: emailSchema, password: passwordSchema });
export type SignInBody = z.infer<typeof signInBody>;

export const profileSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  language: z.enum(LANGUAGE_CODES).nullable(),
  bio: z.string().nullable(),
  avatar_url: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export interface SessionUser {
  id: string;
  email: string;
}

/** GET /api/auth/session and POST /api/auth/signin. */
export interface SessionResponse {
  user: SessionUser;
  profile: Profile;
}

/** POST /api/auth/signup: the account exists; sign in next (or confirm the e-mail first). */
export interface SignUpResponse {
  user: SessionUser;
  confirmationRequired: boolean;
}
