/** Business constants and limits (spec section 9) plus the server's input caps. */
export const LIMITS = {
  chatHistory: 50,
  /** Messages per page of ?after= and per resume (?resume=); a fuller gap is paged. */
  messagesPage: 500,
  readingFlagMs: 30_000,
  uiTranslationBatch: 10,
  searchDebounceMs: 300,
  searchResultLimit: 10,
  /** Message search (issue 25 item 7): the query's length, and hits per page. */
  messageSearchMaxChars: 200,
  messageSearchPage: 20,
  incomingToastMs: 4_000,
  incomingToastChars: 50,
  previewChars: 40,
  listRefreshMs: 1_000,
  preloadDelayMs: 1_000,
  unreadBadgeCap: 9,
  contextSavedToastMs: 3_000,
  audioSampleRate: 24_000,
  audioBufferSize: 4_096,
  /** Server-side caps. */
  passwordMin: 6,
  passwordMax: 256,
  usernameMin: 2,
  usernameMax: 32,
  bioMax: 500,
  avatarMaxBytes: 5 * 1024 * 1024,
  avatarMaxPixels: 40_000_000,
  translateMaxChars: 5_000,
  messageMaxChars: 5_000,
} as const;
