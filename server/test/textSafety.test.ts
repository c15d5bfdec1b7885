import { VOICE_SOCKET_PATH } from '@parley/common';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { getTestServer, signUpAndIn, TEST_DB, uniqueUser, type TestServer } from './helpers.ts';

/**
 * NUL characters, unpaired surrogates and invalid UTF-8 bytes in any text field: 400
 * `invalid_text` naming the field, and nothing stored (before: 500 for NUL, U+FFFD stored for
 * the others).
 */
let s: TestServer;
let me: Awaited<ReturnType<typeof signUpAndIn>>;
let roomId: string;
beforeAll(async () => {
  s = await getTestServer({ listen: true });
  me = await signUpAndIn(s.app);
  const partner = await signUpAndIn(s.app);
  const res = await s.app.inject({ method: 'POST', url: '/api/chats', headers: headers(), payload: { userId: partner.id } });
  roomId = (res.json() as { room: { id: string } }).room.id;
});
afterAll(async () => s.close());

function headers(cookie = me.cookie): Record<string, string> {
  return { cookie, 'sec-fetch-site': 'same-origin' };
}

type Bad = 'nul' | 'surrogate' | 'utf8';
const BAD: Bad[] = ['nul', 'surrogate', 'utf8'];
const PLACEHOLDER = 'BAD_TEXT_HERE';

/** A JSON body with the bad text where PLACEHOLDER stands (invalid UTF-8 is spliced in as raw bytes). */
function body(template: unknown, bad: Bad): Buffer {
  const json = JSON.stringify(template);
  if (bad === 'utf8') return Buffer.concat(json.split(PLACEHOLDER).flatMap((part, i) => (i ? [Buffer.from([0x61, 0xff, 0xfe, 0x62]), Buffer.from(part)] : [Buffer.from(part)])));
  return Buffer.from(json.replaceAll(PLACEHOLDER, bad === 'nul' ? 'a\\u0000b' : 'a\\ud800b'));
}

interface Case {
  field: string;
  method: 'POST' | 'PATCH' | 'PUT';
  url: () => string;
  template: unknown;
  anonymous?: boolean;
}

const CASES: Case[] = [
  { field: 'username', method: 'POST', url: () => '/api/auth/signup', template: { username: PLACEHOLDER, email: 'x@example.com', password: 'secret12' }, anonymous: true },
  { field: 'email', method: 'POST', url: () => '/api/auth/signup', template: { username: 'fresh', email: `${PLACEHOLDER}@example.com`, password: 'secret12' }, anonymous: true },
  { field: 'password', method: 'POST', url: () => '/api/auth/signup', template: { username: 'fresh2', email: 'fresh2@example.com', password: `secret${PLACEHOLDER}` }, anonymous: true },
  { field: 'email', method: 'POST', url: () => '/api/auth/signin', template: { email: `${PLACEHOLDER}@example.com`, password: 'secret12' }, anonymous: true },
  { field: 'username', method: 'PATCH', url: () => '/api/profile', template: { username: PLACEHOLDER } },
  { field: 'bio', method: 'PATCH', url: () => '/api/profile', template: { bio: PLACEHOLDER } },
  { field: 'avatar_url', method: 'PATCH', url: () => '/api/profile', template: { avatar_url: `https://example.com/${PLACEHOLDER}` } },
  { field: 'content', method: 'POST', url: () => `/api/chats/${roomId}/messages`, template: { content: PLACEHOLDER, clientId: 'client-12345678' } },
  { field: 'content', method: 'POST', url: () => `/api/chats/${roomId}/preview`, template: { content: PLACEHOLDER } },
  { field: 'description', method: 'PUT', url: () => `/api/chats/${roomId}/context`, template: { description: PLACEHOLDER } },
  { field: 'text', method: 'POST', url: () => '/api/translate', template: { text: PLACEHOLDER, targetLanguage: 'es' } },
  { field: 'targetLanguage', method: 'POST', url: () => '/api/translate', template: { text: 'Hi', targetLanguage: PLACEHOLDER } },
  { field: 'sourceLanguage', method: 'POST', url: () => '/api/translate', template: { text: 'Hi', targetLanguage: 'es', sourceLanguage: PLACEHOLDER } },
  { field: 'relationshipContext', method: 'POST', url: () => '/api/translate', template: { text: 'Hi', targetLanguage: 'es', relationshipContext: PLACEHOLDER } },
  {
    field: 'relationshipContext.description', method: 'POST', url: () => '/functions/v1/translate-text',
    template: { text: 'Hi', targetLanguage: 'es', relationshipContext: { type: 'close_friend', formality: 'informal', description: PLACEHOLDER } },
  },
  { field: 'text', method: 'POST', url: () => '/api/smart-translate', template: { text: PLACEHOLDER, primaryLanguage: 'en', secondaryLanguage: 'es' } },
  { field: 'primaryLanguage', method: 'POST', url: () => '/functions/v1/smart-translate', template: { text: 'Hi', primaryLanguage: PLACEHOLDER, secondaryLanguage: 'es' } },
  { field: 'secondaryLanguage', method: 'POST', url: () => '/api/smart-translate', template: { text: 'Hi', primaryLanguage: 'en', secondaryLanguage: PLACEHOLDER } },
  { field: 'language', method: 'POST', url: () => '/api/ui-strings', template: { language: PLACEHOLDER, strings: { k: 'Hello' } } },
  { field: 'strings.greeting', method: 'POST', url: () => '/api/ui-strings', template: { language: 'es', strings: { greeting: PLACEHOLDER } } },
  { field: 'strings', method: 'POST', url: () => '/api/ui-strings', template: { language: 'es', strings: { [PLACEHOLDER]: 'Hello' } } },
  // Corrections and the glossary: validated before the message or entry is looked up (an id that does not exist is fine).
  { field: 'text', method: 'PUT', url: () => `/api/chats/${roomId}/messages/1/translation`, template: { text: PLACEHOLDER } },
  { field: 'glossary.sourcePhrase', method: 'PUT', url: () => `/api/chats/${roomId}/messages/1/translation`, template: { text: 'Hola', glossary: { sourcePhrase: PLACEHOLDER, targetPhrase: 'Hola' } } },
  { field: 'glossary.targetPhrase', method: 'PUT', url: () => `/api/chats/${roomId}/messages/1/translation`, template: { text: 'Hola', glossary: { sourcePhrase: 'Hi', targetPhrase: PLACEHOLDER } } },
  { field: 'sourcePhrase', method: 'PUT', url: () => `/api/chats/${roomId}/glossary/1`, template: { sourcePhrase: PLACEHOLDER, targetPhrase: 'Hola' } },
  { field: 'targetPhrase', method: 'PUT', url: () => `/api/chats/${roomId}/glossary/1`, template: { sourcePhrase: 'Hi', targetPhrase: PLACEHOLDER } },
  { field: 'primaryLanguage', method: 'POST', url: () => '/api/scan', template: { imageBase64: 'aGVsbG8=', primaryLanguage: PLACEHOLDER, secondaryLanguage: 'es' } },
  { field: 'secondaryLanguage', method: 'POST', url: () => '/functions/v1/smart-image-translate', template: { imageBase64: 'aGVsbG8=', primaryLanguage: 'en', secondaryLanguage: PLACEHOLDER } },
];

async function snapshot() {
  const db = s.database.db;
  const count = async (table: 'users' | 'messages' | 'translation_cache' | 'conversation_glossary') =>
    Number((await db.selectFrom(table).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  const profile = await db.selectFrom('profiles').select(['username', 'bio', 'avatar_url']).where('id', '=', me.id).executeTakeFirstOrThrow();
  const context = await db.selectFrom('chat_room_participants').select('relationship_context').where('user_id', '=', me.id).executeTakeFirst();
  return {
    users: await count('users'), messages: await count('messages'), cache: await count('translation_cache'),
    glossary: await count('conversation_glossary'), profile, context,
  };
}

describe(`bad text in any field is refused 400 and nothing is stored (${TEST_DB})`, () => {
  for (const [i, c] of CASES.entries()) {
    for (const bad of BAD) {
      it(`case ${i}: ${c.method} ${c.field}: ${bad}`, async () => {
        const before = await snapshot();
        const res = await s.app.inject({
          method: c.method,
          url: c.url(),
          headers: { ...(c.anonymous ? { 'sec-fetch-site': 'same-origin' } : headers()), 'content-type': 'application/json' },
          payload: body(c.template, bad),
        });
        expect(res.statusCode, res.body).toBe(400);
        const error = (res.json() as { error: { code: string; message: string } }).error;
        expect(error.code).toBe('invalid_text');
        expect(error.message.startsWith(`${c.field}: `), error.message).toBe(true);
        expect(await snapshot()).toEqual(before);
      });
    }
  }

  it('refuses bad text in query strings: search and read-aloud (percent-encoded NUL, surrogate and invalid bytes)', async () => {
    for (const q of ['a%00b', 'a%ED%A0%80b', 'a%FFb']) {
      const res = await s.app.inject({ url: `/api/users/search?q=${q}`, headers: headers() });
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'invalid_text' } });
      expect((res.json() as { error: { message: string } }).error.message).toMatch(/^q: /);
      const speech = await s.app.inject({ url: `/api/speech?text=${q}&language=en`, headers: headers() });
      expect(speech.statusCode, q).toBe(400);
      expect((speech.json() as { error: { code: string; message: string } }).error).toMatchObject({ code: 'invalid_text', message: expect.stringMatching(/^text: /) });
    }
  });

  it('refuses bad text in the scan upload form fields', async () => {
    // The multipart reader decodes fields itself (invalid bytes become U+FFFD, never a language): still a 400.
    for (const [value, code] of [[Buffer.from('en\u0000'), 'invalid_text'], [Buffer.from([0x65, 0x6e, 0xed, 0xa0, 0x80]), 'unknown_language'], [Buffer.from([0x65, 0x6e, 0xff]), 'unknown_language']] as const) {
      const boundary = 'xxBOUNDARYxx';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="primaryLanguage"\r\n\r\n`), value,
        Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="secondaryLanguage"\r\n\r\nes\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot-an-image\r\n--${boundary}--\r\n`),
      ]);
      const res = await s.app.inject({
        method: 'POST', url: '/api/scan/upload', payload,
        headers: { ...headers(), 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code } });
      if (code === 'invalid_text') expect((res.json() as { error: { message: string } }).error.message).toMatch(/^primaryLanguage: /);
    }
  });

  it('answers bad text in voice frames with an error event naming the field, and the socket stays usable', async () => {
    const ws = new WebSocket(`${s.base.replace('http', 'ws')}${VOICE_SOCKET_PATH}`, { headers: { cookie: me.cookie, origin: s.base } });
    const events: { type: string; error?: { code: string; message: string } }[] = [];
    let wake = () => {};
    ws.on('message', (d) => (events.push(JSON.parse(d.toString())), wake()));
    const next = async (type: string) => {
      for (;;) {
        const i = events.findIndex((e) => e.type === type);
        if (i >= 0) return events.splice(i, 1)[0];
        await new Promise<void>((r) => (wake = r));
      }
    };
    await new Promise((r) => ws.once('open', r));
    for (const value of ['en\u0000', 'en\ud800']) {
      ws.send(JSON.stringify({ type: 'update_languages', userLanguage: value, partnerLanguage: 'es' }));
      const error = await next('error');
      expect(error?.error?.code).toBe('invalid_message');
      expect(error?.error?.message).toContain('userLanguage: must not contain');
    }
    ws.send(JSON.stringify({ type: 'update_languages', userLanguage: 'en', partnerLanguage: 'es' }));
    await next('session.updated');
    // Invalid UTF-8 in a text frame is a protocol error: the WebSocket layer closes with 1007.
    const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
    ws.send(Buffer.from([0x7b, 0xff, 0x7d]), { binary: false });
    expect(await closed).toBe(1007);
  });

  // Text other people's translations are made of: nothing a reader cannot see, nothing that passes for a glossary mark.
  it('refuses control, bidi-override and private-use characters in corrections and glossary phrases (invalid_characters)', async () => {
    const corrections = CASES.filter((c) => c.url().includes('/translation') || c.url().includes('/glossary/'));
    expect(corrections).toHaveLength(5);
    for (const c of corrections) {
      for (const hidden of ['\u0007', '\u001b[31m', '\u0085', '\u202e', '\u2066', '\ue000', '\u{f0001}', '\u{10fffd}']) {
        const before = await snapshot();
        const payload = JSON.parse(JSON.stringify(c.template).replace(PLACEHOLDER, JSON.stringify(`a${hidden}b`).slice(1, -1))) as object;
        const res = await s.app.inject({ method: c.method, url: c.url(), headers: headers(), payload });
        expect(res.statusCode, `${c.field} ${JSON.stringify(hidden)}`).toBe(400);
        const error = (res.json() as { error: { code: string; message: string } }).error;
        expect(error.code).toBe('invalid_characters');
        expect(error.message.startsWith(`${c.field}: `), error.message).toBe(true);
        expect(await snapshot()).toEqual(before);
      }
    }
  });

  it('still accepts line breaks in a corrected translation (the message may have several lines)', async () => {
    // Validation passes and the handler answers for the message itself: 404, as message 1 is not in this room.
    const res = await s.app.inject({ method: 'PUT', url: `/api/chats/${roomId}/messages/1/translation`, headers: headers(), payload: { text: 'Hola\nqué tal' } });
    expect(res.statusCode, res.body).toBe(404);
  });

  it('still accepts ordinary text with emoji, accents and a real U+FFFD', async () => {
    const res = await s.app.inject({
      method: 'PATCH', url: '/api/profile', headers: headers(), payload: { bio: 'Olá 👋 — naïve � text' },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { bio: string }).bio).toBe('Olá 👋 — naïve � text');
  });
});

// A sign-up refused for bad text must not leave a half-made account behind.
describe('sign-up after refusals', () => {
  it('works with the same e-mail once the text is valid', async () => {
    const u = uniqueUser('safe');
    const res = await s.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { 'sec-fetch-site': 'same-origin' }, payload: u });
    expect(res.statusCode).toBe(201);
  });
});
