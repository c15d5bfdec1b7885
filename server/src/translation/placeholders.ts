/**
 * Interface strings carry placeholders ({name}, {username}, {n}, {query}, ...) that must survive
 * translation. Before translating, each one is swapped for a character of the Unicode private use
 * area (U+E000, U+E001, ...): engines pass those through untouched (Apertium treats them as
 * unknown symbols and keeps their position; the OpenAI prompt asks to keep them). After
 * translating they are put back; if any went missing or doubled, the caller keeps the English.
 */

const PLACEHOLDER = /\{[A-Za-z_][A-Za-z0-9_]*\}/g;
const FIRST = 0xe000;
const LAST = 0xf8ff;

export interface Protected {
  text: string;
  /** tokens[i] is the placeholder hidden behind U+E000 + i. */
  tokens: string[];
}

export function protectPlaceholders(text: string): Protected {
  const tokens: string[] = [];
  const protectedText = text.replace(PLACEHOLDER, (match) => {
    if (FIRST + tokens.length > LAST) return match;
    tokens.push(match);
    return String.fromCharCode(FIRST + tokens.length - 1);
  });
  return { text: protectedText, tokens };
}

/** The translation with placeholders restored, or undefined when one is missing or repeated. */
export function restorePlaceholders(translated: string, tokens: readonly string[]): string | undefined {
  for (let i = 0; i < tokens.length; i += 1) {
    const mark = String.fromCharCode(FIRST + i);
    if (translated.split(mark).length !== 2) return undefined;
  }
  let extra = false;
  const restored = translated.replace(/[\uE000-\uF8FF]/g, (mark) => {
    const token = tokens[mark.charCodeAt(0) - FIRST];
    if (token === undefined) extra = true;
    return token ?? mark;
  });
  return extra ? undefined : restored;
}
