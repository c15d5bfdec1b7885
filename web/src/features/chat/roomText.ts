import type { GroupRegister, GroupSystemEvent } from '@parley/common';
import type { TFunction } from '../../lib/i18n.tsx';
import { joinNames } from '../../lib/names.ts';

/**
 * Who is typing, in the reader's interface language: "Ana is typing", "Ana and Li are typing",
 * "3 people are typing" (a plural, so every language counts its own way). Null when nobody is.
 */
export function typingLine(names: readonly string[], t: TFunction): string | null {
  const unique = [...new Set(names.filter((n) => n.trim()))];
  if (unique.length === 0) return null;
  if (unique.length === 1) return t('chat.typingOne', { name: unique[0]! });
  if (unique.length === 2) return t('chat.typingTwo', { first: unique[0]!, second: unique[1]! });
  return t('chat.typingMany', { n: unique.length });
}

/**
 * A system line ("Ana added Li", "Li left", "Ana renamed the group to ..."), always from the reader's
 * own catalog: these lines are events, never machine-translated text. `toneLabel` names a register in
 * the reader's words. An actor or member whose account is gone reads as "Someone". `myId`: the reader, for "ana removed you".
 */
export function systemLine(event: GroupSystemEvent, t: TFunction, toneLabel: (register: GroupRegister) => string, myId?: string): string {
  const someone = t('chat.groupSomeone');
  const actor = event.actor?.username || someone;
  const member = event.target?.username || someone;
  switch (event.kind) {
    case 'created':
      return t('chat.groupSysCreated', { actor });
    case 'member_added':
      return t('chat.groupSysAdded', { actor, member });
    case 'member_removed':
      // The removed person reads it as about them (issue 38: the last line of the history they keep).
      return myId && event.target?.id === myId ? t('members.sysRemovedYou', { actor }) : t('chat.groupSysRemoved', { actor, member });
    case 'member_left':
      return t('chat.groupSysLeft', { member: actor });
    case 'renamed':
      return t('chat.groupSysRenamed', { actor, name: event.name ?? '' });
    case 'admin_granted':
      // No actor: admin was handed over when the last admin left.
      return event.actor ? t('chat.groupSysMadeAdmin', { actor, member }) : t('chat.groupSysBecameAdmin', { member });
    case 'register_changed':
      return t('chat.groupSysToneChanged', { actor, tone: event.register ? toneLabel(event.register) : '' });
    case 'webhook_paused':
      return t('integrations.sysWebhookPaused', { actor, host: event.name ?? '' });
    default:
      return callLine(event, t) ?? '';
  }
}

/** The other members' languages, most-read first (ties by code), without the reader's own. */
export function groupLanguages(members: readonly { id: string; language: string | null }[], myId: string, myLanguage: string): string[] {
  const counts = new Map<string, number>();
  for (const m of members) {
    const code = m.language || myLanguage; // no language chosen yet: read as the sender writes
    if (m.id !== myId && code !== myLanguage) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([code]) => code);
}

/**
 * Honest notices for a group, said before anyone types: whose messages from us will arrive untranslated
 * ("Messages to Li will arrive untranslated."), and whose will reach us in their language.
 */
export function groupCoverageNotices(
  members: readonly { id: string; username: string; language: string | null }[],
  me: { id: string; language: string },
  serves: (from: string, to: string) => boolean | undefined,
  t: TFunction,
  named: (code: string) => string,
  locale: string,
): string[] {
  const notices: string[] = [];
  for (const code of groupLanguages(members, me.id, me.language)) {
    const names = members.filter((m) => m.id !== me.id && (m.language || me.language) === code).map((m) => m.username);
    if (serves(me.language, code) === false) notices.push(t('chat.groupUntranslatedTo', { names: joinNames(names, locale) }));
    if (serves(code, me.language) === false) {
      notices.push(t('chat.cannotTranslateIn', { name: joinNames(names, locale), from: named(code), to: named(me.language) }));
    }
  }
  return notices;
}

/** A call's line in the conversation ("Missed call", "Call, 4 min"), from the reader's catalog; null for other kinds. */
export function callLine(event: GroupSystemEvent, t: TFunction): string | null {
  switch (event.kind) {
    case 'call_missed':
      return t('calls.lineMissed');
    case 'call_declined':
      return t('calls.lineDeclined');
    case 'call_cancelled':
      return t('calls.lineCancelled');
    case 'call_busy':
      return t('calls.lineBusy', { name: event.target?.username || t('chat.groupSomeone') });
    case 'call_completed': {
      const seconds = event.durationSeconds ?? 0;
      return seconds < 60 ? t('calls.lineCompletedShort') : t('calls.lineCompleted', { minutes: Math.round(seconds / 60) });
    }
    case 'call_transcript':
      return t('calls.lineTranscript');
    default:
      return null;
  }
}
