import { VOICE_CAPABILITIES_PATH, VOICE_SOCKET_PATH, type VoiceCapabilities } from '@parley/common';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signUpAndIn, useTestServer } from './helpers.ts';

/** The voice socket as the full app serves it: auth, Origin, protocol round trip. */
const s = useTestServer({ listen: true });

function open(cookie: string | undefined, origin = s.base) {
  const ws = new WebSocket(`${s.base.replace('http', 'ws')}${VOICE_SOCKET_PATH}`, { headers: { ...(cookie ? { cookie } : {}), origin } });
  const events: { type: string; error?: { code: string } }[] = [];
  ws.on('message', (d) => events.push(JSON.parse(d.toString())));
  const next = (type: string) =>
    new Promise<(typeof events)[number]>((resolve) => {
      const check = () => {
        const found = events.find((e) => e.type === type);
        if (found) return resolve(found);
        ws.once('message', check);
      };
      check();
    });
  return { ws, events, next };
}

const refusal = (ws: WebSocket) =>
  new Promise<number>((resolve) => ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));

describe('voice socket in the app', () => {
  it('refuses signed-out handshakes and foreign origins', async () => {
    expect(await refusal(open(undefined).ws)).toBe(401);
    const u = await signUpAndIn(s.app);
    expect(await refusal(open(u.cookie, 'https://evil.example').ws)).toBe(403);
  });

  it('speaks the protocol for a signed-in user: languages, then an empty commit is an error event', async () => {
    const u = await signUpAndIn(s.app);
    const { ws, next } = open(u.cookie);
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'update_languages', userLanguage: 'en', partnerLanguage: 'es' }));
    await next('session.updated');
    ws.send(JSON.stringify({ type: 'input_audio_buffer.commit' }));
    const error = await next('error');
    expect(error.error?.code).toBe('input_audio_buffer_commit_empty');
    expect(ws.readyState).toBe(WebSocket.OPEN);
    ws.close();
  });
});

describe('voice capabilities', () => {
  it('tells signed-in users which languages speech recognition understands (offline: English only) and speaks', async () => {
    expect((await s.app.inject({ method: 'GET', url: VOICE_CAPABILITIES_PATH })).statusCode).toBe(401);
    const u = await signUpAndIn(s.app);
    const res = await s.app.inject({ method: 'GET', url: VOICE_CAPABILITIES_PATH, headers: { cookie: u.cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json<VoiceCapabilities>();
    expect(body.engine).toBe('pipeline');
    expect(body.stt).toEqual({ engine: 'pocketsphinx', languages: ['en'] });
    expect(body.tts.languages).toContain('es');
    expect(body.tts.languages).toContain('en');
  });
});
