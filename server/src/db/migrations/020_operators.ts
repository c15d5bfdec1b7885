import { sql, type Kysely } from 'kysely';

/**
 * Operators (issue 24): roles and disabled accounts on users, invite links, the audit log, settings every
 * node reads from the database (registration mode), and the identities single sign-on links to accounts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin'))`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN disabled_at timestamptz`.execute(db);
  await sql`
    CREATE TABLE invites (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      token_hash text NOT NULL UNIQUE,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      max_uses integer NOT NULL CHECK (max_uses > 0),
      uses integer NOT NULL DEFAULT 0,
      expires_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (uses <= max_uses)
    )`.execute(db);
  await sql`
    CREATE TABLE audit_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      actor_id uuid,
      actor_email text,
      action text NOT NULL,
      target_id uuid,
      target_email text,
      details text,
      address text
    )`.execute(db);
  await sql`CREATE INDEX audit_log_at ON audit_log (at DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_action_at ON audit_log (action, at DESC)`.execute(db);
  await sql`
    CREATE TABLE settings (
      key text PRIMARY KEY,
      value text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE user_identities (
      issuer text NOT NULL,
      subject text NOT NULL,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      email text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (issuer, subject)
    )`.execute(db);
  await sql`CREATE INDEX user_identities_user ON user_identities (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE user_identities`.execute(db);
  await sql`DROP TABLE settings`.execute(db);
  await sql`DROP TABLE audit_log`.execute(db);
  await sql`DROP TABLE invites`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN disabled_at`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN role`.execute(db);
}
