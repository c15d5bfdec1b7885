import { z } from 'zod';
import { safeText } from '../text.ts';
import { fieldError } from './errors.ts';
import type { ConversationListItem } from './chat.ts';
import { GROUP_LIMITS, GROUP_REGISTER_NAMES, type FormerMember, type RoomMember } from './groupTypes.ts';

export * from './groupTypes.ts';

const userId = z.string().uuid(fieldError('invalid_id'));

/** A group's name: 1-100 characters after trimming, one line. */
export const groupName = () =>
  safeText()
    .trim()
    .min(1, fieldError('group_name_invalid'))
    .max(GROUP_LIMITS.nameMax, fieldError('group_name_invalid'))
    .refine((s) => !/[\n\r\t]/.test(s), fieldError('group_name_invalid'));

export const groupRegister = () => z.enum(GROUP_REGISTER_NAMES, fieldError('unknown_register'));

const distinct = (ids: string[]) => new Set(ids).size === ids.length;

/** POST /api/groups: the people picked (not the creator, who joins as admin) and the group's name and register. */
export const createGroupBody = z
  .object({
    name: groupName(),
    memberIds: z
      .array(userId)
      .min(GROUP_LIMITS.pickMin, fieldError('too_few_members'))
      .max(GROUP_LIMITS.pickMax, fieldError('too_many_members'))
      .refine(distinct, fieldError('duplicate_member')),
    register: groupRegister().optional(),
  })
  .strict();
export type CreateGroupBody = z.infer<typeof createGroupBody>;

/** PATCH /api/chats/:roomId/group (admins): a new name, a new register, or both. */
export const updateGroupBody = z
  .object({ name: groupName().optional(), register: groupRegister().optional() })
  .strict()
  .refine((b) => b.name !== undefined || b.register !== undefined, 'Give a new name or a new register');
export type UpdateGroupBody = z.infer<typeof updateGroupBody>;

/** POST /api/chats/:roomId/members (admins): people to add (1-255; the group stays within 256). */
export const addMembersBody = z
  .object({
    userIds: z
      .array(userId)
      .min(1, 'Pick at least one person')
      .max(GROUP_LIMITS.pickMax, fieldError('too_many_members'))
      .refine(distinct, fieldError('duplicate_member')),
  })
  .strict();
export type AddMembersBody = z.infer<typeof addMembersBody>;

/**
 * POST /api/chats/:roomId/leave: anyone leaves. The last admin leaving hands admin to `successorId`
 * when given (a member), else to the longest-standing member; the last member leaving deletes the group.
 */
export const leaveGroupBody = z.object({ successorId: userId.optional() }).strict();

/** Create answer (201) and the answer of every membership change: the room as the caller lists it and its members. */
export interface GroupResponse {
  room: ConversationListItem;
  members: RoomMember[];
}

/** GET /api/chats/:roomId/members (any member, any kind of room). */
export interface RoomMembersResponse {
  members: RoomMember[];
  /**
   * People no longer in the group whose words are in it (issue 38): names for their messages. For a removed
   * member reading their history (no members), everyone who was there before their removal.
   */
  former: FormerMember[];
}
