/** Documents in a conversation (issue 36 item 2): the attach button, the file card and the reader. */
export const documents = {
  attach: 'Send a document',
  attachMenu: 'Attach a photo or a document',
  pages: 'Pages: {n}',
  readIn: 'Read in {language}',
  download: 'Download',
  downloadName: 'Download {name}',
  reading: 'Reading the file…',
  translating: 'Translating… {done}/{total}',
  truncated: 'Only the beginning of this document was read and translated.',
  encrypted: 'This PDF is protected by a password, so its text cannot be read here. Download it to open it.',
  corrupt: 'This file is damaged or is not what its name says, so its text cannot be read here.',
  noText: 'No text was found in this file.',
  failed: 'This file could not be read here. You can still download it.',
  translationFailed: 'The translation could not be made. Try again later.',
  sameLanguage: 'This document is already in your language.',
  tooLarge: 'This file is too large to send.',
  /** Refused before the upload, with the server's FILE_MAX_MB. */
  tooLargeLimit: 'This file is too large to send: files can be at most {mb} MB.',
  invalid: 'This file could not be sent.',
  /** A file in the conversation list's last line and a reply's quote. */
  file: 'File',
} as const;
