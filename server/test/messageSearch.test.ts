import type { ChatMessage, MessageSearchHit, MessageSearchResponse } from '@parley/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatTranslator } from '../src/chat/types.ts';
import { highlightSpans, searchTerms } from '../src/chat/messageSearch.ts';
import { getTestServer, signUpAndIn, signUpSpeaking, type TestServer } from './helpers.ts';

/** A phrase book standing in for the engines: what each reader reads of each message. */
const PHRASES: Record<string, Record<string, string>> = {
  '駅はどこですか': { es: '¿Dónde está la estación?', en: 'Where is the station?' },
  '明日の住所を送ります': { es: 'Mañana te envío la dirección', en: 'I will send the address tomorrow' },
};
const translator: ChatTranslator = {
  translate: async (input) => ({ text: PHRASES[input.text]?.[input.target] ?? `[${input.target}] ${input.text}`, ok: true, detectedLanguage: input.sourceHint ?? 'en' }),
};

let s: TestServer;
beforeAll(async () => {
  s = await getTestServer({ chatTranslator: translator });
});
afterAll(async () => s.close());

type Person = Awaited<ReturnType<typeof signUpAndIn>>;
const api = (who: Person, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  s.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
let seq = 0;
async function send(who: Person, roomId: string, content: string): Promise<ChatMessage> {
  const res = await api(who, 'POST', `/api/chats/${roomId}/messages`, { content, clientId: `search-${++seq}-${Date.now()}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().message as ChatMessage;
}
const person = (language: string) => signUpSpeaking(s.app, language);
const pairRoom = async (a: Person, b: Person) => (await api(a, 'POST', '/api/chats', { userId: b.id })).json().room.id as string;
const search = (who: Person, q: string, extra = '') => api(who, 'GET', `/api/messages/search?q=${encodeURIComponent(q)}${extra}`);
const hits = async (who: Person, q: string, extra = '') => {
  const res = await search(who, q, extra);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as MessageSearchResponse).results;
};
/** Waits (polling, generous) until every message of the room is translated for this reader. */
async function translated(who: Person, roomId: string) {
  for (let i = 0; i < 300; i += 1) {
    const messages = (await api(who, 'GET', `/api/chats/${roomId}/messages`)).json().messages as ChatMessage[];
    if (messages.every((m) => m.translation_status !== 'pending')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('translations did not settle');
}
const marked = (hit: MessageSearchHit) => hit.highlights.map((h) => hit.text.slice(h.start, h.end));

describe('message search', () => {
  it("finds a Japanese message by the Spanish words its reader read, and by the original; never another member's room", async () => {
    const [yuki, sofia, eve] = [await person('ja'), await person('es'), await person('es')];
    const roomId = await pairRoom(yuki, sofia);
    const station = await send(yuki, roomId, '駅はどこですか');
    await send(yuki, roomId, '明日の住所を送ります');
    const other = await pairRoom(yuki, eve);
    await send(yuki, other, '駅はどこですか');
    await translated(sofia, roomId);
    await translated(eve, other);

    const found = await hits(sofia, 'estacion donde');
    expect(found.map((h) => h.id)).toEqual([station.id]);
    expect(found[0]).toMatchObject({ roomId, roomKind: 'direct', roomName: yuki.username, senderName: yuki.username, mine: false, text: '¿Dónde está la estación?' });
    expect(marked(found[0]!)).toEqual(['Dónde', 'estación']);
    // The original too (the reader may know a word of it); the sender finds it by what they wrote.
    expect((await hits(sofia, '駅')).map((h) => h.id)).toEqual([station.id]);
    const own = await hits(yuki, '駅', `&roomId=${roomId}`);
    expect(own.map((h) => h.id)).toEqual([station.id]);
    expect(own[0]).toMatchObject({ mine: true, text: '駅はどこですか' });
    expect(marked(own[0]!)).toEqual(['駅']);
    // Yuki does not read Spanish: the Spanish words are not what Yuki reads.
    expect(await hits(yuki, 'estación')).toEqual([]);
    // Eve's room with Yuki holds the same words: Sofia never sees it, and Eve only her own.
    expect((await hits(eve, 'estación')).map((h) => h.roomId)).toEqual([other]);
    const outsider = await search(eve, 'estación', `&roomId=${roomId}`);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().error.code).toBe('not_found');
  });

  it('shows hits as plain text: markdown marks stripped, link text kept, highlights in what is shown', async () => {
    const [ana, bo] = [await person('en'), await person('en')];
    const roomId = await pairRoom(ana, bo);
    const sent = await send(ana, roomId, '**Trail** map: run `npm install` then see [the trail guide](https://maps.example.org/a)');
    const [hit] = await hits(bo, 'trail', `&roomId=${roomId}`);
    expect(hit?.id).toBe(sent.id);
    expect(hit?.text).toBe('Trail map: run npm install then see the trail guide');
    expect(marked(hit!)).toEqual(['Trail', 'trail']);
  });

  it('treats SQL, LIKE, regex and tsquery characters as text', async () => {
    const [ana, bo] = [await person('en'), await person('en')];
    const roomId = await pairRoom(ana, bo);
    const percent = await send(ana, roomId, 'We are 100% sure: 50_50 split, path C:\\temp');
    await send(ana, roomId, 'ordinary words here');
    for (const q of ['%', '_', '\\', "'", '"', '.*', '(a|b)', '!', '&', '|', ':*', 'a & !b', "'; DROP TABLE messages; --", '[', '^$']) {
      const res = await search(bo, q, `&roomId=${roomId}`);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
    }
    expect((await hits(bo, '100%', `&roomId=${roomId}`)).map((h) => h.id)).toEqual([percent.id]);
    expect((await hits(bo, '%', `&roomId=${roomId}`)).map((h) => h.id)).toEqual([percent.id]);
    expect((await hits(bo, '50_50', `&roomId=${roomId}`)).map((h) => h.id)).toEqual([percent.id]);
    expect((await hits(bo, 'C:\\temp', `&roomId=${roomId}`)).map((h) => h.id)).toEqual([percent.id]);
    expect(await hits(bo, '5_5', `&roomId=${roomId}`)).toEqual([]);
    expect(await hits(bo, '.*', `&roomId=${roomId}`)).toEqual([]);
    // Bad input: a clear 400 with its code.
    expect((await search(bo, '   ')).json().error.code).toBe('search_empty');
    expect((await search(bo, 'x'.repeat(201))).json().error.code).toBe('message_search_too_long');
    expect((await search(bo, 'ok', '&cursor=abc')).statusCode).toBe(400);
  });

  it("pages newest first, and leaves out a group's history from before joining and its system lines", async () => {
    const [ana, bo, cy, dee] = [await person('en'), await person('en'), await person('en'), await person('en')];
    const roomId = (await api(ana, 'POST', '/api/groups', { name: 'Hiking club', memberIds: [bo.id, cy.id] })).json().room.id as string;
    const early = await send(bo, roomId, 'trail report one');
    await api(ana, 'POST', `/api/chats/${roomId}/members`, { userIds: [dee.id] });
    const later: ChatMessage[] = [];
    for (let i = 0; i < 22; i += 1) later.push(await send(cy, roomId, `trail report ${i + 2}`));
    // A word (through the trigram indexes) and two letters (no trigram: the newest-first scan) page alike.
    for (const q of ['trail', 'rt']) {
      const first = (await search(dee, q)).json() as MessageSearchResponse;
      expect(first.results).toHaveLength(20);
      expect(first.results[0]).toMatchObject({ id: later.at(-1)!.id, roomName: 'Hiking club', roomKind: 'group' });
      expect(first.results.map((h) => h.id)).toEqual(later.slice(2).reverse().map((m) => m.id));
      const second = (await search(dee, q, `&cursor=${first.nextCursor}`)).json() as MessageSearchResponse;
      expect(second.results.map((h) => h.id), q).toEqual([later[1]!.id, later[0]!.id]);
      expect(second.nextCursor).toBeNull();
    }
    expect((await hits(bo, 'trail report one')).map((h) => h.id)).toEqual([early.id]);
    // The group's name is in its system lines ('created'): those are not messages.
    expect(await hits(ana, 'Hiking')).toEqual([]);
  });
});

describe('search terms and highlights', () => {
  it('splits at white space and marks every occurrence, case and accents ignored', () => {
    expect(searchTerms('  la   estación la ')).toEqual(['la', 'estación']);
    expect(highlightSpans('¿Dónde está la ESTACIÓN?', ['donde', 'estacion'])).toEqual([{ start: 1, end: 6 }, { start: 15, end: 23 }]);
    expect(highlightSpans('aaa', ['a', 'aa'])).toEqual([{ start: 0, end: 3 }]);
    expect(highlightSpans('no match', ['zz'])).toEqual([]);
  });
});
