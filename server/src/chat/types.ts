import type { GlossaryEntry } from '../translation/textTranslator.ts';
import type {
  LanguageCode, RelationshipContext, ServerEvent, TextSpan, TranslationFailureReason, TranslationKind,
} from '@parley/common';

/** What the translator answers for one message (see TranslateTextResponse). */
export interface ChatTranslation {
  text: string;
  ok: boolean;
  /** Absent from translators that predate it: then ok and the text decide. */
  kind?: TranslationKind | undefined;
  reason?: TranslationFailureReason | undefined;
  detectedLanguage?: string | undefined;
  unknownWords?: TextSpan[] | undefined;
  message?: string | undefined;
  /** The engine that made the translation and, for a pivot, the language in the middle. */
  engine?: string | null | undefined;
  via?: string | undefined;
}

/** What chat needs from the translation router. */
export interface ChatTranslator {
  translate(input: {
    text: string;
    /** The sender's profile language: the prior for detection. */
    sourceHint: LanguageCode | null;
    target: LanguageCode;
    context: RelationshipContext | null;
    /** A known source language (skips detection), e.g. for a back-translation. */
    source?: LanguageCode | undefined;
    /** The conversation: its glossary applies. */
    roomId?: string | undefined;
    /** That glossary when the caller read it already (a translation job reads it with the message). */
    glossary?: GlossaryEntry[] | undefined;
    /** The message: the conversation before it is context for engines that read it. */
    messageId?: string | undefined;
    /** Whose translation budget pays for an engine call (never for a cached result). */
    spend?: ((chars: number) => Promise<void>) | undefined;
  }): Promise<ChatTranslation>;
}

/** Delivers events to every open socket of the given users. */
export interface EventPublisher {
  publish(userIds: readonly string[], event: ServerEvent): void;
}
