import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

// Accounts, sessions, tokens, sign-on and the operators' tables (auth/, admin/, integrations/, push/).

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  email_confirmed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  /** Set by the first successful sign-in (the web's first-time welcome). */
  first_signed_in_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** 'admin' may use the console and the admin API (migration 020). */
  role: ColumnType<UserRole, UserRole | undefined, UserRole>;
  /** A disabled account cannot sign in and has no sessions. */
  disabled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When the address was proven the holder's (mailed link, finished reset, provider's verified claim, operator): migration 035. */
  email_proven_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** A bot (migration 040): no password, acts only through its API tokens. */
  is_bot: ColumnType<boolean, boolean | undefined, boolean>;
  /** The person who owns the bot (null for people, and for a bot whose owner's account was deleted). */
  bot_owner_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export type UserRole = 'user' | 'admin';

/** Invite links (admin/invites.ts): the link carries the token, the table its SHA-256. */
export interface InvitesTable {
  id: Generated<string>;
  token_hash: string;
  created_by: string | null;
  max_uses: number;
  uses: ColumnType<number, number | undefined, number>;
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
}

/** Who did what, when, from where (admin/audit.ts). */
export interface AuditLogTable {
  id: ColumnType<string, never, never>;
  at: Timestamp;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target_id: string | null;
  target_email: string | null;
  /** JSON text. */
  details: string | null;
  address: string | null;
}

/** Settings every node reads from the database (registration mode, audit retention). */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

/** Web push: one subscription per signed-in device (session), deleted with it. */
export interface PushSubscriptionsTable {
  session_id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** An OpenID Connect identity (issuer + subject) linked to an account. */
export interface UserIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: string;
  email: string | null;
  created_at: Timestamp;
}

/** A single sign-on on its way through the provider (used once, then deleted). */
export interface OidcLoginsTable {
  state_hash: string;
  browser_hash: string;
  nonce: string;
  code_verifier: string;
  redirect_uri: string;
  invite: string | null;
  expires_at: Timestamp;
  created_at: Generated<Timestamp>;
}

export interface ProfilesTable {
  id: string;
  username: string;
  email: string;
  language: string | null;
  bio: string | null;
  avatar_url: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Read receipts (migration 026): off hides this person's reads from others and theirs from them. */
  read_receipts: ColumnType<boolean, boolean | undefined, boolean>;
  /** Web push: notifications say "New message" instead of the text. */
  push_hide_text: Generated<boolean>;
  /** "Show my language first" (migration 038): the translation is the main text of what this person reads. */
  translation_first: Generated<boolean>;
}

/** Personal access tokens and bot tokens (migration 040): only the SHA-256 of the secret. */
export interface ApiTokensTable {
  id: Generated<string>;
  /** The account the token acts as (a person, or a bot). */
  user_id: string;
  /** The person who made it (the bot's owner for a bot's token). */
  created_by: string;
  name: string;
  /** Space-separated: 'read', 'read write'. */
  scopes: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface SessionsTable {
  /** sha256 of the cookie token: a leaked table does not leak usable cookies. */
  id: string;
  user_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  /** The browser's User-Agent at sign-in (the device list). */
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A mailed link (password reset, e-mail confirmation): only the token's SHA-256 is kept. */
export interface AccountTokensTable {
  id: string;
  user_id: string;
  kind: 'password_reset' | 'email_confirmation';
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
