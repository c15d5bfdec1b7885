/** The "languageSelector" strings of the English catalog (catalog.ts puts the groups together). */
export const languageSelector = {
  welcomeTitle: 'Welcome, {name}!',
  welcomeSubtitle: 'Choose your language to get started',
  settingsTitle: 'Settings - Language',
  settingsSubtitle: 'Choose the language you read and write in',
  inputLabel: 'Your language',
  inputPlaceholder: 'e.g. Spanish, Español or es',
  inputHint: 'Type a language name in English or in the language itself, or its code.',
  selected: 'Selected: {language}',
  unknownLanguage: 'We don\'t support "{input}" yet. Try a name like Spanish, Español or es.',
  supportedLanguages: 'Supported languages',
  continue: 'Continue',
  translating: 'Translating...',
  cancel: 'Cancel',
} as const;
