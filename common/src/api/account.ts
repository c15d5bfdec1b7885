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

/** POST /api/account/password: the current password, and a new one (sign-up rules); other sessions end. */
export const changePasswordBody = z.object({ currentPassword: passwordSchema, newPassword: passwordSchema });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** One signed-in device (GET /api/account/sessions), newest use first. */
export interface DeviceSession {
  /** Opaque id for DELETE /api/account/sessions/:id. */
  id: string;
  /** From the User-Agent at sign-in; null when unknown. */
  browser: string | null;
  os: string | null;
  createdAt: string;
  /** Approximate (updated at most once a minute). */
  lastSeenAt: string;
  /** The session of this request. */
  current: boolean;
}

/**
 * POST /api/account/delete: the password confirms; `eraseMessages` also removes every message the person
 * sent (otherwise they stay in the others' history, shown as from "Deleted user").
 */
export const deleteAccountBody = z.object({ password: passwordSchema, eraseMessages: z.boolean().default(false) });
export type DeleteAccountBody = z.input<typeof deleteAccountBody>;

/** GET /api/account/export: everything the account holds, as one JSON download (version 1). */
export interface AccountExport {
  format: 'parley-account-export';
  version: 1;
  exportedAt: string;
  account: { id: string; email: string; emailConfirmed: boolean; createdAt: string; role: string };
  /** Every field of the profile (username, language, bio, avatar, settings...). */
  profile: Record<string, unknown>;
  conversations: ExportedConversation[];
  glossaries: { roomId: string; source: string; target: string; sourceLanguage: string; targetLanguage: string; updatedAt: string }[];
  blocked: { username: string; blockedAt: string }[];
  reports: { reportedUsername: string | null; messageId: string | null; reason: string; createdAt: string }[];
}

export interface ExportedConversation {
  id: string;
  kind: string;
  name: string;
  /** The other members' usernames (a deleted account: null). */
  members: (string | null)[];
  joinedAt: string;
  /** The relationship context this person set for the pair, when any ({type, formality, description}). */
  relationship: unknown;
  messages: ExportedMessage[];
}

export interface ExportedMessage {
  id: string;
  sentAt: string;
  /** 'me', another member's username, or null for a deleted account. */
  from: string | null;
  original: { language: string | null; text: string };
  /** Every translation row of the message (for one's own messages: how each language read it). */
  translations: { language: string; text: string | null; status: string }[];
  /** A file (issue 36) also has its name, size, pages and the text read from it. */
  attachment: { kind: string; mime?: string; name?: string | null; size?: number | null; pages?: number | null; text?: string | null } | null;
  system: string | null;
  /** The card of its first link (issue 36 item 3): the page's texts and their translations per reader language. */
  linkPreview: { url: string; siteName: string | null; title: string | null; description: string | null; translations: Record<string, { title: string | null; description: string | null }> } | null;
  /**
   * Who the message @mentions (issue 36): the name as written, and the person's username now (a rename shows; a
   * deleted account: null); `everyone` for a group admin's @all. null: nobody.
   */
  mentions: { name: string; username: string | null; everyone?: true }[] | null;
}
