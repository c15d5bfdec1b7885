import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_TRANSLATION_API, ENGINE_IDS, LANGUAGE_CODES, translationBudgetBody, translationEnginesBody,
  type ConsoleEngine, type CoverageRow, type TranslationConsole,
} from '@parley/common';
import type { Db } from '../db/connect.ts';
import { AppError } from '../http/errors.ts';
import type { TranslationEngine } from '../translation/engines/types.ts';
import { saveBudget, saveEnginePolicy, type TranslationSettings } from '../translation/operator/settings.ts';
import { listUsage, type UsageRecorder } from '../translation/operator/usage.ts';
import type { TranslationService } from '../translation/service.ts';
import { recordAudit } from './audit.ts';
import { actorOf } from './requireAdmin.ts';

export interface TranslationConsoleDeps {
  db: Db;
  now: () => Date;
  translation: TranslationService;
  settings: TranslationSettings;
  /** Engine calls counted in memory: written before the tab reads them. */
  usage: Pick<UsageRecorder, 'flush'>;
  requireAdmin: onRequestHookHandler;
}

/** Days of usage the tab shows. */
const USAGE_DAYS = 14;

const CELL = { direct: 'd', pivot: 'p', provider: 'h', none: '.' } as const;

function coverage(cell: (source: string, target: string) => keyof typeof CELL): CoverageRow[] {
  return LANGUAGE_CODES.map((s) => LANGUAGE_CODES.map((t) => (s === t ? '=' : CELL[cell(s, t)])).join(''));
}

const engineCoverage = (e: TranslationEngine) => coverage((s, t) => e.supports(s as never, t as never) ?? 'none');

/** GET and PUT of the console's Translation tab (issue 34 item 4); every route behind requireAdmin. */
export async function translationConsoleRoutes(app: FastifyInstance, deps: TranslationConsoleDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: deps.requireAdmin };
  const { router } = deps.translation;

  async function view(): Promise<TranslationConsole> {
    const pairs = await deps.translation.pairs();
    const health = await router.health();
    const active = router.active();
    const built = [...active, ...router.engines.filter((e) => !active.includes(e))];
    const engines: ConsoleEngine[] = built.map((e) => {
      const h = health.find((x) => x.id === e.id);
      const last = router.lastError(e.id);
      return {
        id: e.id, available: true, on: active.includes(e), live: h?.live ?? null, ...(h?.detail ? { detail: h.detail } : {}),
        ...(last ? { lastError: { code: last.code, message: last.message, at: last.at.toISOString() } } : {}),
        coverage: engineCoverage(e),
      };
    });
    const reasons = new Map(deps.translation.skipped.map((x) => [x.id, x.reason]));
    for (const id of ENGINE_IDS) {
      if (built.some((e) => e.id === id)) continue;
      const reason = reasons.get(id) ?? 'not in TRANSLATION_ENGINES';
      engines.push({ id, available: false, reason, on: false, live: null, coverage: [] });
    }
    const served = coverage((s, t) => pairs.find((p) => p.source === s && p.target === t)?.support ?? 'none');
    const budget = await deps.settings.budget();
    return {
      languages: [...LANGUAGE_CODES], engines, served,
      usage: await deps.usage.flush().then(() => listUsage(deps.db, USAGE_DAYS, deps.now())),
      budget: { ...budget, defaults: deps.settings.defaultBudget },
    };
  }

  r.get(ADMIN_TRANSLATION_API.translation, admin, view);

  r.put(ADMIN_TRANSLATION_API.engines, { ...admin, schema: { body: translationEnginesBody } }, async (request) => {
    const { order, off } = request.body;
    const built = router.engines.map((e) => e.id);
    const missing = order.find((id) => !built.includes(id));
    // An engine without its key or model was never built: it cannot be switched on (nor ordered).
    if (missing) throw new AppError(400, 'invalid_request', `The ${missing} engine is not available on this server (its key or model is missing)`);
    if (new Set(order).size !== order.length || order.length !== built.length) {
      throw new AppError(400, 'invalid_request', `The order must name each available engine once: ${built.join(', ')}`);
    }
    if (off.some((id) => !built.includes(id))) throw new AppError(400, 'invalid_request', 'Only an available engine can be switched off');
    const now = deps.now();
    const before = await deps.settings.engines();
    await deps.db.transaction().execute(async (trx) => {
      await saveEnginePolicy(trx, { order, off: [...new Set(off)] }, now);
      const details = { from: before ?? { order: built, off: [] }, to: { order, off } };
      await recordAudit(trx, { action: 'translation.engines_changed', actor: actorOf(request), details }, now);
    });
    deps.settings.invalidate();
    return view();
  });

  r.put(ADMIN_TRANSLATION_API.budget, { ...admin, schema: { body: translationBudgetBody } }, async (request) => {
    const limits = request.body;
    if (limits.charsPerDay < limits.charsPerMinute) {
      throw new AppError(400, 'invalid_request', 'The daily budget cannot be smaller than the budget per minute');
    }
    const now = deps.now();
    const before = await deps.settings.budget();
    await deps.db.transaction().execute(async (trx) => {
      await saveBudget(trx, limits, now);
      await recordAudit(trx, { action: 'translation.budget_changed', actor: actorOf(request), details: { from: before, to: limits } }, now);
    });
    deps.settings.invalidate();
    return view();
  });
}
