import type { LanguageCode, RelationshipContext, TextSpan } from '@parley/common';
import type { GlossaryTerm } from '../glossary.ts';

/** How an engine serves a pair: its own data (direct), two of its own legs (pivot), or a remote provider. */
export type PairSupport = 'direct' | 'pivot' | 'provider';

/** An earlier message of the conversation, given as context (never translated). */
export interface ConversationTurn {
  /** The author's name as the reader sees it. */
  speaker: string;
  text: string;
  /** Its translation into the target language, when there is one. */
  translation?: string | undefined;
}

/** The conversation around a chat message, for engines that can use it (`usesConversation`). */
export interface Conversation {
  /** Who wrote the message being translated, and who reads the translation. */
  speaker?: string | undefined;
  reader?: string | undefined;
  /** The messages before it, oldest first. */
  turns: readonly ConversationTurn[];
}

export interface TranslateInput {
  text: string;
  source: LanguageCode;
  target: LanguageCode;
  /** Tone and formality hint (chat); engines that cannot use it ignore it. */
  context?: RelationshipContext | undefined;
  /** Conversation glossary terms for this text (only to engines with `nativeGlossary`). */
  glossary?: readonly GlossaryTerm[] | undefined;
  /**
   * The text's protected spans: character U+E100 + i of `text` stands for spans[i] (see spans/protect.ts).
   * Engines keep the marks (Apertium does as is) or send them in their protocol's form (spans/wire.ts).
   */
  spans?: readonly string[] | undefined;
  /** The conversation's last messages (only to engines with `usesConversation`). */
  conversation?: Conversation | undefined;
  /** Aborts on the router's per-call timeout or when the caller gives up. */
  signal: AbortSignal;
}

export interface TranslateOutput {
  text: string;
  /** Source language reported by the provider, when it detects one. */
  detectedLanguage?: LanguageCode | undefined;
  /** Words of `text` the engine left untranslated (it did not know them); only Apertium reports them. */
  unknown?: TextSpan[] | undefined;
}

export interface EngineCheckState {
  checking: string[];
  failed: string[];
  passed: number;
}

export interface EngineHealth {
  live: boolean;
  detail?: string;
}

export interface TranslationEngine {
  /** Stable id used in TRANSLATION_ENGINES, the cache key and API answers: 'apertium', 'openai', 'deepl', 'libretranslate'. */
  readonly id: string;
  /**
   * Runs a model trained on the pair on this server (neural): the router tries it before the engines
   * listed ahead of it, its direct pairs before its pivots (quality first).
   */
  readonly preferred?: boolean;
  /** Whether the pair is served, and how; null when it is not. */
  supports(source: LanguageCode, target: LanguageCode): PairSupport | null;
  /** For pivot pairs, the language in the middle (a code of the 20, or e.g. 'ca' for Catalan). */
  pivotFor?(source: LanguageCode, target: LanguageCode): string | undefined;
  /**
   * The part of the relationship context that changes this engine's output, used as the cache key's
   * `formality` column: 'neutral' for engines that ignore context.
   */
  cacheVariant(context: RelationshipContext | undefined): string;
  /**
   * The engine applies glossary terms itself (DeepL glossaries, instructions in a prompt). Without
   * it the router hides each term from the engine and puts the target phrase back (Apertium).
   */
  readonly nativeGlossary?: boolean;
  /** The engine reads the conversation's last messages as context (the router then keys the cache and the budget on them). */
  readonly usesConversation?: boolean;
  /** A rule-based engine: the router applies the shipped chat phrase tables and pre/post-editing around it (phrasebook/). */
  readonly phrasebook?: boolean;
  translate(input: TranslateInput): Promise<TranslateOutput>;
  /**
   * Translates a small probe set through everything the engine would report as served, and stops
   * serving what fails (run once at start-up; later calls share the result).
   */
  selfCheck?(): Promise<{ ok: boolean; detail?: string | undefined; mode?: string }[]>;
  /** The self-check has not yet given this direction a verdict (work for it should wait, not fail). */
  checking?(source: LanguageCode, target: LanguageCode): boolean;
  /** What the self-check is doing: units (e.g. Apertium modes) being checked, failed, passed. */
  checkState?(): EngineCheckState;
  health(): Promise<EngineHealth>;
  close(): Promise<void>;
}
