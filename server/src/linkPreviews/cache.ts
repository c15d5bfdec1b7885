import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { LinkPreviewsTable } from '../db/schema.ts';
import type { OutboundOptions } from '../platform/outbound.ts';
import type { DbStorage } from '../storage/dbStorage.ts';
import { guardedGet, type FetchProblem } from './fetch.ts';
import { thumbnail } from './image.ts';
import { decodePage, parsePage } from './parse.ts';

export type CachedPreview = Selectable<LinkPreviewsTable>;

/** The bucket of card images in stored_files: never served by the public /storage route (members only). */
export const IMAGE_BUCKET = 'link-previews';

export interface PreviewFetchOptions {
  db: Db;
  storage: DbStorage;
  guard: OutboundOptions;
  /** Tests shorten these. */
  limits?: Partial<PreviewLimits> | undefined;
}

export interface PreviewLimits {
  timeoutMs: number;
  pageMaxBytes: number;
  imageMaxBytes: number;
  maxRedirects: number;
  /** A card is fetched again after this long (a failure sooner). */
  freshMs: number;
  failedFreshMs: number;
}

export const DEFAULT_LIMITS: PreviewLimits = {
  timeoutMs: 5_000, pageMaxBytes: 1024 * 1024, imageMaxBytes: 5 * 1024 * 1024, maxRedirects: 3,
  freshMs: 24 * 3600_000, failedFreshMs: 3600_000,
};

/** The cache key of a URL: parsed and printed again (host lower-cased, default port dropped), without its #fragment. */
export function normalizeUrl(raw: string): string {
  const url = new URL(raw);
  url.hash = '';
  return url.toString();
}

export const imageKeyOf = (url: string) => `${createHash('sha256').update(url).digest('hex').slice(0, 40)}.jpg`;

/**
 * The card of a URL: the cached row while fresh (shared by every message and room that links it), else fetched now
 * through the guard and stored, success or failure (a failing site is not asked again for an hour).
 */
export async function previewOf(o: PreviewFetchOptions, rawUrl: string): Promise<CachedPreview> {
  const url = normalizeUrl(rawUrl);
  const limits = { ...DEFAULT_LIMITS, ...o.limits };
  const cached = await o.db.selectFrom('link_previews').selectAll().where('url', '=', url).executeTakeFirst();
  if (cached) {
    const age = Date.now() - new Date(cached.fetched_at).getTime();
    if (age < (cached.status === 'ok' ? limits.freshMs : limits.failedFreshMs)) return cached;
  }
  const row = await fetchCard(o, url, limits);
  return o.db.insertInto('link_previews').values(row)
    .onConflict((c) => c.column('url').doUpdateSet(row))
    .returningAll().executeTakeFirstOrThrow();
}

async function fetchCard(o: PreviewFetchOptions, url: string, limits: PreviewLimits) {
  const empty = { url, fetched_at: new Date(), final_url: null, title: null, description: null, site_name: null, image_key: null, image_width: null, image_height: null };
  const failed = (problem: FetchProblem | 'no_card') => ({ ...empty, status: 'failed' as const, problem });
  const page = await guardedGet(url, {
    guard: o.guard, timeoutMs: limits.timeoutMs, maxBytes: limits.pageMaxBytes, maxRedirects: limits.maxRedirects,
    accept: (type) => type === 'text/html' || type === 'application/xhtml+xml',
  });
  if (!page.ok) return failed(page.problem);
  const card = parsePage(decodePage(page.body), page.url);
  if (!card.title && !card.description) return failed('no_card');
  let image: { key: string; width: number; height: number } | null = null;
  if (card.imageUrl) {
    const got = await guardedGet(card.imageUrl, {
      guard: o.guard, timeoutMs: limits.timeoutMs, maxBytes: limits.imageMaxBytes, maxRedirects: limits.maxRedirects,
      accept: (type) => type.startsWith('image/') || type === 'application/octet-stream' || type === '',
    });
    const thumb = got.ok ? await thumbnail(got.body) : null;
    if (thumb) {
      const key = imageKeyOf(url);
      await o.storage.put(IMAGE_BUCKET, key, thumb.data);
      image = { key, width: thumb.width, height: thumb.height };
    }
  }
  return {
    ...empty, status: 'ok' as const, problem: null, final_url: page.url, title: card.title, description: card.description,
    site_name: card.siteName, image_key: image?.key ?? null, image_width: image?.width ?? null, image_height: image?.height ?? null,
  };
}
