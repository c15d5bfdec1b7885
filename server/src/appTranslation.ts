import type { FastifyInstance } from 'fastify';
import { roomGlossary } from './chat/glossary.ts';
import { conversationFor } from './chat/translationContext.ts';
import { chatTranslatorFrom } from './chat/translator.ts';
import { createTranslationBudget } from './http/translationBudget.ts';
import { TranslationSettings } from './translation/operator/settings.ts';
import { UsageRecorder } from './translation/operator/usage.ts';
import { createTranslationService } from './translation/service.ts';
import type { AppDeps } from './appDeps.ts';

/**
 * The composition root's translation side (app.ts calls it once): the engines, the console's settings applied to
 * the router (engine order and switches, read from `settings` on every node), engine usage counted, the per-user
 * budget, and chat's translator with the room's glossary and, when an engine reads it, the conversation before.
 * Call after shareRateLimitsIn: the budget is counted in Redis when there is one, so every node spends the same.
 */
export function wireTranslation(app: FastifyInstance, deps: AppDeps, now: () => Date) {
  const { config } = deps;
  const db = deps.database.db;
  const translation = deps.translation ?? createTranslationService({ db, config: config.translation, logger: app.log });
  if (!deps.translation) app.addHook('onClose', async () => translation.close());
  const translationSettings = new TranslationSettings(db, {
    defaultBudget: config.translationBudget,
    onError: (err) => app.log.warn({ err }, 'translation settings could not be read; the last ones apply'),
  });
  translation.router.usePolicy(() => translationSettings.engines());
  const usage = new UsageRecorder(db, { onError: (err) => app.log.warn({ err }, 'translation usage not counted yet; tried again later') });
  translation.router.onUsage((engine, chars) => usage.add(engine, chars, now()));
  app.addHook('onClose', async () => usage.close().catch((err: unknown) => app.log.warn({ err }, 'translation usage of the last seconds not counted')));
  const budget = createTranslationBudget(() => translationSettings.budget());
  // Context only when an engine reads it (OpenAI-compatible): no query per message otherwise.
  const contextMessages = config.translation.engines.includes('openai') ? (config.translation.contextMessages ?? 0) : 0;
  const chatTranslator = deps.chatTranslator ?? chatTranslatorFrom(
    translation,
    (roomId) => roomGlossary(db, roomId),
    contextMessages > 0 ? (messageId, target) => conversationFor(db, messageId, target, contextMessages) : undefined,
  );
  return { translation, translationSettings, usage, budget, chatTranslator };
}
