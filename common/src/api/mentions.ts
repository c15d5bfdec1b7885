/**
 * @mentions (issue 36 item 1), shared by the server (who a message mentions) and the web (suggestions, highlights).
 * No zod: the web's light entry exports it.
 */

/** Who a message mentions: the user's id and the name as written (a rename keeps the id right). */
export interface MessageMention {
  /** A user id, or MENTION_ALL for a group admin's @all. */
  id: string;
  name: string;
}

/** `@all`: every member of a group, allowed to its admins (from anyone else it is plain text). */
export const MENTION_ALL = 'all';

/**
 * A mention of an account since deleted: the deletion replaces its id with this (the name as written stays in the
 * text), so it points at nobody, notifies nobody and reads as "Deleted user" (issue 36 item 4).
 */
export const MENTION_DELETED = 'deleted';

/** Whether `mentions` (a message's) names this user, directly or through @all. */
export const mentionsUser = (mentions: readonly MessageMention[] | null | undefined, userId: string): boolean =>
  !!mentions?.some((m) => m.id === userId || m.id === MENTION_ALL);

/** A name as usernames are made (common/src/api/auth.ts usernameSchema): letters, digits, _ . - */
const NAME = /[\p{L}\p{N}_.-]/u;

/** One `@name` in a text: where it starts (the @) and ends, and the name (trailing . and - left out: "@ana." ends a sentence). */
export interface MentionToken {
  name: string;
  start: number;
  end: number;
}

/**
 * The `@name` tokens of a text: an @ at the start or after a character that cannot be part of a name or an address
 * (so `ana@example.org` is not one), followed by a name. Inline code and code blocks are left out.
 */
export function mentionTokens(text: string): MentionToken[] {
  const tokens: MentionToken[] = [];
  const code = codeRanges(text);
  for (let i = text.indexOf('@'); i !== -1; i = text.indexOf('@', i + 1)) {
    const before = i > 0 ? text[i - 1]! : ' ';
    if (NAME.test(before) || before === '@' || before === '/' || code.some(([a, b]) => i >= a && i < b)) continue;
    let end = i + 1;
    while (end < text.length && NAME.test(text[end]!)) end++;
    while (end > i + 1 && (text[end - 1] === '.' || text[end - 1] === '-')) end--;
    if (end > i + 1) tokens.push({ name: text.slice(i + 1, end), start: i, end });
  }
  return tokens;
}

/** The ranges of `inline code` and ``` blocks ```. */
function codeRanges(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  const re = /```[\s\S]*?```|`[^`\n]*`/g;
  for (let m = re.exec(text); m; m = re.exec(text)) ranges.push([m.index, m.index + m[0].length]);
  return ranges;
}

/**
 * The name being typed at the caret, for the composer's suggestions: `@` then up to 30 name characters right before
 * the caret, the @ at the start or after a space or punctuation. null: not typing a mention.
 */
export function mentionAtCaret(text: string, caret: number): { start: number; query: string } | null {
  let i = caret;
  while (i > 0 && NAME.test(text[i - 1]!) && caret - i <= 30) i--;
  if (i === 0 || text[i - 1] !== '@') return null;
  const at = i - 1;
  const before = at > 0 ? text[at - 1]! : ' ';
  if (NAME.test(before) || before === '@' || before === '/') return null;
  return { start: at, query: text.slice(i, caret) };
}
