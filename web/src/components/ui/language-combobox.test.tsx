import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LanguageCode } from '@parley/common';
import { LanguageCombobox, exactLanguage, filterLanguages } from './language-combobox.tsx';

beforeAll(() => {
  // Radix measures the anchor; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterEach(cleanup);

const codes = (query: string) => filterLanguages(query).map((l) => l.code);

describe('filterLanguages', () => {
  it('lists all 20 languages for a blank query', () => {
    expect(codes('')).toHaveLength(20);
    expect(codes('   ')).toHaveLength(20);
  });

  it('matches English names, native names and codes, ignoring case and accents', () => {
    expect(codes('span')).toEqual(['es']);
    expect(codes('ESPANOL')).toEqual(['es']);
    expect(codes('deutsch')).toEqual(['de']);
    expect(codes('日本')).toEqual(['ja']);
    expect(codes('uk')).toEqual(['uk']);
  });

  it('ranks an exact code or name first, then names starting with the query', () => {
    expect(codes('it')[0]).toBe('it');
    expect(codes('en')[0]).toBe('en'); // before French, Swedish ... which contain 'en'
    expect(codes('po')).toEqual(['pt', 'pl']); // Portuguese, Polski (prefix) in list order
  });

  it('finds nothing for an unknown query', () => {
    expect(codes('klingon')).toEqual([]);
  });
});

describe('exactLanguage', () => {
  it('matches a whole English or native name, case-insensitively', () => {
    expect(exactLanguage('german')?.code).toBe('de');
    expect(exactLanguage('FRANÇAIS')?.code).toBe('fr');
    expect(exactLanguage('germ')).toBeUndefined();
    expect(exactLanguage('')).toBeUndefined();
  });
});

function Harness({ initial = 'en', onChange }: { initial?: LanguageCode; onChange?: (code: LanguageCode) => void }) {
  const [value, setValue] = useState<LanguageCode>(initial);
  return (
    <LanguageCombobox
      value={value}
      onChange={(code) => {
        setValue(code);
        onChange?.(code);
      }}
      label="Your language"
      placeholder="Search language..."
      emptyText="No languages found"
    />
  );
}

function setup(initial?: LanguageCode) {
  const onChange = vi.fn();
  render(<Harness initial={initial} onChange={onChange} />);
  const input = screen.getByRole('combobox', { name: 'Your language' }) as HTMLInputElement;
  return { input, onChange };
}

const optionNames = () => screen.queryAllByRole('option').map((o) => o.getAttribute('data-code'));

describe('LanguageCombobox', () => {
  it('shows the chosen language and opens a listbox of all languages on click', () => {
    const { input } = setup('es');
    expect(input.value).toBe('Spanish');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(input);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('listbox')).toBeTruthy();
    expect(optionNames()).toHaveLength(20);
    // The current language is the active descendant when the list opens.
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { selected: true }).id);
    expect(screen.getByRole('option', { selected: true }).getAttribute('data-code')).toBe('es');
  });

  it('filters as the user types and says when nothing matches', () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: 'ja' } });
    expect(optionNames()).toEqual(['ja']);
    fireEvent.change(input, { target: { value: 'zzz' } });
    expect(optionNames()).toEqual([]);
    expect(screen.getByText('No languages found')).toBeTruthy();
  });

  it('selects a language as soon as its exact name is typed, in any case', () => {
    const { input, onChange } = setup();
    fireEvent.change(input, { target: { value: 'germa' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'GERMAN' } });
    expect(onChange).toHaveBeenCalledWith('de');
  });

  it('picks the first filtered match on Enter and closes', () => {
    const { input, onChange } = setup();
    fireEvent.change(input, { target: { value: 'r' } });
    const first = optionNames()[0];
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith(first);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('moves the active option with the arrow keys (wrapping) and Enter chooses it', () => {
    const { input, onChange } = setup();
    fireEvent.change(input, { target: { value: 'an' } }); // several matches
    const names = optionNames();
    expect(names.length).toBeGreaterThan(2);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]!.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'ArrowUp' }); // wraps to the last
    expect(screen.getByRole('option', { selected: true }).getAttribute('data-code')).toBe(names[names.length - 1]);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith(names[names.length - 1]);
  });

  it('closes on Escape and restores the chosen name', () => {
    const { input, onChange } = setup('fr');
    fireEvent.change(input, { target: { value: 'pol' } });
    expect(input.value).toBe('pol');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.value).toBe('French');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('chooses a clicked option', () => {
    const { input, onChange } = setup();
    fireEvent.click(input);
    fireEvent.click(screen.getByRole('option', { name: /Korean/ }));
    expect(onChange).toHaveBeenCalledWith('ko');
    expect(input.value).toBe('Korean');
  });

  it('opens with ArrowDown when closed', () => {
    const { input } = setup();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });
});
