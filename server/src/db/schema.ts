import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  email_confirmed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
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
}

export interface SessionsTable {
  /** sha256 of the cookie token: a leaked table does not leak usable cookies. */
  id: string;
  user_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface TranslationCacheTable {
  engine: string;
  source: string;
  target: string;
  formality: string;
  text_hash: string;
  translated_text: string;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  profiles: ProfilesTable;
  sessions: SessionsTable;
  translation_cache: TranslationCacheTable;
}
