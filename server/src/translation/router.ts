import { LANGUAGE_CODES, languageName, type LanguageCode, type PairInfo, type RelationshipContext, type TextSpan } from '@parley/common';
import { Lru, type CachedTranslation, type TranslationCache } from './cache.ts';
import { detectLanguage } from './detect.ts';
import { protectTerms, relevantTerms, restoreTerms, termsVariant, type GlossaryTerm } from './glossary.ts';
import type { Conversation, EngineCheckState, TranslationEngine } from './engines/types.ts';
import { createHash } from 'node:crypto';
import { EngineError, isEngineError } from '../platform/errors.ts';
import { sleep, withRetries } from '../platform/retry.ts';
import { EngineRecovery, type RecoveredListener } from './recovery.ts';
import { hasWords, protectSpans, restoreSpans, type Shielded } from './spans/protect.ts';
import { findPhrases, PHRASEBOOK_VERSION, postEdit, preEdit } from './phrasebook/index.ts';
import type { EnginePolicy } from './operator/settings.ts';

export * from './routerTypes.ts';
import type { EngineFailure, RouterOptions, TranslateRequest, TranslateResult, TranslationLogger } from './routerTypes.ts';
import { silentLogger } from './routerTypes.ts';

type AttemptInput = {
  text: string;
  source: LanguageCode;
  target: LanguageCode;
  context?: RelationshipContext | undefined;
  glossary?: readonly GlossaryTerm[] | undefined;
  /** The protected spans behind the text's marks (spans/protect.ts). */
  spans?: readonly string[] | undefined;
  conversation?: Conversation | undefined;
};

/** Characters of context an engine reads (counted in the budget). */
function conversationChars(c: Conversation | undefined): number {
  if (!c) return 0;
  return (c.speaker?.length ?? 0) + (c.reader?.length ?? 0) + c.turns.reduce((n, t) => n + t.speaker.length + t.text.length + (t.translation?.length ?? 0), 0);
}

/** Part of the cache key: the same message in another conversation may translate differently. */
function conversationVariant(c: Conversation | undefined): string {
  if (!c) return '';
  return `|ctx:${createHash('sha256').update(JSON.stringify([c.speaker ?? '', c.reader ?? '', c.turns.map((t) => [t.speaker, t.text, t.translation ?? ''])])).digest('hex').slice(0, 16)}`;
}

export const TRANSLATION_FAILED_MESSAGE = 'Translation failed. Please try again.';

export function unsupportedPairMessage(source: LanguageCode, target: LanguageCode): string {
  return `No translation available for ${languageName(source)} -> ${languageName(target)} with the configured engines`;
}

/**
 * Picks the engine for each request: the first (in configured order) that serves the pair, with the
 * cache in front, retries with backoff for retryable errors, then the next engine, and finally the
 * original text with ok: false. Never throws for a translation failure.
 */
export class TranslationRouter {
  readonly engines: readonly TranslationEngine[];
  private readonly cache: TranslationCache | undefined;
  private readonly logger: TranslationLogger;
  private readonly recovery: EngineRecovery;
  /** The console's order and switches (operator/settings.ts); null: configured order, all on. */
  private policySource: (() => Promise<EnginePolicy | null>) | undefined;
  private policy: EnginePolicy | null = null;
  private usageListener: ((engine: string, chars: number) => void | Promise<void>) | undefined;
  private readonly lastErrors = new Map<string, { code: string; message: string; at: Date }>();
  private readonly detections = new Lru<LanguageCode>(256);
  private readonly shields = new Lru<Shielded>(256);

  constructor(private readonly options: RouterOptions) {
    this.engines = options.engines;
    this.cache = options.cache;
    this.logger = options.logger ?? silentLogger;
    this.recovery = new EngineRecovery(options.recovery);
  }

  /** `listener(engine, downSince)` runs when an engine that failed with a retryable error works again. */
  onRecovered(listener: RecoveredListener): () => void {
    return this.recovery.onRecovered(listener);
  }

  /** Reads the engines' order and switches from `source` before each translation (the console's settings). */
  usePolicy(source: () => Promise<EnginePolicy | null>): void {
    this.policySource = source;
  }

  /** The policy as last read; call before serving()/pairs() outside translate(). */
  async refreshPolicy(): Promise<EnginePolicy | null> {
    if (this.policySource) this.policy = await this.policySource();
    return this.policy;
  }

  /** Called once per engine call that translated (never for a cache hit): characters per engine per day. */
  onUsage(listener: (engine: string, chars: number) => void | Promise<void>): void {
    this.usageListener = listener;
  }

  /** The engine's last failure on this node, unless it has translated since. */
  lastError(engine: string): { code: string; message: string; at: Date } | undefined {
    return this.lastErrors.get(engine);
  }

  async translate(request: TranslateRequest): Promise<TranslateResult> {
    const { text, target, context } = request;
    await this.refreshPolicy();
    let source: LanguageCode;
    let detectedLanguage: LanguageCode | undefined;
    if (request.source === 'auto-detect' || request.source === 'auto') {
      detectedLanguage = this.detect(text, request.prior);
      source = detectedLanguage;
    } else {
      source = request.source;
    }
    const base = { source, target, detectedLanguage, cached: false };
    const notTranslated = { ...base, ok: false, kind: 'not_translated' as const, text, engine: null };
    if (source === target) return { ...base, ok: true, kind: 'same_language', text, engine: null };
    // Empty or whitespace, or no letters at all (emoji, numbers): nothing to translate, nothing failed.
    if (!/\p{L}/u.test(text)) return { ...notTranslated, ok: true, reason: 'nothing_to_translate' };
    if (text.length > this.options.maxChars) {
      return { ...notTranslated, reason: 'too_long', message: `Text must be at most ${this.options.maxChars} characters` };
    }
    const plain: Shielded = this.options.protectSpans === false ? { text, spans: [], kinds: [] } : this.shield(text);
    // Only links, code, names, emoji...: nothing to translate, and nothing an engine could damage.
    if (!hasWords(plain.text)) return { ...notTranslated, ok: true, reason: 'nothing_to_translate' };
    const candidates = this.serving(source, target);
    if (candidates.length === 0) {
      return { ...notTranslated, reason: 'unsupported_pair', message: unsupportedPairMessage(source, target) };
    }
    const failures: EngineFailure[] = [];
    const terms = relevantTerms(request.glossary ?? [], source, target, text);
    let spent = false;
    for (const engine of candidates) {
      const phrasebook = engine.phrasebook === true && this.options.phrasebook !== false;
      const shield = phrasebook ? this.phrasebookShield(text, source, target) : plain;
      const conversation = engine.usesConversation && request.conversation?.turns.length ? request.conversation : undefined;
      const variant = engine.cacheVariant(context) + termsVariant(terms) + (phrasebook ? `|${PHRASEBOOK_VERSION}` : '') + conversationVariant(conversation);
      const key = { engine: engine.id, source, target, formality: variant, text };
      const support = engine.supports(source, target) ?? undefined;
      const via = support === 'pivot' ? engine.pivotFor?.(source, target) : undefined;
      const probeKey = `${source}>${target}:${key.formality}:${text}`;
      const hit = await this.cache?.get(key, request.cache);
      if (hit !== undefined) return outcome({ ...base, cached: true, engine: engine.id, support, ...(via ? { via } : {}) }, text, hit);
      if (!spent) {
        spent = true;
        await request.spend?.(text.length + conversationChars(conversation));
      }
      try {
        const output = await this.shielded(engine, { text, source, target, context, conversation }, shield, terms, request.signal);
        this.recovery.succeeded(engine.id, probeKey);
        this.lastErrors.delete(engine.id);
        await this.usageListener?.(engine.id, text.length + conversationChars(conversation));
        await this.cache?.set(key, output, request.cache);
        return outcome({ ...base, engine: engine.id, support, ...(via ? { via } : {}) }, text, output);
      } catch (error) {
        const e = isEngineError(error) ? error : new EngineError(engine.id, 'bad_response', String(error));
        failures.push({ engine: engine.id, code: e.code, message: e.message });
        if (e.code !== 'aborted') this.lastErrors.set(engine.id, { code: e.code, message: e.message, at: new Date() });
        if (e.retryable && e.code !== 'aborted') {
          // Down, not wrong: probe it with this request until it answers (the answer is cached for the retry).
          this.logger.info({ engine: engine.id, code: e.code }, 'translation engine down; probing until it is back');
          this.recovery.failed(engine.id, probeKey, async () => {
            const output = await this.shielded(engine, { text, source, target, context, conversation }, shield, [], undefined);
            if (terms.length === 0) await this.cache?.set(key, output, request.cache);
          });
        }
        this.logger.warn({ engine: engine.id, code: e.code, status: e.status, source, target, err: e.message }, 'translation engine failed');
        if (e.code === 'aborted') break;
      }
    }
    return { ...notTranslated, reason: 'engine_failed', message: TRANSLATION_FAILED_MESSAGE, failures };
  }

  /** The language a text is in (a group message is translated into several languages one after another: once). */
  private detect(text: string, prior: LanguageCode | undefined): LanguageCode {
    const key = `${prior ?? ''}\u0001${text}`;
    let language = this.detections.get(key);
    if (language === undefined) this.detections.set(key, (language = detectLanguage(text, { sender: prior }).language));
    return language;
  }

  /** The text with its protected spans as marks, worked out once per text (the Shielded is never changed). */
  private shield(text: string): Shielded {
    let shield = this.shields.get(text);
    if (shield === undefined) this.shields.set(text, (shield = protectSpans(text)));
    return shield;
  }

  /** Pre-edited text with the direction's phrases and the protected spans as marks (phrasebook/). */
  private phrasebookShield(text: string, source: LanguageCode, target: LanguageCode): Shielded {
    const edited = preEdit(text, source);
    return protectSpans(edited, findPhrases(edited, source, target), this.options.protectSpans !== false);
  }

  /** The engine sees the text with its protected spans as marks; they are put back in its answer. */
  private async shielded(
    engine: TranslationEngine, input: AttemptInput, shield: Shielded, terms: GlossaryTerm[], outer: AbortSignal | undefined,
  ): Promise<CachedTranslation> {
    const phrasebook = engine.phrasebook === true && this.options.phrasebook !== false;
    if (shield.spans.length === 0 && shield.text === input.text && !phrasebook) return this.withTerms(engine, input, terms, outer);
    const output = await this.withTerms(engine, { ...input, text: shield.text, spans: shield.spans }, terms, outer);
    // An answer that is the text unchanged stays unchanged (reported as not translated).
    const edited = phrasebook && output.text.trim() !== shield.text.trim() ? postEdit(output.text, input.target, shield.text) : output.text;
    const unknown = edited === output.text ? output.unknown : relocate(output.unknown, output.text, edited);
    const restored = restoreSpans(edited, shield, unknown);
    if (restored.lost > 0) this.logger.warn({ engine: engine.id, lost: restored.lost }, 'protected span lost in translation; put back');
    return { text: restored.text, ...(restored.unknown?.length ? { unknown: restored.unknown } : {}) };
  }

  /**
   * Glossary terms through the engine's own mechanism, or hidden from it and put back
   * (protected-term substitution); when the engine loses a hidden term, the plain translation.
   */
  private async withTerms(engine: TranslationEngine, input: AttemptInput, terms: GlossaryTerm[], outer: AbortSignal | undefined): Promise<CachedTranslation> {
    if (terms.length === 0) return this.attempt(engine, input, outer);
    if (engine.nativeGlossary) return this.attempt(engine, { ...input, glossary: terms }, outer);
    const hidden = protectTerms(input.text, terms);
    const restored = restoreTerms((await this.attempt(engine, { ...input, text: hidden }, outer)).text, hidden, terms);
    // Unknown-word offsets refer to the text with hidden terms: dropped once the terms are back.
    if (restored !== undefined) return { text: restored };
    this.logger.warn({ engine: engine.id }, 'glossary term lost in translation; translating without it');
    return this.attempt(engine, input, outer);
  }

  /** One engine, with retries and backoff for retryable errors. */
  private async attempt(
    engine: TranslationEngine,
    input: AttemptInput,
    outer: AbortSignal | undefined,
  ): Promise<CachedTranslation> {
    const once = async () => {
      const timeout = AbortSignal.timeout(this.options.timeoutMs);
      const signal = outer ? AbortSignal.any([outer, timeout]) : timeout;
      try {
        const output = await engine.translate({ ...input, signal });
        return { text: output.text, ...(output.unknown?.length ? { unknown: output.unknown } : {}) };
      } catch (error) {
        throw isEngineError(error) ? error : new EngineError(engine.id, 'bad_response', String(error), { cause: error });
      }
    };
    try {
      return await withRetries(once, {
        retries: this.options.retries,
        baseDelayMs: this.options.baseDelayMs,
        maxRetryAfterMs: this.options.maxRetryAfterMs,
        signal: outer,
        onRetry: (e, attempt, delay) => this.logger.debug({ engine: engine.id, code: e.code, attempt, delay }, 'retrying translation'),
      });
    } catch (error) {
      if (outer?.aborted) throw new EngineError(engine.id, 'aborted', 'Translation aborted', { cause: error });
      throw error;
    }
  }

  /** The engines switched on, in the console's order (engines it does not name keep their configured place after). */
  active(): TranslationEngine[] {
    const policy = this.policy;
    if (!policy) return [...this.engines];
    const place = (e: TranslationEngine, i: number) => {
      const at = policy.order.indexOf(e.id);
      return at < 0 ? policy.order.length + i : at;
    };
    return this.engines
      .map((engine, i) => ({ engine, place: place(engine, i) }))
      .filter(({ engine }) => !policy.off.includes(engine.id))
      .sort((a, b) => a.place - b.place)
      .map((x) => x.engine);
  }

  /**
   * The engines serving a direction, in the order they are tried. Without an order chosen in the console:
   * an engine running a model of the direction on this server (TranslationEngine.preferred: neural) first,
   * direct before pivot, then the configured order (TRANSLATION_ENGINES). With one, the operator's order.
   */
  serving(source: LanguageCode, target: LanguageCode): TranslationEngine[] {
    const chosen = this.policy !== null;
    const rank = (e: TranslationEngine) => (chosen || !e.preferred ? 2 : e.supports(source, target) === 'direct' ? 0 : 1);
    return this.active()
      .filter((e) => e.supports(source, target) !== null)
      .map((engine, i) => ({ engine, i, rank: rank(engine) }))
      .sort((a, b) => a.rank - b.rank || a.i - b.i)
      .map((x) => x.engine);
  }

  /** The engine that would serve this direction first is still checking it (see TranslationEngine.checking). */
  isDirectionBeingChecked(source: LanguageCode, target: LanguageCode): boolean {
    if (source === target) return false;
    const first = this.serving(source, target)[0];
    return first?.checking?.(source, target) ?? false;
  }

  /** Each engine's self-check state, for /api/ready and /metrics. */
  checkState(): ({ engine: string } & EngineCheckState)[] {
    return this.engines.flatMap((e) => (e.checkState ? [{ engine: e.id, ...e.checkState() }] : []));
  }

  /** For each ordered pair of the 20 languages: how it is served, by which engine, and the fallbacks. */
  pairs(): PairInfo[] {
    const pairs: PairInfo[] = [];
    for (const source of LANGUAGE_CODES) {
      for (const target of LANGUAGE_CODES) {
        if (source === target) continue;
        const serving = this.serving(source, target);
        const first = serving[0];
        const support = first?.supports(source, target) ?? 'none';
        const via = support === 'pivot' ? first?.pivotFor?.(source, target) : undefined;
        const checking = first?.checking?.(source, target) ? { checking: true as const } : {};
        pairs.push({
          source, target, support, engine: first?.id ?? null, ...(via ? { via } : {}), fallbacks: serving.slice(1).map((e) => e.id), ...checking,
        });
      }
    }
    return pairs;
  }

  async health(): Promise<{ id: string; live: boolean; detail?: string; pairs: number }[]> {
    return Promise.all(
      this.engines.map(async (engine) => {
        const status = await Promise.race([
          engine.health().catch((error: unknown) => ({ live: false, detail: (error as Error).message })),
          sleep(5_000, undefined, true).then(() => ({ live: false, detail: 'health check timed out' })),
        ]);
        const pairs = LANGUAGE_CODES.flatMap((s) => LANGUAGE_CODES.filter((t) => engine.supports(s, t) !== null)).length;
        return { id: engine.id, ...status, pairs };
      }),
    );
  }

  async close(): Promise<void> {
    this.recovery.close();
    await Promise.all(this.engines.map((e) => e.close().catch(() => undefined)));
    await this.cache?.flush();
  }
}

/** Unknown-word spans of `before` found again, in order, in `after` (post-editing only adds marks and changes case). */
function relocate(spans: readonly TextSpan[] | undefined, before: string, after: string): TextSpan[] | undefined {
  if (!spans) return undefined;
  const lower = after.toLocaleLowerCase();
  let from = 0;
  return spans.flatMap((span) => {
    const at = lower.indexOf(before.slice(span.start, span.end).toLocaleLowerCase(), from);
    if (at < 0) return [];
    from = at + span.end - span.start;
    return [{ start: at, end: from }];
  });
}

/** A translation the engine answered with the text unchanged is reported as not translated. */
function outcome(
  base: Pick<TranslateResult, 'source' | 'target' | 'detectedLanguage' | 'cached' | 'engine' | 'support' | 'via'>,
  input: string,
  output: CachedTranslation,
): TranslateResult {
  const unknown = output.unknown?.length ? { unknown: output.unknown } : {};
  if (output.text.trim() === input.trim()) {
    return { ...base, ok: false, kind: 'not_translated', reason: 'unchanged', text: input, ...unknown };
  }
  return { ...base, ok: true, kind: 'translated', text: output.text, ...unknown };
}
