/**
 * What in a chat message must reach the reader exactly as written: code, links, addresses, names of
 * people, channels, files and things, key combinations, amounts, times, dates, phone numbers, emoji
 * and markdown marks. Each rule is a regular expression over the whole text; overlapping matches are
 * resolved by taking the earliest, then the longest (a URL wins over the path inside it, a code
 * block over everything in it).
 */

export type SpanKind =
  | 'code' | 'url' | 'email' | 'mention' | 'hashtag' | 'path' | 'file' | 'identifier' | 'keys'
  | 'amount' | 'time' | 'date' | 'phone' | 'emoji' | 'markdown' | 'mark';

export interface ProtectedSpan {
  start: number;
  end: number;
  kind: SpanKind;
}

const TLDS = 'com|org|net|io|dev|app|co|edu|gov|info|biz|me|tv|ai|ly|gg|xyz|eu|uk|us|ca|au|de|fr|es|it|pt|nl|be|ch|at|se|no|dk|fi|pl|ro|ru|ua|br|mx|ar|cl|jp|cn|kr|in|tr|gr|cz|hu|ie|nz|za|cat|gal';
const FILE_EXTS =
  'pdf|docx?|xlsx?|pptx?|odt|ods|odp|rtf|txt|md|csv|tsv|json|ya?ml|toml|ini|cfg|conf|env|xml|html?|css|scss|js|mjs|cjs|ts|tsx|jsx|py|rb|go|rs|java|kt|swift|c|cc|cpp|h|hpp|cs|php|sh|bash|sql|log|lock|png|jpe?g|gif|svg|webp|heic|bmp|tiff?|ico|mp3|mp4|m4a|wav|ogg|flac|mov|avi|mkv|webm|zip|tar|gz|tgz|bz2|xz|7z|rar|apk|ipa|exe|msi|dmg|iso|deb|rpm|epub|psd|ai|sketch|fig|key|numbers|pages|ics|vcf|bak|tmp|dat|bin|img|wasm';
const KEY_NAMES =
  'Ctrl|Control|Alt|AltGr|Shift|Cmd|Command|Option|Opt|Meta|Win|Windows|Super|Fn|Tab|Enter|Return|Esc|Escape|Delete|Del|Space|Backspace|Home|End|PgUp|PgDn|PageUp|PageDown|Insert|Ins|Up|Down|Left|Right|F\\d{1,2}|[A-Z0-9]|[-=`\\[\\];\',./\\\\]';
const UNITS_SPACED = 'kg|km|cm|mm|mg|ml|GB|MB|KB|kB|TB|GHz|MHz|kWh|kW|mph|km/h|°C|°F|USD|EUR|GBP|CHF|JPY|MXN|BRL|RON|UAH|RUB|%|€|£|¥|₽|₴|lbs?|oz|sq ft|m²|m2';
const UNITS_TIGHT = 'g|m|l|L|h|s|ms|min|ft|in|px|pt|em|rem|k|K|M|bn|x|W|V|Hz|\\$';

/** Trailing punctuation that ends a sentence rather than a URL or path (a ')' only when unbalanced). */
function trimTrailing(text: string, start: number, end: number): number {
  let e = end;
  while (e > start) {
    const c = text[e - 1] as string;
    if (/[.,;:!?'"»”’]/.test(c)) e -= 1;
    else if (c === ')' && count(text.slice(start, e), '(') < count(text.slice(start, e), ')')) e -= 1;
    else break;
  }
  return e;
}
const count = (s: string, c: string) => s.split(c).length - 1;

interface Rule {
  kind: SpanKind;
  pattern: RegExp;
  /** Trim sentence punctuation from the end of the match. */
  trim?: boolean;
  /** Keep the match only when this holds. */
  accept?: (match: string) => boolean;
}

const W = '[\\p{L}\\p{N}]';
/** origin/main, feature/login: git remotes and branch prefixes (and/or, he/she stay words). */
const GIT_PREFIX = /^(?:origin|upstream|remotes|refs|heads|feature|features|feat|fix|bugfix|hotfix|release|chore|main|master|dev|develop)\//i;
/** 1st, 2nd, 3e, 2º, 1ère: words, translated. */
const ORDINAL = /^\d+(?:st|nd|rd|th|er|re|e|ème|eme|º|ª|o|a|oa|ый|ий|ой|й|я|е|го)$/iu;
const RULES: Rule[] = [
  // Our own marks (see protect.ts) and tokens the wire formats use, should a user write them.
  { kind: 'mark', pattern: /[\uE100-\uE8FF]|⟦\d+⟧/gu },
  { kind: 'code', pattern: /```[\s\S]*?(?:```|$)/g },
  { kind: 'code', pattern: /`[^`\n]+`/g },
  { kind: 'url', pattern: /\b(?:https?|ftp|wss?|file|mailto|tel|sms|geo):(?:\/\/)?[^\s<>"'`]+/gi, trim: true },
  { kind: 'url', pattern: /\bwww\.[^\s<>"'`]+/gi, trim: true },
  { kind: 'email', pattern: /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu, trim: true },
  {
    kind: 'url',
    pattern: new RegExp(`(?<![\\p{L}\\p{N}@./_-])(?:[\\p{L}\\p{N}-]+\\.)+(?:${TLDS})(?::\\d+)?(?:/[^\\s<>"'\`]*)?(?![\\p{L}\\p{N}_-])`, 'gu'),
    trim: true,
  },
  // Markdown links: the brackets and the address are kept, the link text is translated.
  { kind: 'markdown', pattern: /\]\([^)\s]+\)/g },
  { kind: 'markdown', pattern: /\[(?=[^\]\n]+\]\()/g },
  { kind: 'mention', pattern: /(?<![\p{L}\p{N}_@])@[\p{L}\p{N}_][\p{L}\p{N}_.-]*(?<![.-])/gu },
  { kind: 'hashtag', pattern: /(?<![\p{L}\p{N}_#&])#[\p{L}\p{N}_][\p{L}\p{N}_-]*(?<!-)/gu },
  // Times and dates before amounts and ids (10:30, 2026-11-27, 27/11/2026, 5pm).
  { kind: 'date', pattern: /(?<![\p{L}\p{N}])\d{4}-\d{2}-\d{2}(?:[T ]\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?)?(?![\p{L}\p{N}])/gu },
  { kind: 'date', pattern: /(?<![\p{L}\p{N}/.])\d{1,2}[/.]\d{1,2}[/.](?:\d{4}|\d{2})(?![\p{L}\p{N}/])/gu },
  { kind: 'time', pattern: /(?<![\p{L}\p{N}:])\d{1,2}[:h]\d{2}(?::\d{2})?(?:\s?(?:[ap]\.m\.|[ap]m\b|h\b))?(?![\p{L}\p{N}:])/giu },
  { kind: 'time', pattern: /(?<![\p{L}\p{N}])\d{1,2}\s?(?:[ap]\.m\.|[ap]m)(?![\p{L}\p{N}])/giu },
  { kind: 'path', pattern: /(?<![\p{L}\p{N}_.])[A-Za-z]:\\(?:[^\s\\<>:"|?*]+\\?)*/gu, trim: true },
  { kind: 'path', pattern: /\\\\[\w.-]+(?:\\[^\s\\<>:"|?*]+)+/g, trim: true },
  { kind: 'path', pattern: /(?<![\p{L}\p{N}_./:-])(?:~|\.{1,2})?\/(?:[\p{L}\p{N}_.@%+~-]+\/?)+/gu, trim: true },
  { kind: 'path', pattern: /(?<![\p{L}\p{N}_./-])~(?=\/)/gu },
  // word/word-2, src/app/main.ts: a slash and a sign of a name (digit, dash, underscore, dot, a second slash).
  {
    kind: 'path',
    pattern: /(?<![\p{L}\p{N}_./-])[\p{L}\p{N}_.-]+\/[\p{L}\p{N}_.-]+(?:\/[\p{L}\p{N}_.-]+)*\/?(?![\p{L}\p{N}_])/gu,
    trim: true,
    accept: (m) => /[\d_.-]/.test(m) || count(m, '/') >= 2 || GIT_PREFIX.test(m),
  },
  { kind: 'file', pattern: new RegExp(`(?<![\\p{L}\\p{N}_.-])[\\p{L}\\p{N}_.()-]*[\\p{L}\\p{N}_)-]\\.(?:${FILE_EXTS})(?![\\p{L}\\p{N}_])`, 'giu') },
  { kind: 'keys', pattern: new RegExp(`(?<![\\p{L}\\p{N}])(?:${KEY_NAMES})(?:\\s?\\+\\s?(?:${KEY_NAMES}))+(?![\\p{L}\\p{N}])`, 'giu') },
  { kind: 'keys', pattern: /[⌘⌥⇧⌃]+\s?[A-Z0-9]?/gu },
  { kind: 'identifier', pattern: /(?<![\p{L}\p{N}_])[\p{L}\p{N}_.-]*[\p{L}\p{N}]=[^\s,;]+/gu, trim: true },
  { kind: 'identifier', pattern: new RegExp(`(?<![\\p{L}\\p{N}_])_*${W}+(?:_+${W}+)+_*(?![\\p{L}\\p{N}_])`, 'gu') },
  // camelCase / PascalCase with an inner capital: getUserName, TypeError, iPhone, McDonald is a name too.
  { kind: 'identifier', pattern: /(?<![\p{L}\p{N}_])\p{L}[\p{Ll}\p{N}]*\p{Ll}[\p{Lu}][\p{L}\p{N}]*(?:\(\))?(?![\p{L}\p{N}_])/gu },
  { kind: 'identifier', pattern: /(?<![\p{L}\p{N}_])\p{Ll}[\p{Lu}][\p{L}\p{N}]*(?:\(\))?(?![\p{L}\p{N}_])/gu },
  { kind: 'identifier', pattern: /(?<![\p{L}\p{N}_.])[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)*\(\)/gu },
  { kind: 'identifier', pattern: /(?<![\p{L}\p{N}_])[A-Z]{2,}[a-z]+[A-Z][\p{L}\p{N}]*(?![\p{L}\p{N}_])/gu },
  // Phone numbers: +34 612 345 678, (555) 123-4567, 020 7946 0958: at least 7 digits in groups.
  {
    kind: 'phone',
    pattern: /(?<![\p{L}\p{N}+.,])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{1,4}\)[\s.-]?)?\d{2,4}(?:[\s.-]\d{2,4}){1,4}(?![\p{L}\p{N}]|[.,]\d)/gu,
    accept: (m) => (m.match(/\d/g)?.length ?? 0) >= 7 && !/^\d{1,3}(?:[.,]\d{3})+$/.test(m),
  },
  { kind: 'phone', pattern: /(?<![\p{L}\p{N}])\+\d{7,15}(?![\p{L}\p{N}])/gu },
  // Amounts: $20, €9.99, 1,250.50 EUR, 5 kg, 30%, 2.5GHz, 10k, 3x.
  { kind: 'amount', pattern: /[$€£¥₹₽₴]\s?\d[\d.,]*(?:\s?(?:k|K|M|bn|million|millones|millions?))?(?![\p{L}\p{N}])/gu },
  { kind: 'amount', pattern: new RegExp(`(?<![\\p{L}\\p{N}.,])\\d[\\d.,]*\\s?(?:${UNITS_SPACED})(?![\\p{L}\\p{N}])`, 'gu') },
  { kind: 'amount', pattern: new RegExp(`(?<![\\p{L}\\p{N}.,])\\d[\\d.,]*(?:${UNITS_TIGHT})(?![\\p{L}\\p{N}])`, 'gu') },
  { kind: 'amount', pattern: /(?<![\p{L}\p{N}.,])\d{1,3}(?:[.,]\d{3})+(?:[.,]\d+)?(?![\p{L}\p{N}])|(?<![\p{L}\p{N}.,])\d+[.,]\d+(?![\p{L}\p{N}])/gu },
  // Versions and ids with digits: v2.1.0, Blue-Horse-42, ABC-123, COVID19, A4, mp3.
  { kind: 'identifier', pattern: /(?<![\p{L}\p{N}_.])v?\d+(?:\.\d+){2,}(?:-[\p{L}\p{N}.]+)?(?![\p{L}\p{N}_])/gu },
  { kind: 'identifier', pattern: /(?<![\p{L}\p{N}_-])[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+(?![\p{L}\p{N}_-])/gu, accept: (m) => /\p{N}/u.test(m) },
  {
    kind: 'identifier',
    pattern: /(?<![\p{L}\p{N}_])(?=[\p{L}\p{N}]*\p{L})(?=[\p{L}\p{N}]*\p{N})[\p{L}\p{N}]+(?![\p{L}\p{N}_])/gu,
    accept: (m) => !ORDINAL.test(m),
  },
  // Emoji (with skin tones, variation selectors and ZWJ sequences), flags, and emoticons between blanks.
  { kind: 'emoji', pattern: /(?:\p{Extended_Pictographic}|\p{Regional_Indicator}{2})(?:\uFE0E|\uFE0F|\u20E3|[\u{1F3FB}-\u{1F3FF}]|\u200D\p{Extended_Pictographic}\uFE0F?)*/gu },
  {
    kind: 'emoji',
    pattern: /(?<![^\s([{"'])(?:[:;=8xX][-'^o]?[)(\][dDpPoO3/\\|*$@]+|[)(\]][-'^]?[:;=]|<\/?3+|\^_*\^|[oO0T;>-]_+[oO0T;<-]|¯\\_\(ツ\)_\/¯|\(\s?[╯°□‿ᵔ].{0,12}?\)|:'[()]|xD+|XD+)(?=$|[\s.,!?)\]}"'])/gu,
  },
  // Markdown: emphasis and strike marks, block quotes, list bullets, headings.
  { kind: 'markdown', pattern: /\*\*|__|~~|(?<![\p{L}\p{N}*])\*(?=\S)|(?<=\S)\*(?![\p{L}\p{N}*])|(?<![\p{L}\p{N}_])_(?=[\p{L}\p{N}])|(?<=[\p{L}\p{N}.!?])_(?![\p{L}\p{N}_])/gu },
  { kind: 'markdown', pattern: /^[ \t]*(?:>+|[-*+]|\d+[.)]|#{1,6})(?=[ \t])/gmu },
];

/** Every span of `text` to carry through translation unchanged, in order, without overlaps. */
export function findProtectedSpans(text: string): ProtectedSpan[] {
  const found: ProtectedSpan[] = [];
  RULES.forEach((rule) => {
    for (const match of text.matchAll(rule.pattern)) {
      const start = match.index;
      const end = rule.trim ? trimTrailing(text, start, start + match[0].length) : start + match[0].length;
      if (end > start && (!rule.accept || rule.accept(text.slice(start, end)))) found.push({ start, end, kind: rule.kind });
    }
  });
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const spans: ProtectedSpan[] = [];
  let reached = 0;
  for (const span of found) {
    if (span.start < reached) continue;
    spans.push(span);
    reached = span.end;
  }
  return spans;
}
