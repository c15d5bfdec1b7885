import type { LanguageCode } from '@parley/common';

/**
 * Very frequent words (function words, greetings, chat staples) of the alphabetic languages, used to
 * vote on short texts, where trigram statistics have too little to go on ("merci beaucoup",
 * "I love you", "Te quiero"). A word may belong to several languages.
 */
const WORDS: Partial<Record<LanguageCode, string>> = {
  en: `the and you i is are to of it that this what how hello hi hey thanks thank yes please love my me we your have
    do does good morning night not with for be was will can just sorry see am it's i'm don't where when why who
    great nice bye welcome friend`,
  es: `el la los las de que y es en un una por para con no sí si hola gracias buenos buenas días cómo qué estás está yo
    tú te quiero muy bien pero amigo mañana noche porque también donde dónde adiós vale claro mucho todo nada eres soy`,
  fr: `le la les de des et est je tu vous il elle nous un une pas ne que qui bonjour bonsoir merci beaucoup oui non salut
    comment ça va très bien avec pour sur mais aime suis c'est j'ai t'aime au aux du mon ton ma moi toi`,
  de: `der die das und ist ich du sie wir nicht ein eine mit zu auf für danke bitte hallo guten morgen tag ja nein wie
    geht es dich mich liebe sehr gut auch was schön tschüss bin bist`,
  it: `il lo la gli le di e è che un una per con non no sì ciao grazie buongiorno buonasera come stai sono ti amo molto bene
    ma anche questo perché io tu mi sei`,
  pt: `o a os as de e é que um uma para com não sim olá obrigado obrigada bom boa dia como você está eu te amo muito bem
    mas também isso meu minha tudo`,
  nl: `de het een en is ik je jij u van niet wat hoe hallo dank bedankt goedemorgen ja nee hou houd jou met voor op zijn
    maar ook dat dit goed dag`,
  sv: `och det att är jag du inte en ett på med för hej tack ja nej hur mår bra dig mig älskar god morgon vad som men också`,
  ro: `și si este eu tu nu da un o cu pe la de ce bună buna mulțumesc multumesc te iubesc foarte bine dar sunt ești esti
    salut ziua`,
  tr: `ve bir bu ben sen değil evet hayır merhaba teşekkür teşekkürler nasılsın seni seviyorum çok iyi ama da de ne için
    günaydın`,
  pl: `i w nie się to jest na że z do tak dzień dobry cześć dziękuję jak masz kocham cię bardzo ale ja ty`,
  ru: `и в не на что я ты вы он она мы да нет привет спасибо пожалуйста как дела доброе добрый утро день вечер люблю
    тебя меня хорошо это очень`,
  uk: `і й в не на що я ти ви він вона ми так ні привіт дякую будь ласка як справи добрий доброго ранок день вечір кохаю
    тебе мене добре це дуже`,
};

const INDEX = new Map<string, LanguageCode[]>();
for (const [lang, list] of Object.entries(WORDS) as [LanguageCode, string][]) {
  for (const word of list.split(/\s+/).filter(Boolean)) INDEX.set(word, [...(INDEX.get(word) ?? []), lang]);
}

export function tokens(text: string): string[] {
  return text.toLowerCase().replace(/[’`]/g, "'").split(/[^\p{L}\p{M}']+/u).filter(Boolean);
}

/** Votes per language among `candidates` for the words of the text. */
export function wordVotes(words: string[], candidates: readonly LanguageCode[]): Map<LanguageCode, number> {
  const votes = new Map<LanguageCode, number>();
  for (const word of words) {
    const forms = word.includes("'") ? [word, ...word.split("'").filter(Boolean)] : [word];
    const langs = new Set(forms.flatMap((form) => INDEX.get(form) ?? []));
    for (const lang of langs) if (candidates.includes(lang)) votes.set(lang, (votes.get(lang) ?? 0) + 1);
  }
  return votes;
}
