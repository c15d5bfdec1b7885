// How a translation was made (issue 34 item 4): shown in a message's menu. {engine} is a product
// name (Apertium, DeepL, LibreTranslate, OpenAI); {language} a language name in the reader's language.
export const translationInfo = {
  title: 'How it was translated',
  machine: 'Machine translation by {engine}',
  via: 'Through {language}',
  corrected: 'Corrected by a person; first translated by {engine}',
};
