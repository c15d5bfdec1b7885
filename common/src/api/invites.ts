import { z } from 'zod';
import { LANGUAGE_CODES } from '../languages.ts';
import { emailSchema } from './auth.ts';
import { INVITE_API, MEMBER_INVITE_HOURS } from './inviteRoutes.ts';

export { INVITE_API, MEMBER_INVITE_HOURS };

/**
 * POST /api/invites (issue 38): an admin, or any member when the operator allows it ("members may invite"), invites
 * someone who is not on Parley yet: a link for one person, valid 7 days; with `email` (servers with mail) it is
 * also mailed, in `language` (the invitee's; else the inviter's).
 */
export const memberInviteBody = z.object({
  email: emailSchema.optional(),
  language: z.enum(LANGUAGE_CODES).optional(),
}).strict();
export type MemberInviteBody = z.infer<typeof memberInviteBody>;

export type { InviteAbility, MemberInviteResponse } from './inviteRoutes.ts';
