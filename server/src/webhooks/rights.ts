import type { Db } from '../db/connect.ts';
import { AppError } from '../http/errors.ts';
import { requireMembership } from '../chat/membership.ts';

/**
 * Who manages a conversation's webhooks: either person of a pair, a group's admins (as in Slack and Mattermost,
 * where integrations are the channel's managers' business). Non-members get the room's 404.
 */
export async function requireWebhookRight(db: Db, roomId: string, userId: string): Promise<{ kind: 'direct' | 'group' }> {
  const me = await requireMembership(db, roomId, userId);
  if (me.kind === 'group' && me.role !== 'admin') throw new AppError(403, 'admin_required', 'Only the group\'s admins manage its webhooks');
  return { kind: me.kind };
}

/** A webhook off the server (the operator's setting, issue 35 item 6): creating and posting answer 403. */
export async function requireIntegrations(allowed: () => Promise<boolean>): Promise<void> {
  if (!(await allowed())) throw new AppError(403, 'integrations_disabled', 'Integrations are turned off on this server');
}
