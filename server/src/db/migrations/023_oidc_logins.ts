import { sql, type Kysely } from 'kysely';

/**
 * Single sign-on (issue 24 item 5): one row per sign-in on its way through the provider, keyed by the hash of
 * its `state`, bound to the browser that started it (hash of a short-lived cookie), used once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE oidc_logins (
      state_hash text PRIMARY KEY,
      browser_hash text NOT NULL,
      nonce text NOT NULL,
      code_verifier text NOT NULL,
      redirect_uri text NOT NULL,
      invite text,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX oidc_logins_expires ON oidc_logins (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE oidc_logins`.execute(db);
}
