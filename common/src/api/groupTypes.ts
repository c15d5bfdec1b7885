/**
 * Group conversations (issue 22): the shapes the web needs without zod (`@parley/common/client`).
 * The request schemas are in groups.ts.
 */
import type { CallEventKind, CallTranscriptLine } from '../calls.ts';

/** A room is a pair ('direct', one-to-one: per-contact relationship context) or a named group. */
export const ROOM_KINDS = ['direct', 'group'] as const;
export type RoomKind = (typeof ROOM_KINDS)[number];

/**
 * A group's register (tone): chosen at creation, changed by admins; it sets the formality of every
 * translation in the group. The UI labels them from its catalog.
 */
export const GROUP_REGISTERS = [
  { register: 'family', formality: 'informal' },
  { register: 'friends', formality: 'informal' },
  { register: 'colleagues', formality: 'neutral' },
  { register: 'formal', formality: 'formal' },
  { register: 'mixed', formality: 'neutral' },
] as const;
export type GroupRegister = (typeof GROUP_REGISTERS)[number]['register'];
export const GROUP_REGISTER_NAMES = GROUP_REGISTERS.map((r) => r.register) as [GroupRegister, ...GroupRegister[]];
/** The register of a group created without one. */
export const DEFAULT_GROUP_REGISTER: GroupRegister = 'mixed';

/** A group's size: the creator picks 2-255 people; a group never holds more than 256 (the creator + 255). */
export const GROUP_LIMITS = { nameMax: 100, pickMin: 2, pickMax: 255, maxMembers: 256 } as const;

/** One line of a room's member list (GET members). */
export interface RoomMember {
  id: string;
  username: string;
  language: string | null;
  is_admin: boolean;
  /** When they joined: a member sees the history from this moment on. */
  joined_at: string;
  /** A bot account (issue 35). Absent for people. */
  bot?: true;
}

/** Someone who was in a group and is no longer (left or removed): their words keep their name. */
export interface FormerMember {
  id: string;
  username: string;
  joined_at: string;
}

export const GROUP_EVENT_KINDS = [
  'created', // actor created the group (name = its name)
  'member_added', // actor added target
  'member_removed', // actor removed target
  'member_left', // actor left
  'renamed', // actor renamed the group to name
  'admin_granted', // actor made target an admin (actor null: handed over when the last admin left)
  'register_changed', // actor set the register to register
  'webhook_paused', // actor's outgoing webhook to the host `name` kept failing and was paused (issue 35)
] as const;
/** The kinds of a system line: a group's events, and the outcomes of calls (calls.ts CALL_EVENT_KINDS, in pairs). */
export type GroupEventKind = (typeof GROUP_EVENT_KINDS)[number] | CallEventKind;

/**
 * A system line in a group's history ("Ana added Li"). Never machine-translated: the reader's UI
 * renders it from its catalog. Carried by a ChatMessage whose `system_event` is set (content '',
 * translation_status 'not_needed', sender_id = actor).
 */
export interface GroupSystemEvent {
  kind: GroupEventKind;
  actor: { id: string; username: string } | null;
  target: { id: string; username: string } | null;
  /** 'created' and 'renamed': the (new) name. */
  name: string | null;
  /** 'register_changed' and 'created': the register. */
  register: GroupRegister | null;
  /**
   * Calls (issue 26): actor = the caller, target = the callee. `call_completed`: seconds from answer to end
   * (the line reads "Call, 4 min"); `call_transcript`: the lines both agreed to keep.
   */
  durationSeconds?: number | null;
  transcript?: CallTranscriptLine[];
}

/** Initials for a group avatar: the first letter of the first two words of its name ('Family Ruiz' -> 'FR'). */
export function groupInitials(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const letters = words.slice(0, 2).map((w) => Array.from(w)[0] ?? '');
  return letters.join('').toLocaleUpperCase() || '#';
}
