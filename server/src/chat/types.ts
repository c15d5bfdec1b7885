import type { LanguageCode, RelationshipContext, ServerEvent } from '@parley/common';

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
  }): Promise<{ text: string; ok: boolean; detectedLanguage?: string | undefined; message?: string | undefined }>;
}

/** Delivers events to every open socket of the given users. */
export interface EventPublisher {
  publish(userIds: readonly string[], event: ServerEvent): void;
}
