import { AUTH_MESSAGES, type RegistrationMode } from '@parley/common';
import type { AuthHooks } from '../auth/hooks.ts';
import type { Db } from '../db/connect.ts';
import { AppError } from '../http/errors.ts';
import { recordAudit } from './audit.ts';
import { useInvite } from './invites.ts';
import { registrationMode } from './settings.ts';

export interface OperatorAuthOptions {
  db: Db;
  now: () => Date;
  adminEmails: string[];
  registration: RegistrationMode;
  signupEmailDomains: string[];
  /** ADMIN_EMAILS promoted an account: its other sessions learn it at once, on every node. */
  roleChanged?: (userId: string) => void;
}

export function emailDomainAllowed(email: string, domains: string[]): boolean {
  if (domains.length === 0) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return domains.includes(domain);
}

/**
 * Registration rules, ADMIN_EMAILS and the audit log on sign-up and sign-in. The rules run inside the
 * sign-up transaction: an invite's place is used only when the account is created.
 */
export function operatorAuthHooks(options: OperatorAuthOptions): AuthHooks {
  const { db, now } = options;
  const isAdminEmail = (email: string) => options.adminEmails.includes(email.toLowerCase());
  return {
    async beforeSignUp(trx, body) {
      const mode = await registrationMode(trx, options.registration);
      if (mode === 'closed') throw new AppError(403, 'registration_closed', AUTH_MESSAGES.registrationClosed);
      if (!emailDomainAllowed(body.email, options.signupEmailDomains)) {
        throw new AppError(403, 'email_domain_not_allowed', AUTH_MESSAGES.emailDomainNotAllowed);
      }
      if (mode === 'invite') {
        if (!body.invite) throw new AppError(403, 'invite_required', AUTH_MESSAGES.inviteRequired);
        if (!(await useInvite(trx, body.invite, now()))) throw new AppError(403, 'invite_invalid', AUTH_MESSAGES.inviteInvalid);
      }
    },
    async afterSignUp(trx, user, request) {
      const admin = user.confirmed && isAdminEmail(user.email);
      if (admin) await trx.updateTable('users').set({ role: 'admin' }).where('id', '=', user.id).execute();
      const actor = { id: user.id, email: user.email, address: request.ip };
      await recordAudit(trx, { action: 'auth.signed_up', actor, target: user, details: { invite: Boolean(request.body && (request.body as { invite?: string }).invite), admin } }, now());
    },
    async signedIn(user, request) {
      const actor = { id: user.id, email: user.email, address: request.ip };
      if (isAdminEmail(user.email)) {
        const promoted = await db.updateTable('users').set({ role: 'admin' }).where('id', '=', user.id).where('role', '<>', 'admin').executeTakeFirst();
        if (Number(promoted.numUpdatedRows) > 0) {
          await recordAudit(db, { action: 'user.made_admin', actor, target: user, details: { by: 'ADMIN_EMAILS' } }, now());
          options.roleChanged?.(user.id);
        }
      }
      await recordAudit(db, { action: 'auth.signed_in', actor, target: user }, now());
    },
    async ssoSignedIn(user, sso, request) {
      const actor = { id: user.id, email: user.email, address: request.ip };
      // ADMIN_EMAILS only on the provider's word that the address is this person's.
      if (sso.emailVerified && isAdminEmail(user.email)) {
        const promoted = await db.updateTable('users').set({ role: 'admin' }).where('id', '=', user.id).where('role', '<>', 'admin').executeTakeFirst();
        if (Number(promoted.numUpdatedRows) > 0) {
          await recordAudit(db, { action: 'user.made_admin', actor, target: user, details: { by: 'ADMIN_EMAILS' } }, now());
          options.roleChanged?.(user.id);
        }
      }
      await recordAudit(db, { action: 'auth.sso_signed_in', actor, target: user, details: { issuer: sso.issuer, created: sso.created, linked: sso.linked } }, now());
    },
    async ssoFailed(code, details, request) {
      const actor = { id: null, email: details.email, address: request.ip };
      await recordAudit(db, { action: 'auth.sso_failed', actor, target: { id: null, email: details.email }, details: { code, issuer: details.issuer, ...(details.reason ? { reason: details.reason } : {}) } }, now());
    },
    async signInFailed(email, code, request) {
      await recordAudit(db, { action: 'auth.sign_in_failed', actor: { id: null, email, address: request.ip }, target: { id: null, email }, details: { code } }, now());
    },
  };
}
