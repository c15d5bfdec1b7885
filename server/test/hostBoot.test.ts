import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers.ts';
import { httpUser, type HttpUser } from './httpClient.ts';
import { startServerProcess, type ServerProcess } from './serverProcess.ts';
import { until } from './support/poll.ts';

/**
 * The real server started as scripts/start.sh starts it, by a service user whose HOME has a .bashrc
 * (and BASH_ENV) that prints to stdout and sleeps, with no SHLVL (as under a service manager, where
 * Debian's bash takes a socket stdin for an ssh session and reads that .bashrc). The self-check must
 * pass every mode and English -> Spanish be served, down to a chat message. (A boot under CPU load:
 * server/src/translation/engines/apertium-host.test.ts, which keeps the cores busy for less long.)
 */
let server: ServerProcess | undefined;
let testDb: TestDatabase | undefined;
const home = mkdtempSync(path.join(tmpdir(), 'parley-service-home-'));
afterAll(async () => {
  await server?.stop();
  await testDb?.drop();
  rmSync(home, { recursive: true, force: true });
});

type Row = { id: string; translation_status: string; translated_content: string | null; translation_error: string | null };

async function settled(reader: HttpUser, roomId: string, id: string): Promise<Row> {
  const read = async () => ((await (await reader.call('GET', `/api/chats/${roomId}/messages`)).json()) as { messages: Row[] }).messages.find((m) => m.id === id);
  return (await until(`message ${id} translated`, read, (row) => row !== undefined && row.translation_status !== 'pending', { everyMs: 200, timeoutMs: 240_000 }))!;
}

describe('boot with a hostile shell start-up file', () => {
  it('checks the Apertium modes, serves English -> Spanish and translates a chat message', { timeout: 300_000 }, async () => {
    const rc = 'echo "hello from the service user\'s rc file"; sleep 60\n';
    for (const file of ['.bashrc', '.profile', '.bash_profile']) writeFileSync(path.join(home, file), rc);

    testDb = await createTestDatabase();
    server = await startServerProcess({
      ...testDb.serverEnv, HOME: home, BASH_ENV: path.join(home, '.bashrc'), ENV: path.join(home, '.bashrc'),
      PORT: '3351', TRANSLATION_ENGINES: 'apertium', TRANSLATION_SELF_CHECK: 'on',
    }, 120_000);
    const base = () => (server as ServerProcess).url;

    // Wait for the self-check's verdicts: nothing failed it.
    type Check = { checking: string[]; failed: string[]; passed: number };
    const ready = async () => ((await (await fetch(`${base()}/api/ready`)).json()) as { translation: { selfCheck: Check[] } }).translation.selfCheck[0];
    let check = await ready();
    for (let i = 0; i < 1_500 && check?.checking.length; i++) {
      await new Promise((r) => setTimeout(r, 200));
      check = await ready();
    }
    expect(check).toMatchObject({ checking: [], failed: [] });
    expect(check?.passed).toBeGreaterThan(10);

    const ana = await httpUser(base, 'en');
    const bruno = await httpUser(base, 'es');
    const languages = (await (await bruno.call('GET', '/api/languages')).json()) as { pairs: { source: string; target: string; support: string }[] };
    expect(languages.pairs.find((p) => p.source === 'en' && p.target === 'es')).toMatchObject({ support: 'direct' });
    const room = (await (await ana.call('POST', '/api/chats', { userId: bruno.id })).json()) as { room: { id: string } };
    const sent = await ana.call('POST', `/api/chats/${room.room.id}/messages`, { content: 'Let me know when you get home.', clientId: 'host-boot-1' });
    expect(sent.status).toBe(201);
    const { message } = (await sent.json()) as { message: { id: string } };
    const row = await settled(bruno, room.room.id, message.id);
    expect(row).toMatchObject({ translation_status: 'done', translation_error: null });
    expect(row.translated_content).toMatch(/casa/i);
    expect(server.output()).not.toContain('hello from the service user');
  });
});
