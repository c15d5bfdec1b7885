import { z } from 'zod';
import { safeText } from '../text.ts';
import { checkError } from './errors.ts';
import { emailSchema, passwordSchema, usernameSchema } from './auth.ts';
import { userIdParams } from './params.ts';

/** Paths of the operators' API (issue 24). Every one answers 403 `admin_required` to anyone but an admin. */
export const ADMIN_API = {
  users: '/api/admin/users',
  user: '/api/admin/users/:id',
  /** POST: a password-reset link for the user, shown to the operator (servers without e-mail). */
  userResetLink: '/api/admin/users/:id/reset-link',
  userAction: '/api/admin/users/:id/:action',
  invites: '/api/admin/invites',
  invite: '/api/admin/invites/:id',
  registration: '/api/admin/settings/registration',
  audit: '/api/admin/audit',
  status: '/api/admin/status',
  /** Open reports (block and report, issue 23 item 6), and what an operator does with one. */
  reports: '/api/admin/reports',
  reportAction: '/api/admin/reports/:id/:action',
  /** GET: the reported photo, recording or file as kept when it was reported (issue 36), a download. */
  reportFile: '/api/admin/reports/:id/file',
} as const;

export const REPORT_ACTIONS = ['dismiss', 'disable'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
const reportId = z.string().regex(/^\d{1,18}$/, 'id must be a report id');
export const reportActionParams = z.object({ id: reportId, action: z.enum(REPORT_ACTIONS) });
/** A report's kept file: a malformed id is the 404 of a report without one. */
export const reportFileParams = z.object({ id: z.string().regex(/^\d{1,18}$/, checkError('not_found', 'No file kept with this report')) });

/** The reported message's photo, recording or file, kept with the report (name: files only; size in bytes). */
export interface AdminReportFile {
  kind: 'photo' | 'voice' | 'file';
  name: string | null;
  contentType: string;
  size: number;
}

/** One open report as the console shows it. */
export interface AdminReport {
  id: string;
  createdAt: string;
  reason: string;
  reporter: { id: string; username: string | null; email: string } | null;
  reported: { id: string; username: string | null; email: string; disabled: boolean } | null;
  /** The reported message's text, when a message was reported (null once it is gone). */
  messageId: string | null;
  messageContent: string | null;
  /** The reported message's link card as the reporter saw it (issue 36 item 3), kept with the report. */
  linkPreview?: { url: string; siteName: string | null; title: string | null; description: string | null } | null;
  /** Its attachment as kept (evidence that outlives the sender's deletion), downloaded from ADMIN_API.reportFile. */
  file: AdminReportFile | null;
}

export const REGISTRATION_MODES = ['open', 'invite', 'closed'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

export const USER_ACTIONS = ['disable', 'enable', 'make-admin', 'unmake-admin', 'confirm-email'] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

export const USER_FILTERS = ['all', 'disabled', 'unconfirmed', 'admins'] as const;
export type UserFilter = (typeof USER_FILTERS)[number];

export const listUsersQuery = z.object({
  q: safeText().max(100).optional(),
  filter: z.enum(USER_FILTERS).default('all'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

export const userActionParams = userIdParams.extend({ action: z.enum(USER_ACTIONS) });

export const createUserBody = z.object({
  email: emailSchema,
  username: usernameSchema,
  password: passwordSchema,
  admin: z.boolean().default(false),
});

export const createInviteBody = z.object({
  maxUses: z.number().int().min(1).max(10_000).default(1),
  /** Hours until the link stops working; null: never. */
  expiresInHours: z.number().positive().max(24 * 365).nullable().default(24 * 7),
});

export const registrationBody = z.object({
  mode: z.enum(REGISTRATION_MODES),
  /** Any member may invite people (issue 38); unchanged when absent. */
  membersMayInvite: z.boolean().optional(),
});

export const auditQuery = z.object({
  action: safeText().max(64).optional(),
  q: safeText().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  before: z.coerce.number().int().positive().optional(),
});

export interface AdminUser {
  id: string;
  email: string;
  username: string | null;
  role: 'user' | 'admin';
  emailConfirmed: boolean;
  disabled: boolean;
  createdAt: string;
  lastSignInAt: string | null;
}

export interface AdminUserList {
  users: AdminUser[];
  total: number;
}

/** POST /api/admin/users/:id/reset-link (and the CLI's reset-link): shown once, valid 1 hour, single use. */
export interface ResetLink {
  email: string;
  /** PUBLIC_URL + /reset-password#token=...; only the path when PUBLIC_URL is not set. */
  url: string;
  expiresAt: string;
}

export interface AdminInvite {
  id: string;
  maxUses: number;
  uses: number;
  expiresAt: string | null;
  revoked: boolean;
  createdAt: string;
  createdBy: string | null;
}

/** POST /api/admin/invites: the link is shown once (the server keeps only its hash). */
export interface CreatedInvite extends AdminInvite {
  token: string;
  url: string;
}

/** Every action the audit log records (the console shows each translated and filters by it). */
export const AUDIT_ACTIONS = [
  'auth.signed_up', 'auth.signed_in', 'auth.sign_in_failed', 'auth.sso_signed_in', 'auth.sso_failed',
  'user.created', 'user.made_admin', 'user.unmade_admin', 'user.email_confirmed', 'user.disabled', 'user.enabled',
  'user.deleted', 'user.password_set', 'user.reset_link', 'account.deleted',
  'invite.created', 'invite.revoked', 'registration.changed', 'report.dismissed', 'report.disabled', 'report.file_downloaded',
  'translation.engines_changed', 'translation.budget_changed',
  'token.created', 'token.revoked', 'token.used', 'bot.created', 'bot.deleted', 'integrations.changed',
  'webhook.created', 'webhook.rotated', 'webhook.deleted', 'webhook.paused', 'webhook.resumed',
  'link_previews.changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  id: string;
  at: string;
  actorEmail: string | null;
  action: string;
  targetEmail: string | null;
  details: Record<string, unknown> | null;
  address: string | null;
}

export interface RegistrationInfo {
  mode: RegistrationMode;
  /** Lower-case domains sign-up is limited to; empty: any. */
  emailDomains: string[];
  /** Single sign-on button label ("Continue with {name}"), when configured. */
  oidcName: string | null;
  /** Password sign-in hidden (OIDC_ONLY=on). */
  oidcOnly: boolean;
}

export interface ServiceStatus {
  database: { ok: boolean; kind: string };
  redis: { ok: boolean; configured: boolean };
  queue: { ok: boolean; pending: number; failed24h: number; done24h: number };
  languages: {
    text: { engines: string[]; directions: number; languages: string[] };
    speechIn: string[];
    speechOut: string[];
  };
}
