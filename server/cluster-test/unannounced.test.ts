import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatTranslator } from '../src/chat/types.ts';
import { createTestDatabase, getTestServer, signUpAndIn, type TestDatabase, type TestServer } from '../test/helpers.ts';
import { TestSocket } from '../test/realtimeClient.ts';

/**
 * A node that stored a translation and died before announcing it (db/nodeHeartbeats.ts,
 * chat/translationJobs.ts): node A holds the job with an engine that never answers; the test then
 * stores the result as A would have and stops A's heartbeat (its beat set an hour back, its next
 * one an hour away). Node B notices, hands the job back, runs it again, finds the result stored and
 * announces it: the reader on B hears the stored translation.
 */
const hangs: ChatTranslator = { translate: () => new Promise(() => {}) };
const answers: ChatTranslator = {
  async translate(input) {
    return { text: `[${input.target}] ${input.text}`, ok: true, detectedLanguage: input.sourceHint ?? 'en' };
  },
};

let testDb: TestDatabase;
let a: TestServer;
let b: TestServer;
let baseB = '';

beforeAll(async () => {
  testDb = await createTestDatabase('postgres');
  const env = { ...testDb.serverEnv };
  // A fetches only right after its own sends (poll an hour away), B every 200 ms.
  a = await getTestServer({ testDb, env, chatTranslator: hangs, heartbeat: { intervalMs: 3_600_000, alone: false }, translationJobs: { pollMs: 3_600_000, drainMs: 50 } });
  b = await getTestServer({ testDb, env, chatTranslator: answers, heartbeat: { intervalMs: 200, alone: false }, translationJobs: { pollMs: 200, retryDelaySeconds: 0 } });
  await b.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = b.app.server.address();
  baseB = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await testDb?.drop();
});

describe('a translation stored but never announced', () => {
  it('reaches the reader once another node notices the dead one', async () => {
    const ana = await signUpAndIn(a.app);
    const bruno = await signUpAndIn(b.app);
    await a.app.inject({ method: 'PATCH', url: '/api/profile', payload: { language: 'en' }, headers: { cookie: ana.cookie } });
    await b.app.inject({ method: 'PATCH', url: '/api/profile', payload: { language: 'es' }, headers: { cookie: bruno.cookie } });
    const roomId = (await a.app.inject({ method: 'POST', url: '/api/chats', payload: { userId: bruno.id }, headers: { cookie: ana.cookie } })).json().room.id as string;
    const reader = await TestSocket.open(baseB, bruno.cookie);

    const sent = await a.app.inject({ method: 'POST', url: `/api/chats/${roomId}/messages`, payload: { content: 'Lunch at one?', clientId: 'unannounced-0001' }, headers: { cookie: ana.cookie } });
    expect(sent.statusCode).toBe(201);
    const id = sent.json().message.id as string;
    const nodeA = a.app.nodeHeartbeats.nodeId;
    // A holds the job (recorded in its heartbeat row before the engine was asked).
    for (;;) {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM node_heartbeats h JOIN message_translations t ON t.job_id = ANY(h.job_ids)
        WHERE h.node_id = ${nodeA} AND t.message_id = ${id}`.execute(b.database.db);
      if (rows[0]!.n === 1) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    // What A stored just before dying; then A falls silent.
    await sql`UPDATE message_translations SET status = 'done', content = 'Stored by the node that died' WHERE message_id = ${id}`.execute(b.database.db);
    await sql`UPDATE node_heartbeats SET beat_at = now() - interval '1 hour' WHERE node_id = ${nodeA}`.execute(b.database.db);

    const heard = await reader.next<'message.translated'>((e) => e.type === 'message.translated' && e.message.id === id);
    expect(heard.message).toMatchObject({ translation_status: 'done', translated_content: 'Stored by the node that died' });
    const { rows: left } = await sql<{ node_id: string }>`SELECT node_id FROM node_heartbeats`.execute(b.database.db);
    expect(left.map((r) => r.node_id)).toEqual([b.app.nodeHeartbeats.nodeId]);
    reader.close();
  });
});
