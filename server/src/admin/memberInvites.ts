import { INVITE_API, MEMBER_INVITE_HOURS, memberInviteBody, type InviteAbility, type MemberInviteResponse } from '@parley/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, type RequireUser } from '../auth/requireUser.ts';
import { linkOrigin } from '../auth/accountMail.ts';
import type { Db } from '../db/connect.ts';
import { AppError } from '../http/errors.ts';
import { createRateLimit } from '../http/rateLimit.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderMail } from '../mail/templates.ts';
import { recordAudit } from './audit.ts';
import { createInvite } from './invites.ts';
import { isAdmin } from './requireAdmin.ts';
import { membersMayInvite } from './settings.ts';

export interface MemberInviteDeps {
  db: Db;
  now: () => Date;
  requireUser: RequireUser;
  publicUrl: string | undefined;
  mailer?: Mailer | undefined;
  /** Invites a person may create per hour (default 10). */
  invitesPerHour?: number | undefined;
}

const notAllowed = () => new AppError(403, 'admin_required', 'Only an administrator can invite people on this server');

/** Who may invite (issue 38): an admin, or anyone when the operator turned "members may invite" on. Read per request. */
export async function mayInvite(db: Db, userId: string): Promise<boolean> {
  return (await isAdmin(db, userId)) || (await membersMayInvite(db));
}

/**
 * Invites from the app (issue 38): "Invite someone who is not on Parley yet" in the empty list and a group. One
 * person, 7 days; mailed in the invitee's language when the server has mail. Rate-limited per person, audited as
 * `invite.created` with `by: 'member'` (the console's invites stay in admin/routes.ts).
 */
export async function memberInviteRoutes(app: FastifyInstance, deps: MemberInviteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = createRateLimit({
    name: 'memberInvite', points: deps.invitesPerHour ?? 10, durationSec: 3600,
    tooMany: (s) => `Too many invitations. Try again in ${s} seconds.`,
  });
  const signedIn = { onRequest: deps.requireUser };

  r.get(INVITE_API.ability, signedIn, async (request): Promise<InviteAbility> => ({
    allowed: await mayInvite(deps.db, currentUser(request).id),
    mail: deps.mailer !== undefined,
  }));

  r.post(INVITE_API.create, { ...signedIn, schema: { body: memberInviteBody } }, async (request, reply) => {
    const user = currentUser(request);
    if (!(await mayInvite(deps.db, user.id))) throw notAllowed();
    const { email, language } = request.body;
    if (email && !deps.mailer) throw new AppError(503, 'mail_unavailable', 'This server cannot send e-mail');
    await limit.consume(user.id);
    const now = deps.now();
    const mailer = deps.mailer;
    const inviter = await deps.db.selectFrom('profiles').select(['username', 'language']).where('id', '=', user.id).executeTakeFirstOrThrow();
    const invite = await deps.db.transaction().execute(async (trx) => {
      // The link is whole: it is pasted into other apps. A mailed one comes from PUBLIC_URL only (issue 32 item 2);
      // one shown to the inviter alone may use the address their own request came to.
      const publicUrl = email ? linkOrigin(deps) : deps.publicUrl ?? `${request.protocol}://${request.host}`;
      const created = await createInvite(trx, { maxUses: 1, expiresInHours: MEMBER_INVITE_HOURS, createdBy: user.id, publicUrl }, now);
      if (email && mailer) {
        const mail = await renderMail('invite', language ?? inviter.language, { name: inviter.username, link: created.url });
        await mailer.enqueue(trx, `invite:${created.id}`, { to: email, subject: mail.subject, text: mail.text, html: mail.html });
      }
      await recordAudit(trx, {
        action: 'invite.created', actor: { id: user.id, email: user.email, address: request.ip },
        details: { id: created.id, maxUses: 1, expiresAt: created.expiresAt, by: 'member', ...(email ? { mailedTo: email } : {}) },
      }, now);
      return created;
    });
    if (email) mailer?.queued();
    const body: MemberInviteResponse = { url: invite.url, expiresAt: invite.expiresAt ?? '', mailed: Boolean(email) };
    return reply.status(201).send(body);
  });
}
