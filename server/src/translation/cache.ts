import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { TextSpan } from '@parley/common';
import type { Db } from '../db/connect.ts';
import { StatementBatch } from '../platform/batch.ts';

/** What makes two translations the same: engine, pair, formality variant and the exact text. */
export interface CacheKey {
  engine: string;
  source: string;
  target: string;
  /** 'neutral' without context; see TranslationEngine.cacheVariant. */
  formality: string;
  text: string;
}

/** A cached answer: the text and the words the engine left untranslated. */
export interface CachedTranslation {
  text: string;
  unknown?: TextSpan[] | undefined;
}

/**
 * Where an answer may be kept: `shared` (the table every node reads, for interface strings, scans, documents, link
 * cards) or `memory` (this process's LRU only: a chat message or draft, whose translation is stored with the message
 * itself; the shared table would be a second copy of people's words that outlives deleting them, and a statement per
 * turn for texts that rarely repeat).
 */
export type CacheScope = 'shared' | 'memory';

export interface TranslationCache {
  get(key: CacheKey, scope?: CacheScope): Promise<CachedTranslation | undefined>;
  set(key: CacheKey, translated: CachedTranslation, scope?: CacheScope): Promise<void>;
  /** Waits for background pruning (before closing the database). */
  flush(): Promise<void>;
}

export function hashText(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function memoryKey(key: CacheKey, hash: string): string {
  return `${key.engine}\u0001${key.source}\u0001${key.target}\u0001${key.formality}\u0001${hash}`;
}

/** A small least-recently-used map. */
export class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly capacity: number) {}

  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    if (this.capacity <= 0) return;
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.capacity) {
      const oldest = this.map.keys().next().value as string;
      this.map.delete(oldest);
    }
  }

  clear(): void {
    this.map.clear();
  }

  get size(): number {
    return this.map.size;
  }
}

export interface DbCacheOptions {
  /** Rows older than this are ignored and deleted (default 30). */
  maxAgeDays?: number | undefined;
  /** Newest rows kept when pruning (default 200,000). */
  maxRows?: number | undefined;
  /** In-memory LRU entries in front of the table (default 5,000; 0 = none). */
  memoryEntries?: number | undefined;
  /** Prune after this many writes (default 500) — never on every call. */
  pruneEveryWrites?: number | undefined;
  onError?: ((error: unknown, during: 'get' | 'set' | 'prune') => void) | undefined;
}

/**
 * The translation_cache table (PK engine, source, target, formality, text_hash) with an LRU in
 * front; the lookups and the writes of one turn each go as one statement (platform/batch.ts).
 * Bounded by age and by row count; pruning runs in the background every N writes.
 * A failing cache never fails a translation: errors are reported to onError and ignored.
 */
export class DbTranslationCache implements TranslationCache {
  private readonly lru: Lru<CachedTranslation>;
  private readonly maxAgeMs: number;
  private readonly maxRows: number;
  private readonly pruneEvery: number;
  private writes = 0;
  private pruning: Promise<void> | undefined;
  private readonly reads = new StatementBatch((items: { key: CacheKey; hash: string }[]) => this.readMany(items));
  private readonly writesBatch = new StatementBatch((items: { key: CacheKey; hash: string; translated: CachedTranslation }[]) => this.writeMany(items));

  constructor(private readonly db: Db, private readonly options: DbCacheOptions = {}) {
    this.lru = new Lru(options.memoryEntries ?? 5_000);
    this.maxAgeMs = (options.maxAgeDays ?? 30) * 86_400_000;
    this.maxRows = options.maxRows ?? 200_000;
    this.pruneEvery = Math.max(1, options.pruneEveryWrites ?? 500);
  }

  async get(key: CacheKey, scope: CacheScope = 'shared'): Promise<CachedTranslation | undefined> {
    const hash = hashText(key.text);
    const lruKey = memoryKey(key, hash);
    const hit = this.lru.get(lruKey);
    if (hit !== undefined || scope === 'memory') return hit;
    try {
      const found = await this.reads.add({ key, hash });
      if (found) this.lru.set(lruKey, found);
      return found;
    } catch (error) {
      this.options.onError?.(error, 'get');
      return undefined;
    }
  }

  async set(key: CacheKey, translated: CachedTranslation, scope: CacheScope = 'shared'): Promise<void> {
    const hash = hashText(key.text);
    this.lru.set(memoryKey(key, hash), translated);
    if (scope === 'memory') return;
    try {
      await this.writesBatch.add({ key, hash, translated });
    } catch (error) {
      this.options.onError?.(error, 'set');
      return;
    }
    this.writes += 1;
    if (this.writes % this.pruneEvery === 0 && !this.pruning) {
      this.pruning = this.prune()
        .then(() => undefined, (error: unknown) => this.options.onError?.(error, 'prune'))
        .finally(() => {
          this.pruning = undefined;
        });
    }
  }

  /** The lookups of one turn (concurrent translation jobs) in one statement. */
  private async readMany(items: { key: CacheKey; hash: string }[]): Promise<(CachedTranslation | undefined)[]> {
    const rows = await this.db
      .selectFrom('translation_cache')
      .select(['engine', 'source', 'target', 'formality', 'text_hash', 'translated_text', 'unknown_spans'])
      .where((eb) => eb(eb.refTuple('engine', 'source', 'target', 'formality', 'text_hash'), 'in',
        items.map(({ key, hash }) => eb.tuple(key.engine, key.source, key.target, key.formality, hash))))
      .where('created_at', '>', new Date(Date.now() - this.maxAgeMs))
      .execute();
    const byKey = new Map(rows.map((r) => [memoryKey({ ...r, text: '' }, r.text_hash),
      { text: r.translated_text, ...(r.unknown_spans?.length ? { unknown: r.unknown_spans } : {}) }]));
    return items.map(({ key, hash }) => byKey.get(memoryKey(key, hash)));
  }

  /** The answers of one turn in one upsert (a key twice: the last answer). */
  private async writeMany(items: { key: CacheKey; hash: string; translated: CachedTranslation }[]): Promise<void[]> {
    const now = new Date();
    const rows = new Map(items.map(({ key, hash, translated }) => [memoryKey(key, hash), {
      engine: key.engine, source: key.source, target: key.target, formality: key.formality, text_hash: hash, created_at: now,
      translated_text: translated.text, unknown_spans: translated.unknown?.length ? JSON.stringify(translated.unknown) : null,
    }]));
    await this.db
      .insertInto('translation_cache')
      .values([...rows.values()])
      .onConflict((oc) => oc.columns(['engine', 'source', 'target', 'formality', 'text_hash']).doUpdateSet((eb) => ({
        translated_text: eb.ref('excluded.translated_text'), unknown_spans: eb.ref('excluded.unknown_spans'), created_at: eb.ref('excluded.created_at'),
      })))
      .execute();
    return items.map(() => undefined);
  }

  /** Deletes rows past the age limit, then the oldest rows beyond the row cap. Returns rows deleted. */
  async prune(): Promise<number> {
    const aged = await this.db
      .deleteFrom('translation_cache')
      .where('created_at', '<=', new Date(Date.now() - this.maxAgeMs))
      .executeTakeFirst();
    let deleted = Number(aged.numDeletedRows);
    const boundary = await this.db
      .selectFrom('translation_cache')
      .select('created_at')
      .orderBy('created_at', 'desc')
      .offset(this.maxRows)
      .limit(1)
      .executeTakeFirst();
    if (boundary) {
      // The rows at or past position maxRows (newest first): delete them by physical row id.
      const capped = await sql<{ n: number }>`
        WITH doomed AS (
          SELECT ctid FROM translation_cache ORDER BY created_at DESC OFFSET ${this.maxRows}
        )
        DELETE FROM translation_cache WHERE ctid IN (SELECT ctid FROM doomed)`.execute(this.db);
      deleted += Number(capped.numAffectedRows ?? 0);
    }
    this.lru.clear();
    return deleted;
  }

  async flush(): Promise<void> {
    await this.pruning;
  }
}

/** Process-local cache, for tests and for running without a database. */
export class MemoryTranslationCache implements TranslationCache {
  private readonly lru: Lru<CachedTranslation>;
  constructor(capacity = 5_000) {
    this.lru = new Lru(capacity);
  }

  async get(key: CacheKey): Promise<CachedTranslation | undefined> {
    return this.lru.get(memoryKey(key, hashText(key.text)));
  }

  async set(key: CacheKey, translated: CachedTranslation): Promise<void> {
    this.lru.set(memoryKey(key, hashText(key.text)), translated);
  }

  async flush(): Promise<void> {}
}
