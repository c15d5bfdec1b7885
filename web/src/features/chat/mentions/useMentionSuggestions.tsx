import { useState, type KeyboardEvent, type RefObject } from 'react';
import { mentionAtCaret } from '@parley/common/client';
import { useT } from '../../../lib/i18n.tsx';
import { cn } from '../../../lib/utils.ts';

/** Someone the composer can mention: a member (not oneself), or `all` for a group's admins. */
export interface Mentionable {
  id: string;
  username: string;
}

const MAX_SHOWN = 6;

/**
 * The composer's "@" suggestions (issue 36 item 1): typing `@` and the start of a name lists the matching members
 * (names that start with it first), kept in a listbox above the input. Keyboard: Up/Down move, Enter or Tab picks,
 * Escape closes; touch or click picks without leaving the input. The textarea is the combobox (ARIA 1.2 pattern).
 * Hand-written: the combobox libraries at hand (Radix, downshift) drive an input of their own, not a trigger
 * character inside a free textarea.
 */
export function useMentionSuggestions(
  text: string, setText: (text: string) => void, input: RefObject<HTMLTextAreaElement | null>, candidates: readonly Mentionable[],
) {
  const t = useT();
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [closedAt, setClosedAt] = useState<number | null>(null);
  const at = candidates.length ? mentionAtCaret(text, Math.min(caret, text.length)) : null;
  const query = at?.query.toLowerCase() ?? '';
  const matches = at && closedAt !== at.start
    ? [...candidates.filter((c) => c.username.toLowerCase().startsWith(query)), ...candidates.filter((c) => !c.username.toLowerCase().startsWith(query) && c.username.toLowerCase().includes(query))].slice(0, MAX_SHOWN)
    : [];
  const open = matches.length > 0;
  const current = Math.min(active, matches.length - 1);

  const pick = (who: Mentionable) => {
    if (!at) return;
    const before = text.slice(0, at.start);
    const after = text.slice(caret).replace(/^[\p{L}\p{N}_.-]*/u, '');
    const inserted = `@${who.username} `;
    setText(before + inserted + after.replace(/^ /, ''));
    const next = before.length + inserted.length;
    setCaret(next);
    setActive(0);
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(next, next);
    });
  };

  /** The composer's key handler asks first: true when the key was the list's. */
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || event.nativeEvent.isComposing) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((current + (event.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
      return true;
    }
    if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
      event.preventDefault();
      pick(matches[current]!);
      return true;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      setClosedAt(at!.start);
      return true;
    }
    return false;
  };

  const onCaret = (el: HTMLTextAreaElement) => {
    if (el.selectionStart !== caret) setActive(0);
    setCaret(el.selectionStart ?? el.value.length);
  };

  const optionId = (i: number) => `mention-option-${i}`;
  const inputProps = {
    role: 'combobox' as const,
    'aria-autocomplete': 'list' as const,
    'aria-expanded': open,
    'aria-controls': open ? 'mention-suggestions' : undefined,
    'aria-activedescendant': open ? optionId(current) : undefined,
  };

  const list = open ? (
    <ul
      id="mention-suggestions"
      role="listbox"
      aria-label={t('chat.mentionSuggestions')}
      className="absolute inset-x-0 bottom-full z-20 mb-1 max-h-64 overflow-y-auto rounded-xl border border-border bg-popover p-1 shadow-lg"
      data-testid="mention-suggestions"
    >
      {matches.map((who, i) => (
        <li
          key={who.id}
          id={optionId(i)}
          role="option"
          aria-selected={i === current}
          // Picked on pointer down: the input keeps its focus (and a phone its keyboard).
          onPointerDown={(event) => {
            event.preventDefault();
            pick(who);
          }}
          onPointerEnter={() => setActive(i)}
          className={cn('flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-2 text-sm', i === current && 'bg-accent text-accent-foreground')}
          data-testid="mention-option"
        >
          <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground ring-2 ring-background" aria-hidden="true">
            {who.id === 'all' ? '@' : (Array.from(who.username)[0] ?? '?').toLocaleUpperCase()}
          </span>
          {/* "@all" isolated left-to-right: in Arabic "(@all)" would otherwise read "(all@)". */}
          <span className="truncate" dir="auto">{who.id === 'all' ? t('chat.mentionAll').replace('@all', '\u2066@all\u2069') : who.username}</span>
        </li>
      ))}
    </ul>
  ) : null;

  return { list, onKeyDown, onCaret, inputProps };
}
