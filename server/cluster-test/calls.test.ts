import { randomBytes } from 'node:crypto';
import { CALL_API, type CallInfo } from '@parley/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fliteSpeech, silence } from '../src/voice/testing/speech.ts';
import { CallSocket } from '../test/callClient.ts';
import { createTestDatabase, type TestDatabase } from '../test/helpers.ts';
import { httpUser, type HttpUser } from '../test/httpClient.ts';
import { TestSocket } from '../test/realtimeClient.ts';
import { startRedis, type RedisProcess } from '../test/redisProcess.ts';
import { startServerProcess, type ServerProcess } from '../test/serverProcess.ts';

/**
 * A call across two real nodes (PostgreSQL + Redis, no sticky sessions): the caller on one node, the callee on
 * the other. Ringing, accept, the English speaker's pipeline on their node with the Spanish captions and audio
 * reaching the listener through Redis; then kill -9 of the callee's node: the caller hears the call end
 * ('server_lost') and the two can call again at once.
 */
let redis: RedisProcess;
let testDb: TestDatabase;
const nodes: ServerProcess[] = [];
let english: Buffer;

beforeAll(async () => {
  redis = await startRedis(Number(process.env.TEST_CALLS_REDIS_PORT ?? 3317));
  testDb = await createTestDatabase('postgres');
  const env = {
    ...testDb.serverEnv, REDIS_URL: redis.url, REDIS_PREFIX: `call${randomBytes(4).toString('hex')}:`,
    TRANSLATION_SELF_CHECK: 'off', CALL_KEEPALIVE_SECONDS: '1', NODE_HEARTBEAT_SECONDS: '1',
  };
  const [pcm, ...started] = await Promise.all([fliteSpeech('Good morning, where is the train station?'), ...[0, 1].map(() => startServerProcess(env, 120_000))]);
  english = Buffer.concat([silence(0.3), pcm as Buffer, silence(0.3)]);
  nodes.push(...(started as ServerProcess[]));
}, 180_000);
afterAll(async () => {
  for (const n of nodes) await n.stop();
  await testDb?.drop();
  await redis?.stop();
});

async function startCall(ana: HttpUser, roomId: string): Promise<CallInfo> {
  const res = await ana.call('POST', CALL_API.start, { roomId });
  expect(res.status).toBe(201);
  return ((await res.json()) as { call: CallInfo }).call;
}

describe('calls across two nodes', () => {
  it('signalling, captions and translated audio cross nodes; a node that dies ends its calls and both can call again', async () => {
    const [a, b] = nodes as [ServerProcess, ServerProcess];
    const ana = await httpUser(() => a.url, 'en');
    let liNode = b;
    const li = await httpUser(() => liNode.url, 'es');
    const roomId = ((await (await ana.call('POST', '/api/chats', { userId: li.id })).json()) as { room: { id: string } }).room.id;
    const [anaChat, liChat] = await Promise.all([TestSocket.open(a.url, ana.cookie), TestSocket.open(b.url, li.cookie)]);

    const call = await startCall(ana, roomId);
    expect((await liChat.next('call.ringing')).call.id).toBe(call.id);
    expect((await li.call('POST', CALL_API.accept(call.id), { deviceId: 'phone' })).status).toBe(200);
    expect(await anaChat.next('call.accepted')).toMatchObject({ deviceId: 'phone' });

    const [anaMedia, liMedia] = await Promise.all([CallSocket.open(a.url, ana.cookie, call.id), CallSocket.open(b.url, li.cookie, call.id)]);
    await Promise.all([anaMedia.next('timer.started'), liMedia.next('timer.started')]);
    const sentAt = performance.now();
    anaMedia.speak(english);
    const caption = await liMedia.when('caption', (e) => e.final);
    expect(caption).toMatchObject({ speaker: 'partner', original: { language: 'en' }, translated: { language: 'es' } });
    await liMedia.next('audio.delta');
    console.log(`calls (2 nodes): first translated audio ${((performance.now() - sentAt) / 1000).toFixed(2)} s after the utterance was sent`);
    await liMedia.next('audio.done');

    // kill -9 of Li's node: Ana's node notices (no keep-alive) and ends the call; both are free at once.
    await b.kill('SIGKILL');
    const killedAt = performance.now();
    expect(await anaMedia.next('call.ended')).toMatchObject({ call: { endReason: 'server_lost' } });
    console.log(`calls: the survivor heard the call end ${((performance.now() - killedAt) / 1000).toFixed(1)} s after kill -9`);
    liNode = a;
    const again = await startCall(ana, roomId);
    expect(again.state).toBe('ringing');
    expect((await li.call('POST', CALL_API.decline(again.id))).status).toBe(200);
    anaChat.close();
  }, 240_000);
});
