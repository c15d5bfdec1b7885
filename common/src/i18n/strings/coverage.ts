/** The "coverage" strings of the English catalog: what this server translates, said on the language step. */
export const coverage = {
  translated: 'On this server, {language} is translated to and from {n} of the other 19 languages.',
  none: 'This server does not translate {language} yet: messages in it arrive as written.',
} as const;
