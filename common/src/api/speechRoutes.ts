/** Longest text spoken in one request; longer message text is cut at a sentence end before it. */
export const SPEECH_MAX_CHARS = 1_000;

export const SPEECH_API = { speech: '/api/speech' } as const;

/** The URL that reads a message part aloud. */
export const messageSpeechUrl = (messageId: string, part: 'original' | 'translation') =>
  `${SPEECH_API.speech}?messageId=${encodeURIComponent(messageId)}&part=${part}`;

/** The URL that reads a text aloud in `language`. */
export const textSpeechUrl = (text: string, language: string) =>
  `${SPEECH_API.speech}?text=${encodeURIComponent(text.slice(0, SPEECH_MAX_CHARS))}&language=${encodeURIComponent(language)}`;
