import { afterAll, describe, expect, it } from 'vitest';
import { ApertiumEngine } from '../engines/apertium.ts';
import { TranslationRouter } from '../router.ts';
import { findPhrases, postEdit, preEdit } from './index.ts';

describe('chat phrasebook: the rules', () => {
  it('pre-edits chat spellings and questions without an auxiliary', () => {
    expect(preEdit('where r u? thx', 'en')).toBe('where are you? thx');
    expect(preEdit('you coming?', 'en')).toBe('are you coming?');
    expect(preEdit('want to get coffee?', 'en')).toBe('do you want to get coffee?');
    expect(preEdit('you coming. ok', 'en')).toBe('you coming. ok'); // not a question
    expect(preEdit('slt, tkt', 'fr')).toBe("salut, ne t'inquiète pas");
    expect(preEdit('cmq nn so xké', 'it')).toBe('comunque non so perché');
    expect(preEdit('vc vem hj? obg', 'pt')).toBe('você vem hoje? obrigado');
  });

  it('finds whole phrases only, first entry first, with the rendering capitalised like the phrase', () => {
    const text = 'Thanks! see you tomorrow, I really like them. Really?';
    expect(findPhrases(text, 'en', 'es').map((h) => [text.slice(h.start, h.end), h.value])).toEqual([
      ['Thanks', 'Gracias'], ['see you tomorrow', 'nos vemos mañana'], ['Really', 'En serio'],
    ]);
    expect(findPhrases('they said hey', 'en', 'fr').map((h) => h.value)).toEqual(['hé']);
    expect(findPhrases('running 10 min late', 'en', 'fr').map((h) => h.value)).toEqual(["j'ai 10 minutes de retard"]);
    expect(findPhrases('Hello', 'en', 'de')).toEqual([]); // no table for the direction
    expect(findPhrases('ciao! come stai?', 'it', 'en').map((h) => h.value)).toEqual(['hi', 'how are you']);
    expect(findPhrases('ciao!', 'it', 'en').map((h) => h.value)).toEqual(['bye']);
    expect(findPhrases('arrivo tra 5 minuti', 'it', 'en').map((h) => h.value)).toEqual(["I'll be there in 5 minutes"]);
    expect(findPhrases('liga-me quando puderes', 'pt', 'en').map((h) => h.value)).toEqual(['call me']);
    expect(findPhrases('thx, see you soon', 'en', 'pt').map((h) => h.value)).toEqual(['obrigado', 'até breve']);
  });

  it('post-edits Spanish opening marks and words the engine capitalised after a mark', () => {
    expect(postEdit('dónde estás? ok. vienes!', 'es', '')).toBe('¿dónde estás? ok. ¡vienes!');
    expect(postEdit('¿dónde estás?', 'es', '')).toBe('¿dónde estás?');
    expect(postEdit('\uE100 Las fotos', 'es', '\uE100 the photos')).toBe('\uE100 las fotos');
    expect(postEdit('\uE100 Ana', 'fr', '\uE100 Ana')).toBe('\uE100 Ana');
    expect(postEdit('\uE100 \uE101 É \uE102', 'pt', '\uE100 \uE101 is \uE102')).toBe('\uE100 \uE101 é \uE102');
    expect(postEdit('\uE100 I am', 'en', '\uE100 sono')).toBe('\uE100 I am');
    expect(postEdit('¿where are you?', 'en', '')).toBe('where are you?');
  });
});

describe('chat phrasebook through real Apertium', () => {
  const engine = new ApertiumEngine();
  const router = new TranslationRouter({ engines: [engine], timeoutMs: 60_000, maxChars: 5000 });
  const plain = new TranslationRouter({ engines: [engine], timeoutMs: 60_000, maxChars: 5000, phrasebook: false });
  afterAll(() => router.close());

  it.each([
    ['en', 'es', 'sorry, my bad', 'perdón, culpa mía'],
    ['en', 'es', 'please send me the photos', 'por favor mándame las fotos'],
    ['en', 'fr', 'I love you', "je t'aime"],
    ['en', 'fr', "thx, I'm running late", 'merci, je suis en retard'],
    ['es', 'en', '¿dónde estás?', 'where are you?'],
    ['fr', 'en', 'à demain !', 'see you tomorrow !'],
    ['en', 'it', 'thx, see you tomorrow', 'grazie, ci vediamo domani'],
    ['it', 'en', 'mi puoi chiamare alle 6?', 'can you call me at 6?'],
    ['en', 'pt', 'btw the party is on Saturday', 'já agora a festa é no sábado'],
    ['pt', 'en', 'liga-me quando puderes', 'call me when you can'],
  ] as const)('%s -> %s: "%s" reads "%s"', async (source, target, text, expected) => {
    const result = await router.translate({ text, source, target });
    expect(result.text).toBe(expected);
    expect(result.kind).toBe('translated');
  }, 60_000);

  it('works with protected spans in the same message, and the plain engine still misreads', async () => {
    const result = await router.translate({ text: 'thx!! see you at https://meet.example.com/abc-123 at 10:30 lol', source: 'en', target: 'es' });
    expect(result.text).toContain('https://meet.example.com/abc-123');
    expect(result.text).toContain('10:30');
    expect(result.text).toMatch(/^¡?gracias!!/);
    expect(result.text).toContain('jajaja');
    expect((await plain.translate({ text: 'I love you', source: 'en', target: 'fr' })).text).not.toBe("je t'aime");
    await plain.close();
  }, 60_000);
});
