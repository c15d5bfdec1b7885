import type { FastifyRequest } from 'fastify';
import type { SignUpBody } from '@parley/common';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * What other features add to sign-up and sign-in without auth/ knowing them (operators: registration
 * rules, invites, ADMIN_EMAILS, the audit log). Every hook is optional.
 */
export interface AuthHooks {
  /** Inside the sign-up transaction, before the account is inserted: throw an AppError to refuse. */
  beforeSignUp?(trx: Transaction<Database>, body: SignUpBody, request: FastifyRequest): Promise<void>;
  /** Inside the sign-up transaction, after the insert (e.g. the first role). */
  afterSignUp?(trx: Transaction<Database>, user: { id: string; email: string; confirmed: boolean }, request: FastifyRequest): Promise<void>;
  /** After the password was checked, before the session is made. */
  signedIn?(user: { id: string; email: string }, request: FastifyRequest): Promise<void>;
  /** A sign-in was refused (the error's code: invalid_credentials, account_disabled...). */
  signInFailed?(email: string, code: string, request: FastifyRequest): Promise<void>;
  /** A single sign-on went through (after the account was found, linked or made; before the session). */
  ssoSignedIn?(user: { id: string; email: string }, sso: { issuer: string; emailVerified: boolean; created: boolean; linked: boolean }, request: FastifyRequest): Promise<void>;
  /** A single sign-on was refused (the code the person is shown; the e-mail when the provider gave one). */
  ssoFailed?(code: string, details: { issuer: string; email: string | null; reason?: string }, request: FastifyRequest): Promise<void>;
  /** A session was ended by its owner. */
  signedOut?(user: { id: string; email: string }, request: FastifyRequest): Promise<void>;
}
