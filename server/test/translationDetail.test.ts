import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestServer, signUpAndIn, type TestServer } from './helpers.ts';

/**
 * How a translation was made (issue 34 item 4): each translation row keeps the engine and, for a
 * pivot, the language in the middle; a message shows them to its readers as `translation_detail`
 * (machine-made until a participant corrects it). Real Apertium: English -> Spanish is direct,
 * English -> French goes through Catalan.
 */
let s: TestServer;
beforeAll(async () => {
  s = await getTestServer();
});
afterAll(() => s.close());

const api = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) => s.app.inject({ method, url, payload, headers: { cookie } });

async function person(language: string) {
  const u = await signUpAndIn(s.app);
  await api(u.cookie, 'PATCH', '/api/profile', { language });
  return u;
}

async function sendAndRead(from: { cookie: string }, reader: { cookie: string; id: string }, content: string) {
  const roomId = (await api(from.cookie, 'POST', '/api/chats', { userId: reader.id, relationshipType: 'close_friend' })).json().room.id as string;
  const id = (await api(from.cookie, 'POST', `/api/chats/${roomId}/messages`, { content, clientId: `detail-${content.length}-${reader.id}` })).json().message.id as string;
  for (let i = 0; i < 600; i++) {
    const m = (await api(reader.cookie, 'GET', `/api/chats/${roomId}/messages`)).json().messages.find((x: { id: string }) => x.id === id);
    if (m.translation_status !== 'pending') return { roomId, message: m };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('translation never finished');
}

describe('translation detail', () => {
  it('shows the engine, the pivot language and that a machine made it; a correction is not machine-made', async () => {
    const ana = await person('en');
    const bruno = await person('es');
    const claire = await person('fr');
    const direct = await sendAndRead(ana, bruno, 'The house is big.');
    expect(direct.message).toMatchObject({ translation_status: 'done', translation_detail: { engine: 'apertium', via: null, machine: true } });
    const pivot = await sendAndRead(ana, claire, 'The house is big.');
    expect(pivot.message).toMatchObject({ translation_status: 'done', translation_detail: { engine: 'apertium', via: 'ca', machine: true } });
    await api(claire.cookie, 'PUT', `/api/chats/${pivot.roomId}/messages/${pivot.message.id}/translation`, { text: 'La maison est grande.' });
    const corrected = (await api(claire.cookie, 'GET', `/api/chats/${pivot.roomId}/messages`)).json().messages.find((x: { id: string }) => x.id === pivot.message.id);
    expect(corrected).toMatchObject({ translated_content: 'La maison est grande.', translation_detail: { engine: 'apertium', via: 'ca', machine: false } });
    const same = await sendAndRead(ana, bruno, '👍');
    expect(same.message.translation_detail).toBeUndefined();
  }, 180_000);
});
