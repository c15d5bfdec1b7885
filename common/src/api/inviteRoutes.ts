/** Member invites (issue 38), without zod for the signed-in chunk. The request schema is in invites.ts. */
export const INVITE_API = {
  /** POST: a one-person invite link (and its mail). */
  create: '/api/invites',
  /** GET: whether the caller may invite, and whether this server can mail the link. */
  ability: '/api/invites/ability',
} as const;

/** What a member invite gives: the link (shown whole, with Copy and Share), its expiry, and whether it was mailed. */
export interface MemberInviteResponse {
  url: string;
  expiresAt: string;
  mailed: boolean;
}

/** GET /api/invites/ability. */
export interface InviteAbility {
  allowed: boolean;
  mail: boolean;
}

/** A member invite: one person, this many hours (7 days). */
export const MEMBER_INVITE_HOURS = 24 * 7;
