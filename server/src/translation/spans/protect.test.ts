import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findProtectedSpans } from './detect.ts';
import { markOf, protectSpans, restoreSpans } from './protect.ts';
import { fromDeepL, fromLibre, fromTokens, toDeepL, toLibre, toTokens } from './wire.ts';

const found = (text: string) => findProtectedSpans(text).map((s) => `${s.kind}:${text.slice(s.start, s.end)}`);

describe('protected spans: what is found', () => {
  it('finds the parts the issue saw damaged, and stops at sentence punctuation', () => {
    expect(found('Look at https://example.com/travel/lisbon?day=2&hotel=blue_river.')).toEqual(['url:https://example.com/travel/lisbon?day=2&hotel=blue_river']);
    expect(found('Mail maria.lopez@example.org, see www.parley-chat.org or example.com/help!')).toEqual([
      'email:maria.lopez@example.org', 'url:www.parley-chat.org', 'url:example.com/help',
    ]);
    expect(found('Run `npm install` then\n```\nTypeError: cannot read property\n```')).toEqual([
      'code:`npm install`', 'code:```\nTypeError: cannot read property\n```',
    ]);
    expect(found('report_final_v2.pdf in /home/ana/photos/2026/summer or C:\\Users\\Ana\\notes.txt')).toEqual([
      'file:report_final_v2.pdf', 'path:/home/ana/photos/2026/summer', 'path:C:\\Users\\Ana\\notes.txt',
    ]);
    expect(found('Set MAX_USERS=50 for Blue-Horse-42, press Ctrl+Shift+T on feature/new-login, ask @ana_smith in #general about #42.')).toEqual([
      'identifier:MAX_USERS=50', 'identifier:Blue-Horse-42', 'keys:Ctrl+Shift+T', 'path:feature/new-login', 'mention:@ana_smith',
      'hashtag:#general', 'hashtag:#42',
    ]);
    expect(found('$20 or 15,50 € for 5 kg, 30% off, at 10:30 or 5pm on 2026-11-27 or 27/11/2026, call +34 612 345 678 😂👍🏽 :)')).toEqual([
      'amount:$20', 'amount:15,50 €', 'amount:5 kg', 'amount:30%', 'time:10:30', 'time:5pm', 'date:2026-11-27', 'date:27/11/2026',
      'phone:+34 612 345 678', 'emoji:😂', 'emoji:👍🏽', 'emoji::)',
    ]);
    expect(found('**very** and *this*, ~~not~~, [the docs](https://docs.example.io/a) getUserName() iPhone')).toEqual([
      'markdown:**', 'markdown:**', 'markdown:*', 'markdown:*', 'markdown:~~', 'markdown:~~', 'markdown:[', 'markdown:](https://docs.example.io/a)',
      'identifier:getUserName()', 'identifier:iPhone',
    ]);
    expect(found('- first\n> quoted\n1. numbered')).toEqual(['markdown:-', 'markdown:>', 'markdown:1.']);
  });

  it('leaves ordinary words alone', () => {
    expect(found('He said hello.It was fine, and/or the 2nd try with 3 apples, a well-known e-mail. Ça va? Привет, как дела?')).toEqual([]);
  });
});

describe('protected spans: hidden and put back', () => {
  it('replaces each span by a mark and restores it wherever the translation moved it', () => {
    const shield = protectSpans('Send report_v2.pdf to @ana now');
    expect(shield.text).toBe(`Send ${markOf(0)} to ${markOf(1)} now`);
    expect(restoreSpans(`Envía ahora a ${markOf(1)} el ${markOf(0)}`, shield)).toEqual({ text: 'Envía ahora a @ana el report_v2.pdf', lost: 0 });
  });

  it('never drops a span: a lost mark is appended, a doubled one kept once', () => {
    const shield = protectSpans('Send report_v2.pdf to @ana now');
    expect(restoreSpans(`Envía ${markOf(0)} ${markOf(0)} ahora`, shield)).toEqual({ text: 'Envía report_v2.pdf  ahora @ana', lost: 2 });
  });

  it('moves unknown-word offsets with the restored text', () => {
    const shield = protectSpans('see https://a.example.com blorf');
    const out = `ver ${markOf(0)} blorf`;
    const restored = restoreSpans(out, shield, [{ start: out.indexOf('blorf'), end: out.length }]);
    expect(restored.text.slice(restored.unknown![0]!.start, restored.unknown![0]!.end)).toBe('blorf');
  });

  it('round-trips any text, including one holding our own marks', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('https://x.io/a', '@bo', ' #1 ', '`x`', markOf(2), '⟦1⟧', ' 5 kg '))), (parts) => {
        const text = parts.join('');
        expect(restoreSpans(protectSpans(text).text, protectSpans(text))).toEqual({ text, lost: 0 });
      }),
    );
  });
});

describe('protected spans on the wire', () => {
  const shield = protectSpans('Open <b> & https://x.example.com/?a=1&b=2 now');

  it('DeepL: the span inside an ignored XML tag, the rest escaped', () => {
    const xml = toDeepL(shield.text, shield.spans);
    expect(xml).toBe('Open &lt;b&gt; &amp; <keep i="0">https://x.example.com/?a=1&amp;b=2</keep> now');
    expect(fromDeepL('Abre &lt;b&gt; &amp; <keep i="0">whatever</keep> ya')).toBe(`Abre <b> & ${markOf(0)} ya`);
  });

  it('LibreTranslate: a translate="no" span', () => {
    expect(toLibre(shield.text, shield.spans)).toContain('<span translate="no" data-k="0">https://x.example.com/?a=1&amp;b=2</span>');
    expect(fromLibre('Abre &lt;b&gt; <span data-k="0" translate="no">x</span>')).toBe(`Abre <b> ${markOf(0)}`);
  });

  it('OpenAI-compatible: numbered tokens', () => {
    expect(toTokens(shield.text)).toBe('Open <b> & ⟦0⟧ now');
    expect(fromTokens('Abre ⟦ 0 ⟧ ya')).toBe(`Abre ${markOf(0)} ya`);
  });
});
