import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_API, API, auditQuery, inviteParams, reportActionParams, reportFileParams, createInviteBody, createUserBody, listUsersQuery, registrationBody, userActionParams,
  userIdParams, type RegistrationInfo, type RegistrationMode,
} from '@parley/common';
import type { RequireUser } from '../auth/requireUser.ts';
import { AppError } from '../http/errors.ts';
import { listAudit, recordAudit } from './audit.ts';
import { issueInvite, listInvites, withdrawInvite } from './invites.ts';
import { actorOf, makeRequireAdmin } from './requireAdmin.ts';
import { changeRegistration, membersMayInvite, registrationMode } from './settings.ts';
import { memberInviteRoutes } from './memberInvites.ts';
import { translationConsoleRoutes, type TranslationConsoleDeps } from './translation.ts';
import { integrationConsoleRoutes } from './integrations.ts';
import type { Mailer } from '../mail/mailer.ts';
import { serviceStatus, type StatusDeps } from './status.ts';
import { listOpenReports, openReport, readReportFile, resolveReport } from '../safety/adminReports.ts';
import { contentDisposition, INERT_FILE_HEADERS } from '../http/contentDisposition.ts';
import { confirmEmail, createUser, deleteUser, disableUser, enableUser, findUser, listUsers, resetLink, setRole, type AdminOps } from './users.ts';

export interface AdminRouteDeps extends AdminOps {
  requireUser: RequireUser;
  publicUrl: string | undefined;
  registration: RegistrationMode;
  /** Sign-up answers email_taken (EMAIL_CONFIRMATION off, or no mail): the registration screen says so. */
  signUpRevealsAccounts?: boolean;
  signupEmailDomains: string[];
  oidc: { name: string; only: boolean } | null;
  status: Omit<StatusDeps, 'db' | 'now'>;
  /** Member invites mail the link (issue 38) when the server has mail. */
  mailer?: Mailer | undefined;
  invitesPerHour?: number | undefined;
  /** The Translation tab (issue 34 item 4). */
  translation?: Omit<TranslationConsoleDeps, 'db' | 'now' | 'requireAdmin'> | undefined;
}

/** The operators' API: every route behind requireAdmin (401 without a session, 403 admin_required for others). */
export async function adminRoutes(app: FastifyInstance, deps: AdminRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const requireAdmin = makeRequireAdmin(deps.db, deps.requireUser);
  const admin = { onRequest: requireAdmin };

  // Public: what the sign-up form should say before anyone fills it in.
  r.get(API.registration, async () => {
    const body: RegistrationInfo = {
      mode: await registrationMode(deps.db, deps.registration),
      emailDomains: deps.signupEmailDomains,
      oidcName: deps.oidc?.name ?? null,
      oidcOnly: deps.oidc?.only ?? false,
    };
    return body;
  });

  r.get(ADMIN_API.users, { ...admin, schema: { querystring: listUsersQuery } }, async (request) => listUsers(deps.db, request.query));

  r.post(ADMIN_API.users, { ...admin, schema: { body: createUserBody } }, async (request, reply) => {
    if (request.body.password.length < 6) throw new AppError(400, 'weak_password', 'Password should be at least 6 characters');
    return reply.status(201).send(await createUser(deps, actorOf(request), request.body));
  });

  r.get(ADMIN_API.user, { ...admin, schema: { params: userIdParams } }, async (request) => findUser(deps.db, request.params.id));

  r.post(ADMIN_API.userResetLink, { ...admin, schema: { params: userIdParams } }, async (request) =>
    resetLink(deps, actorOf(request), request.params.id, deps.publicUrl));

  r.post(ADMIN_API.userAction, { ...admin, schema: { params: userActionParams } }, async (request) => {
    const { id, action } = request.params;
    const actor = actorOf(request);
    switch (action) {
      case 'disable': return disableUser(deps, actor, id);
      case 'enable': return enableUser(deps, actor, id);
      case 'make-admin': return setRole(deps, actor, id, 'admin');
      case 'unmake-admin': return setRole(deps, actor, id, 'user');
      case 'confirm-email': return confirmEmail(deps, actor, id);
    }
  });

  r.delete(ADMIN_API.user, { ...admin, schema: { params: userIdParams } }, async (request, reply) => {
    await deleteUser(deps, actorOf(request), request.params.id);
    return reply.status(204).send();
  });

  r.get(ADMIN_API.invites, admin, async () => ({ invites: await listInvites(deps.db) }));

  r.post(ADMIN_API.invites, { ...admin, schema: { body: createInviteBody } }, async (request, reply) => {
    const actor = actorOf(request);
    const invite = await issueInvite(deps.db, actor, { ...request.body, publicUrl: deps.publicUrl }, deps.now());
    return reply.status(201).send({ ...invite, createdBy: actor.email });
  });

  r.delete(ADMIN_API.invite, { ...admin, schema: { params: inviteParams } }, async (request, reply) => {
    await withdrawInvite(deps.db, actorOf(request), request.params.id, deps.now());
    return reply.status(204).send();
  });

  await memberInviteRoutes(app, deps);

  r.get(ADMIN_API.registration, admin, async () => ({
    mode: await registrationMode(deps.db, deps.registration),
    emailDomains: deps.signupEmailDomains,
    membersMayInvite: await membersMayInvite(deps.db),
    signUpRevealsAccounts: deps.signUpRevealsAccounts ?? false,
  }));

  r.put(ADMIN_API.registration, { ...admin, schema: { body: registrationBody } }, async (request) => {
    const { mode, membersMayInvite: invites } = request.body;
    const now = await changeRegistration(deps.db, actorOf(request), { mode, membersMayInvite: invites, fallback: deps.registration }, deps.now());
    return { mode, emailDomains: deps.signupEmailDomains, membersMayInvite: now.membersMayInvite, signUpRevealsAccounts: deps.signUpRevealsAccounts ?? false };
  });

  r.get(ADMIN_API.audit, { ...admin, schema: { querystring: auditQuery } }, async (request) => ({ entries: await listAudit(deps.db, request.query) }));

  // Reports (block and report): dismiss closes one; disable also disables the reported account (sessions end).
  r.get(ADMIN_API.reports, admin, async () => ({ reports: await listOpenReports(deps.db) }));

  r.post(ADMIN_API.reportAction, { ...admin, schema: { params: reportActionParams } }, async (request) => {
    const actor = actorOf(request);
    const now = deps.now();
    const { id, action } = request.params;
    // Disable first: a refused disable (your own account) leaves the report open.
    const open = await openReport(deps.db, id);
    if (action === 'disable' && open.reportedUserId) await disableUser(deps, actor, open.reportedUserId);
    await deps.db.transaction().execute(async (trx) => {
      await resolveReport(trx, id, now);
      await recordAudit(trx, { action: action === 'dismiss' ? 'report.dismissed' : 'report.disabled', actor, details: { id } }, now);
    });
    return { resolved: true };
  });

  // The evidence itself: a download only (never rendered in the console's origin), read by operators alone, audited.
  r.get(ADMIN_API.reportFile, { ...admin, schema: { params: reportFileParams } }, async (request, reply) => {
    const file = await readReportFile(deps.db, request.params.id);
    await recordAudit(deps.db, { action: 'report.file_downloaded', actor: actorOf(request), details: { id: request.params.id } }, deps.now());
    return reply.header('content-type', file.contentType).header('content-disposition', contentDisposition(file.name))
      .headers(INERT_FILE_HEADERS).header('cache-control', 'private, no-store').send(file.bytes);
  });

  r.get(ADMIN_API.status, admin, async () => serviceStatus({ ...deps.status, db: deps.db, now: deps.now }));

  await integrationConsoleRoutes(app, {
    db: deps.db, now: deps.now, requireAdmin, endSessions: deps.endSessions, events: deps.events, contexts: deps.contexts,
    audit: (tx, entry) => recordAudit(tx, entry, deps.now()),
  });

  if (deps.translation) await translationConsoleRoutes(app, { ...deps.translation, db: deps.db, now: deps.now, requireAdmin });
}
