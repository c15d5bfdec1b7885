import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { sameOriginCheck } from './socket.ts';
import { startVoiceServer, VoiceTestClient, type TestVoiceServer } from './testing/harness.ts';
import type { VoiceSessionHandle } from './types.ts';

// The upgrade handler: voice path only, signed-in users only, Origin checked, other sockets untouched.

let server: TestVoiceServer;
let otherWss: WebSocketServer;
const received: string[] = [];

beforeAll(async () => {
  const echoSession = (ctx: Parameters<Parameters<typeof startVoiceServer>[0]>[0]): VoiceSessionHandle => {
    ctx.send({ type: 'session.created', session: { id: ctx.userId } });
    return { handleMessage: (data) => received.push(data), close: () => {} };
  };
  server = await startVoiceServer(echoSession, { maxConnectionsPerUser: 2, hardMaxPayload: 1024 });
  // A second socket on the same server, as the chat realtime socket will be.
  otherWss = new WebSocketServer({ noServer: true });
  server.server.on('upgrade', (req, socket, head) => {
    if (req.url !== '/realtime') return;
    otherWss.handleUpgrade(req, socket, head, (ws) => ws.send('chat socket'));
  });
});
afterAll(async () => {
  for (const ws of otherWss.clients) ws.terminate();
  otherWss.close();
  await server.close();
});

function refusal(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('open', () => reject(new Error('connected')));
    ws.on('error', () => {});
  });
}

describe('attachVoiceSocket', () => {
  it('accepts a signed-in user and hands frames to the session', async () => {
    const client = await VoiceTestClient.connect(server.url, { cookie: 'user=bob', origin: 'http://allowed.test' });
    expect((await client.next('session.created')).session.id).toBe('bob');
    client.send({ type: 'input_audio_buffer.clear' });
    await client.close();
    expect(received).toContain('{"type":"input_audio_buffer.clear"}');
  });

  it('refuses an unauthenticated upgrade with 401 and a foreign Origin with 403', async () => {
    expect(await refusal(server.url, {})).toBe(401);
    expect(await refusal(server.url, { cookie: 'user=bob', origin: 'https://evil.example' })).toBe(403);
  });

  it('caps the sockets one user holds at once (429)', async () => {
    const a = await VoiceTestClient.connect(server.url, { cookie: 'user=carol' });
    const b = await VoiceTestClient.connect(server.url, { cookie: 'user=carol' });
    expect(await refusal(server.url, { cookie: 'user=carol' })).toBe(429);
    await a.close();
    await b.close();
  });

  it('leaves upgrades for other paths to their own handler', async () => {
    const ws = new WebSocket(server.url.replace(/\/functions\/.*$/, '/realtime'));
    const first = await new Promise<string>((resolve, reject) => {
      ws.once('message', (d) => resolve(d.toString()));
      ws.once('error', reject);
    });
    expect(first).toBe('chat socket');
    ws.close();
  });

  it('closes the socket (1009) on a frame above the hard payload cap', async () => {
    const client = await VoiceTestClient.connect(server.url, { cookie: 'user=dave' });
    const code = new Promise<number>((resolve) => client.ws.once('close', (c) => resolve(c)));
    client.send('x'.repeat(2048));
    expect(await code).toBe(1009);
  });
});

describe('sameOriginCheck', () => {
  const req = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;
  it('allows the public URL, the Host without one, and requests without Origin', () => {
    expect(sameOriginCheck('https://parley.example')(req({ origin: 'https://parley.example' }))).toBe(true);
    expect(sameOriginCheck('https://parley.example')(req({ origin: 'http://parley.example' }))).toBe(false);
    expect(sameOriginCheck(undefined)(req({ origin: 'http://localhost:3000', host: 'localhost:3000' }))).toBe(true);
    expect(sameOriginCheck(undefined)(req({ origin: 'http://evil.example', host: 'localhost:3000' }))).toBe(false);
    expect(sameOriginCheck(undefined)(req({ origin: 'null', host: 'localhost:3000' }))).toBe(false);
    expect(sameOriginCheck(undefined)(req({ host: 'localhost:3000' }))).toBe(true);
  });
});
