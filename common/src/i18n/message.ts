import { IntlMessageFormat } from 'intl-messageformat';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { FormatVars } from './format.ts';

/**
 * ICU MessageFormat for the interface catalogs (FormatJS): `{name}` arguments and CLDR plurals such as
 * `{n, plural, one {# message} other {# messages}}`. Tags are plain text here (ignoreTag).
 */
const compiled = new Map<string, IntlMessageFormat | null>();

function compile(text: string, locale: string): IntlMessageFormat | null {
  const id = `${locale}\u0000${text}`;
  let message = compiled.get(id);
  if (message === undefined) {
    try {
      message = new IntlMessageFormat(text, locale, undefined, { ignoreTag: true });
    } catch {
      message = null; // Not valid ICU: shown with simple {placeholder} filling instead.
    }
    if (compiled.size > 2_000) compiled.clear();
    compiled.set(id, message);
  }
  return message;
}

/** Fill an ICU message in `locale`; a missing argument is shown as `{name}` rather than throwing. */
export function formatMessage(text: string, locale: string, vars: FormatVars = {}): string {
  if (!text.includes('{')) return text;
  // Most messages are text with {name} arguments: ICU gives exactly String(value) for those, so they are
  // filled here without parsing (the parser and locale resolution are most of a phone's first-render cost).
  if (SIMPLE_MESSAGE.test(text)) return fillArguments(text, vars);
  const message = compile(text, locale);
  const args: Record<string, string | number> = { ...vars };
  for (const name of messageArguments(text)) if (!(name in args)) args[name] = `{${name}}`;
  if (message) {
    try {
      const out = message.format(args);
      return Array.isArray(out) ? out.join('') : String(out);
    } catch {
      // Fall through to the simple filler.
    }
  }
  return fillArguments(text, args);
}

/** Only plain text and {name} arguments: no plural/select/number syntax and no ICU quoting ('). */
const SIMPLE_MESSAGE = /^(?:[^{}']|\{\w+\})*$/;

function fillArguments(text: string, args: FormatVars): string {
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (Object.hasOwn(args, name) ? String(args[name]) : match));
}

/** Parse an ICU message; throws on invalid syntax. */
export function parseMessage(text: string): MessageFormatElement[] {
  return parse(text, { ignoreTag: true, requiresOtherClause: true });
}

function walk(elements: MessageFormatElement[], visit: (element: MessageFormatElement) => void): void {
  for (const element of elements) {
    visit(element);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) walk(option.value, visit);
    }
  }
}

/** The argument names a message uses, sorted and unique: '{n, plural, ...} of {name}' -> ['n', 'name']. */
export function messageArguments(text: string): string[] {
  const names = new Set<string>();
  try {
    walk(parseMessage(text), (e) => {
      if (e.type !== TYPE.literal && e.type !== TYPE.pound) names.add(e.value);
    });
  } catch {
    for (const m of text.matchAll(/\{(\w+)/g)) names.add(m[1] as string);
  }
  return [...names].sort();
}

/** Plural selectors a message uses: [{argument, categories}] (exact `=0` matches excluded). */
export function pluralSelectors(text: string): { argument: string; categories: string[] }[] {
  const found: { argument: string; categories: string[] }[] = [];
  walk(parseMessage(text), (e) => {
    if (e.type === TYPE.plural) found.push({ argument: e.value, categories: Object.keys(e.options).filter((k) => !k.startsWith('=')) });
  });
  return found;
}

/** True when a message is more than plain text with {name} arguments (plural/select): not sent to machine translation. */
export function isComplexMessage(text: string): boolean {
  try {
    let complex = false;
    walk(parseMessage(text), (e) => {
      if (e.type === TYPE.plural || e.type === TYPE.select) complex = true;
    });
    return complex;
  } catch {
    return false;
  }
}
