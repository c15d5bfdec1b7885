import type { TranslationBudgetLimits } from '@parley/common';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The console's choice of engines: the order they are tried in and those switched off. */
export interface EnginePolicy {
  order: string[];
  off: string[];
}

const ENGINES_KEY = 'translation_engines';
const BUDGET_KEY = 'translation_budget';

export interface TranslationSettingsOptions {
  /** TRANSLATION_CHARS_PER_MINUTE / _PER_DAY: the budget until an operator sets one. */
  defaultBudget: TranslationBudgetLimits;
  /** How long a read is reused (default 2 s): other nodes see a change within this; the node that made it at once. */
  ttlMs?: number | undefined;
  onError?: ((error: unknown) => void) | undefined;
}

interface Loaded {
  engines: EnginePolicy | null;
  budget: TranslationBudgetLimits;
}

/**
 * The Translation tab's settings, kept as rows of `settings` (like the registration mode) so every node
 * reads the same. Read on the translation path (router, budget): one indexed query per `ttlMs` at most.
 * A failed read keeps the last values (or the defaults): translation never fails for it.
 */
export class TranslationSettings {
  private loaded: { at: number; value: Promise<Loaded> } | undefined;
  private last: Loaded;

  constructor(private readonly db: Kysely<Database>, private readonly options: TranslationSettingsOptions) {
    this.last = { engines: null, budget: options.defaultBudget };
  }

  get defaultBudget(): TranslationBudgetLimits {
    return this.options.defaultBudget;
  }

  /** null: nothing chosen in the console, TRANSLATION_ENGINES' order with every engine on. */
  async engines(): Promise<EnginePolicy | null> {
    return (await this.load()).engines;
  }

  async budget(): Promise<TranslationBudgetLimits> {
    return (await this.load()).budget;
  }

  /** The next read goes to the database (after this node changed a setting). */
  invalidate(): void {
    this.loaded = undefined;
  }

  private load(): Promise<Loaded> {
    const now = Date.now();
    if (this.loaded && now - this.loaded.at < (this.options.ttlMs ?? 2_000)) return this.loaded.value;
    const value = readSettings(this.db, this.options.defaultBudget).then(
      (read) => (this.last = read),
      (error: unknown) => {
        this.options.onError?.(error);
        this.loaded = undefined;
        return this.last;
      },
    );
    this.loaded = { at: now, value };
    return value;
  }
}

export async function readSettings(db: Kysely<Database>, defaultBudget: TranslationBudgetLimits): Promise<Loaded> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', [ENGINES_KEY, BUDGET_KEY]).execute();
  const parsed = (key: string) => {
    const raw = rows.find((r) => r.key === key)?.value;
    try {
      return raw ? (JSON.parse(raw) as unknown) : undefined;
    } catch {
      return undefined;
    }
  };
  const engines = parsed(ENGINES_KEY) as Partial<EnginePolicy> | undefined;
  const budget = parsed(BUDGET_KEY) as Partial<TranslationBudgetLimits> | undefined;
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  const positive = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : fallback);
  return {
    engines: engines ? { order: strings(engines.order), off: strings(engines.off) } : null,
    budget: {
      charsPerMinute: positive(budget?.charsPerMinute, defaultBudget.charsPerMinute),
      charsPerDay: positive(budget?.charsPerDay, defaultBudget.charsPerDay),
    },
  };
}

async function put(db: Kysely<Database>, key: string, value: string, now: Date): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
}

export const saveEnginePolicy = (db: Kysely<Database>, policy: EnginePolicy, now: Date) => put(db, ENGINES_KEY, JSON.stringify(policy), now);
export const saveBudget = (db: Kysely<Database>, limits: TranslationBudgetLimits, now: Date) =>
  put(db, BUDGET_KEY, JSON.stringify({ charsPerMinute: limits.charsPerMinute, charsPerDay: limits.charsPerDay }), now);
