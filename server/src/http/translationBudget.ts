import { AppError } from './errors.ts';
import { makeLimiter } from './rateLimit.ts';

export interface BudgetLimits {
  charsPerMinute: number;
  charsPerDay: number;
}

/**
 * One translation budget per user, in characters, shared by every path that calls an engine: translate,
 * the draft preview and its back-translation, Scan, read-aloud, photo and voice messages, and the
 * translations of what the user sends. Only engine calls count: a cached result is free. Counted in Redis
 * when the app shares its limits there (every node spends the same budget), else in this process.
 */
export interface TranslationBudget {
  /** Throws 429 `translation_budget` with Retry-After when the user's budget is spent. */
  check(userId: string): Promise<void>;
  /** check(), then count `chars` (an engine is about to work for this user). */
  spend(userId: string, chars: number): Promise<void>;
  /** Count without refusing: work already accepted (a sent message's translation). */
  charge(userId: string, chars: number): Promise<void>;
}

export const DEFAULT_BUDGET: BudgetLimits = { charsPerMinute: 30_000, charsPerDay: 1_000_000 };

/**
 * `limits` may be read per check (the console's setting, kept in the database so every node agrees): the
 * windows count the same characters whatever the limits, so a new limit applies at once.
 */
export function createTranslationBudget(limits: BudgetLimits | (() => Promise<BudgetLimits>)): TranslationBudget {
  const current = typeof limits === 'function' ? limits : async () => limits;
  // Points only matter for consume(), which the budget never calls: it adds with penalty() and compares itself.
  const windows = [
    { limiter: makeLimiter({ name: 'budget-min', points: Number.MAX_SAFE_INTEGER, durationSec: 60 }), points: (l: BudgetLimits) => l.charsPerMinute },
    { limiter: makeLimiter({ name: 'budget-day', points: Number.MAX_SAFE_INTEGER, durationSec: 24 * 3600 }), points: (l: BudgetLimits) => l.charsPerDay },
  ];
  const budget: TranslationBudget = {
    async check(userId) {
      const now = await current();
      for (const { limiter, points } of windows) {
        const res = await limiter.get(userId);
        if (res && res.consumedPoints >= points(now)) {
          const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
          throw new AppError(429, 'translation_budget', `You have used your translation allowance for now. Try again in ${seconds} seconds.`, { 'retry-after': String(seconds) });
        }
      }
    },
    async spend(userId, chars) {
      await budget.check(userId);
      await budget.charge(userId, chars);
    },
    async charge(userId, chars) {
      if (chars <= 0) return;
      await Promise.all(windows.map(({ limiter }) => limiter.penalty(userId, chars)));
    },
  };
  return budget;
}

/** A budget that never refuses (tests and tools that build the app without one). */
export const UNLIMITED_BUDGET: TranslationBudget = { async check() {}, async spend() {}, async charge() {} };
