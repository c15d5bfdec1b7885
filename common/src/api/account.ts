import { z } from 'zod';
import { safeText } from '../text.ts';
import { emailSchema, passwordSchema } from './auth.ts';

/** The token of a mailed link: 43 base64url characters; anything else is answered token_invalid, not a field error. */
export const mailTokenSchema = safeText().max(200);

/** POST /api/auth/password-reset and /api/auth/confirm/resend: the answer never says whether the address has an account. */
export const mailRequestBody = z.object({ email: emailSchema });
export type MailRequestBody = z.infer<typeof mailRequestBody>;

/** POST /api/auth/password-reset/confirm: the new password follows the sign-up rules. */
export const passwordResetConfirmBody = z.object({ token: mailTokenSchema, password: passwordSchema });
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBody>;

/** POST /api/auth/confirm: opening a confirmation link signs in (the answer is the sign-in's). */
export const confirmEmailBody = z.object({ token: mailTokenSchema });
export type ConfirmEmailBody = z.infer<typeof confirmEmailBody>;

/** The answer to a mail request: queued (or, for an unknown address, nothing to do: the same answer). */
export interface MailRequestResponse {
  sent: true;
}
