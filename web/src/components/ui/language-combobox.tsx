import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import * as PopoverPrimitive from '@radix-ui/react-popover';
import { Check, ChevronDown } from 'lucide-react';
import { LANGUAGES } from '@parley/common/client';
import type { Language, LanguageCode } from '@parley/common';
import { cn } from '../../lib/utils.ts';
import { inputClass } from './input.tsx';

/** Accents and case folded away: 'ESPAÑOL', 'espanol' and 'Español' compare equal. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/**
 * Languages whose English name, native name or code contains the query, best first: an exact name or code,
 * then names starting with the query, then the rest (each group in list order). A blank query lists all.
 */
export function filterLanguages(query: string, languages: readonly Language[] = LANGUAGES, localName?: (code: string) => string): Language[] {
  const q = fold(query);
  if (!q) return [...languages];
  const ranked: { lang: Language; rank: number; index: number }[] = [];
  languages.forEach((lang, index) => {
    const names = [fold(lang.name), fold(lang.nativeName), ...(localName ? [fold(localName(lang.code))] : [])];
    let rank: number;
    if (lang.code === q || names.includes(q)) rank = 0;
    else if (names.some((n) => n.startsWith(q))) rank = 1;
    else if (lang.code.includes(q) || names.some((n) => n.includes(q))) rank = 2;
    else return;
    ranked.push({ lang, rank, index });
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.index - b.index).map((r) => r.lang);
}

/** The language whose English or native name is exactly the query (case- and accent-insensitive). */
export function exactLanguage(query: string, languages: readonly Language[] = LANGUAGES, localName?: (code: string) => string): Language | undefined {
  const q = fold(query);
  if (!q) return undefined;
  return languages.find((lang) => fold(lang.name) === q || fold(lang.nativeName) === q || (localName && fold(localName(lang.code)) === q));
}

export interface LanguageComboboxProps {
  value: LanguageCode;
  onChange: (code: LanguageCode) => void;
  /** Accessible name (also shown by the caller as a visible label pointing at `id`). */
  label: string;
  placeholder: string;
  emptyText: string;
  id?: string;
  className?: string;
  /** A language's name in the interface language (default: its English name). */
  displayName?: (code: string) => string;
  'data-testid'?: string;
}

/**
 * An editable combobox (ARIA APG "combobox with listbox popup"): typing filters the 20 languages by name,
 * native name or code; an exact name selects at once; Enter picks the active (first) match; arrows move;
 * Escape closes and restores the chosen name.
 */
export function LanguageCombobox({ value, onChange, label, placeholder, emptyText, id, className, displayName, ...rest }: LanguageComboboxProps) {
  const shown = (lang: Language) => displayName?.(lang.code) ?? lang.name;
  const autoId = useId();
  const inputId = id ?? `${autoId}-input`;
  const listId = `${autoId}-list`;
  const anchorRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  /** What the user typed; null while not editing (the input shows the chosen language). */
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);

  const selected = LANGUAGES.find((l) => l.code === value);
  const options = useMemo(() => filterLanguages(query ?? '', LANGUAGES, displayName), [query, displayName]);
  const activeIndex = options.length === 0 ? -1 : Math.min(active, options.length - 1);
  const optionId = (code: string) => `${autoId}-opt-${code}`;

  const openList = (startAt?: number) => {
    if (!open) {
      const current = options.findIndex((l) => l.code === value);
      setActive(startAt ?? Math.max(current, 0));
    }
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setQuery(null);
  };
  const choose = (lang: Language) => {
    if (lang.code !== value) onChange(lang.code);
    close();
  };
  const moveTo = (index: number) => {
    setActive(index);
    document.getElementById(optionId(options[index]?.code ?? ''))?.scrollIntoView?.({ block: 'nearest' });
  };

  const onType = (text: string) => {
    setQuery(text);
    setActive(0);
    setOpen(true);
    const exact = exactLanguage(text, LANGUAGES, displayName);
    if (exact && exact.code !== value) onChange(exact.code);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else if (last >= 0) moveTo(activeIndex >= last ? 0 : activeIndex + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList();
        else if (last >= 0) moveTo(activeIndex <= 0 ? last : activeIndex - 1);
        break;
      case 'Home':
      case 'End':
        if (open && last >= 0) {
          event.preventDefault();
          moveTo(event.key === 'Home' ? 0 : last);
        }
        break;
      case 'Enter': {
        const pick = options[activeIndex];
        if (open || query !== null) {
          event.preventDefault();
          if (pick) choose(pick);
        }
        break;
      }
      case 'Escape':
        if (open || query !== null) {
          event.preventDefault();
          event.stopPropagation();
          close();
        }
        break;
      case 'Tab':
        close();
        break;
    }
  };

  return (
    <PopoverPrimitive.Root open={open} onOpenChange={(next) => (next ? openList() : close())}>
      <PopoverPrimitive.Anchor asChild>
        <div ref={anchorRef} className={cn('relative', className)}>
          <input
            ref={inputRef}
            id={inputId}
            type="text"
            role="combobox"
            aria-label={label}
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={open && activeIndex >= 0 ? optionId(options[activeIndex]!.code) : undefined}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            placeholder={placeholder}
            value={query ?? (selected ? shown(selected) : value)}
            data-value={value}
            data-testid={rest['data-testid']}
            className={cn(inputClass, 'h-10 truncate pe-9')}
            onChange={(e) => onType(e.target.value)}
            onClick={() => (open ? undefined : openList())}
            onFocus={(e) => e.currentTarget.select()}
            onBlur={close}
            onKeyDown={onKeyDown}
          />
          <button
            type="button"
            tabIndex={-1}
            aria-hidden="true"
            className="absolute inset-y-0 end-0 flex w-9 items-center justify-center text-muted-foreground"
            onMouseDown={(e) => {
              e.preventDefault(); // keep focus in the input
              inputRef.current?.focus();
              if (open) close();
              else openList();
            }}
          >
            <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} />
          </button>
        </div>
      </PopoverPrimitive.Anchor>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          align="start"
          sideOffset={4}
          collisionPadding={8}
          onOpenAutoFocus={(e) => e.preventDefault()}
          onCloseAutoFocus={(e) => e.preventDefault()}
          onInteractOutside={(e) => {
            if (anchorRef.current?.contains(e.target as Node)) e.preventDefault();
          }}
          className={cn(
            'z-50 w-[var(--radix-popover-trigger-width)] min-w-56 overflow-hidden rounded-xl border border-border bg-card p-1 shadow-lg',
            'data-[state=open]:animate-in-fade',
          )}
        >
          <ul
            id={listId}
            role="listbox"
            aria-label={label}
            className="max-h-[min(18rem,var(--radix-popover-content-available-height))] overflow-y-auto overscroll-contain"
          >
            {options.map((lang, index) => (
              <li
                key={lang.code}
                id={optionId(lang.code)}
                role="option"
                aria-selected={index === activeIndex}
                data-code={lang.code}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-sm',
                  index === activeIndex && 'bg-secondary text-secondary-foreground',
                )}
                onMouseDown={(e) => e.preventDefault()}
                onMouseMove={() => index !== activeIndex && setActive(index)}
                onClick={() => choose(lang)}
              >
                <Check className={cn('size-4 shrink-0 text-primary', lang.code !== value && 'invisible')} aria-hidden="true" />
                <span className="truncate">{shown(lang)}</span>
                {lang.nativeName.toLocaleLowerCase() !== shown(lang).toLocaleLowerCase() && <span className="truncate text-muted-foreground">{lang.nativeName}</span>}
                <span className="ms-auto text-xs uppercase text-muted-foreground">{lang.code}</span>
              </li>
            ))}
          </ul>
          {options.length === 0 && (
            <p role="status" className="px-2.5 py-6 text-center text-sm text-muted-foreground">
              {emptyText}
            </p>
          )}
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
