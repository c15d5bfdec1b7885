/** The "coverage" strings of the English catalog: what this server translates, said on the language step. */
export const coverage = {
  translated: 'On this server, {language} is translated to and from {n} of the other 19 languages.',
  none: 'This server does not translate {language} yet: messages in it arrive as written.',
  // What is heard (speech recognition) and spoken (speech synthesis) in the chosen language.
  speechBoth: 'Speech in {language} is recognised on this server, and translations into it are read aloud.',
  speechHeardOnly: 'Speech in {language} is recognised on this server; translations into it are shown as text, not read aloud.',
  speechSpokenOnly: 'Speech in {language} is not recognised on this server, but translations into it are read aloud.',
  speechNone: 'Speech in {language} is neither recognised nor read aloud on this server: calls show captions instead.',
} as const;
