import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { LANGUAGE_CODES } from '../languages.ts';
import { safeText } from '../text.ts';
import { fieldError } from './errors.ts';

export const usernameSchema = safeText('username_invalid')
  .trim()
  .min(LIMITS.usernameMin, fieldError('username_too_short'))
  .max(LIMITS.usernameMax, fieldError('username_too_long'))
  .regex(/^[\p{L}\p{N}_.-]+$/u, fieldError('username_invalid'));

export const emailSchema = safeText('email_invalid').trim().toLowerCase().max(254, fieldError('email_invalid')).pipe(z.email(fieldError('email_invalid')));

/** Length checked by the server so the message matches spec section 5 ('Password ...'). */
export const passwordSchema = safeText().max(LIMITS.passwordMax, fieldError('password_too_long'));

export const signUpBody = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  /** The token of an invite link (registration by invitation). */
  invite: safeText().max(200).optional(),
});
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
  /** Read receipts (on unless turned off; always sent by the server, absent in copies kept from before). */
  read_receipts: z.boolean().optional(),
  /** "Show my language first" (off unless turned on; absent in copies kept from before). */
  translation_first: z.boolean().optional(),
  /** A bot account (issue 35; its token reads its own profile). Absent for people. */
  bot: z.literal(true).optional(),
});
export type Profile = z.infer<typeof profileSchema>;

export interface SessionUser {
  id: string;
  email: string;
  /** Present and true for administrators: the menu offers the console (the server checks every admin call). */
  admin?: boolean;
}

/** GET /api/auth/session and POST /api/auth/signin. */
export interface SessionResponse {
  user: SessionUser;
  profile: Profile;
}

/** POST /api/auth/oidc/start: the invite of an invite link travels through the provider with the sign-in. */
export const oidcStartBody = z.object({ invite: safeText().max(200).optional() }).default({});
export interface OidcStartResponse {
  /** The provider's authorization URL: the browser goes there. */
  url: string;
}

/** POST /api/auth/signin: the session, and whether this is the account's first sign-in (the web's welcome). */
export interface SignInResponse extends SessionResponse {
  firstSignIn: boolean;
}

/** POST /api/auth/signup: the account exists; sign in next (or confirm the e-mail first). */
export interface SignUpResponse {
  user: SessionUser;
  confirmationRequired: boolean;
}
