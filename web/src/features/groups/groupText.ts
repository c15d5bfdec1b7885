import type { TFunction } from '../../lib/i18n.tsx';

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

/** The kinds of group event a system line can say. */
export type SystemEventKind = 'created' | 'added' | 'removed' | 'left' | 'renamed' | 'made_admin' | 'register_changed' | 'became_admin';

/** A group event as the line renders it: names already resolved (null: a deleted account). */
export interface SystemLineInput {
  kind: SystemEventKind;
  actor: string | null;
  member?: string | null;
  /** The new name ('renamed'). */
  name?: string | null;
  /** The new tone, already in the reader's words ('register_changed'). */
  tone?: string | null;
}

/**
 * A system line ("Ana added Li", "Li left", "Ana renamed the group to ..."), always from the reader's
 * own catalog: these lines are events, never machine-translated text.
 */
export function systemLine(event: SystemLineInput, t: TFunction): string {
  const someone = t('chat.groupSomeone');
  const actor = event.actor || someone;
  const member = event.member || someone;
  switch (event.kind) {
    case 'created':
      return t('chat.groupSysCreated', { actor });
    case 'added':
      return t('chat.groupSysAdded', { actor, member });
    case 'removed':
      return t('chat.groupSysRemoved', { actor, member });
    case 'left':
      return t('chat.groupSysLeft', { member });
    case 'renamed':
      return t('chat.groupSysRenamed', { actor, name: event.name ?? '' });
    case 'made_admin':
      return t('chat.groupSysMadeAdmin', { actor, member });
    case 'register_changed':
      return t('chat.groupSysToneChanged', { actor, tone: event.tone ?? '' });
    case 'became_admin':
      return t('chat.groupSysBecameAdmin', { member });
  }
}

/** One language's line of the draft preview. */
export interface PreviewLine {
  language: string;
  translation: string;
  backTranslation: string | null;
}

/** Preview lines with the same translation merged: one line naming all its languages. */
export interface CompactPreviewLine extends PreviewLine {
  languages: string[];
}

/**
 * The draft preview for every language a group reads, compact: languages whose translation reads the
 * same are one line (a text left as written, a shared script); the first `max` lines show, the rest is a
 * count the reader can open. Order: as given (the caller puts the most-read languages first).
 */
export function compactPreview(lines: readonly PreviewLine[], max = 3): { shown: CompactPreviewLine[]; hidden: CompactPreviewLine[] } {
  const merged: CompactPreviewLine[] = [];
  for (const line of lines) {
    const same = merged.find((m) => m.translation.trim() === line.translation.trim());
    if (same) same.languages.push(line.language);
    else merged.push({ ...line, languages: [line.language] });
  }
  return { shown: merged.slice(0, max), hidden: merged.slice(max) };
}

/** Initials for a group's avatar: the first letters of its name's first two words ('Project team' -> 'PT'). */
export function groupInitials(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const letters = words.slice(0, 2).map((w) => Array.from(w)[0] ?? '');
  return letters.join('').toLocaleUpperCase() || '#';
}

/** A list of names joined the reader's way ('Ana, Li and Marc', 'Ana, Li y Marc'). */
export function joinNames(names: readonly string[], locale: string): string {
  try {
    return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}
