import { Parser } from 'htmlparser2';
import { LINK_PREVIEW_LIMITS } from '@parley/common';

export interface PageCard {
  title: string | null;
  description: string | null;
  siteName: string | null;
  /** Absolute http(s) URL of the page's image, or null. */
  imageUrl: string | null;
}

/**
 * What a page says about itself, as Slack's and Mattermost's unfurlers read it: Open Graph first (og:title,
 * og:description, og:site_name, og:image), then Twitter cards, then <title> and <meta name="description">; the site
 * name falls back to the host. Read with htmlparser2's streaming parser (no DOM is built; entities decoded; a broken
 * page parses as far as it goes). Texts are flattened to one line and cut to LINK_PREVIEW_LIMITS.
 */
export function parsePage(html: string, pageUrl: string): PageCard {
  const meta = new Map<string, string>();
  let title = '';
  let inTitle = false;
  let titleDone = false;
  const parser = new Parser({
    onopentag(name, attrs) {
      if (name === 'title' && !titleDone) inTitle = true;
      if (name !== 'meta') return;
      const key = (attrs.property ?? attrs.name ?? '').trim().toLowerCase();
      const content = attrs.content;
      if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
    },
    ontext(text) {
      if (inTitle) title += text;
    },
    onclosetag(name) {
      if (name === 'title' && inTitle) {
        inTitle = false;
        titleDone = true;
      }
    },
  }, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  parser.write(html);
  parser.end();
  const pick = (...keys: string[]) => keys.map((k) => clean(meta.get(k))).find((v) => v) ?? null;
  const image = pick('og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src');
  return {
    title: cut(pick('og:title', 'twitter:title') ?? clean(title), LINK_PREVIEW_LIMITS.titleMaxChars),
    description: cut(pick('og:description', 'twitter:description', 'description'), LINK_PREVIEW_LIMITS.descriptionMaxChars),
    siteName: cut(pick('og:site_name', 'application-name') ?? hostOf(pageUrl), LINK_PREVIEW_LIMITS.siteNameMaxChars),
    imageUrl: image ? absoluteHttp(image, pageUrl) : null,
  };
}

/** The page's bytes as text: the charset its <meta> names in the first 2 kB (windows-1252, Shift_JIS...), else UTF-8. */
export function decodePage(body: Buffer): string {
  const head = body.subarray(0, 2048).toString('latin1');
  const named = /<meta[^>]+charset=["']?([\w-]+)/i.exec(head)?.[1];
  try {
    return new TextDecoder(named ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

function clean(s: string | undefined): string | null {
  // One line, no control or bidi-override characters (they would reorder the reader's line).
  const t = (s ?? '').replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]+/gu, ' ').replace(/\s+/gu, ' ').trim();
  return t || null;
}

function cut(s: string | null, max: number): string | null {
  if (!s) return null;
  return s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`;
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

function absoluteHttp(raw: string, base: string): string | null {
  try {
    const url = new URL(raw, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}
