import { afterAll, afterEach, beforeAll } from 'vitest';
import { libreHandler, startFake, type FakeProvider } from '../../src/translation/testing/fakeProviders.ts';
import { createTestDatabase, type TestDatabase } from '../helpers.ts';
import { startServerProcess, type ServerProcess } from '../serverProcess.ts';

const languages = [
  { code: 'en', name: 'English', targets: ['es'] },
  { code: 'es', name: 'Spanish', targets: ['en'] },
];

/**
 * Real server processes for the calling file, all on one database of its own, translating English <-> Spanish
 * through a LibreTranslate-protocol fake engine whose /translate answers after `delayMs` (tests change it while
 * they run). Every process started is stopped after each test.
 */
export function useTranslatingServers(delayMs: number) {
  let engine: FakeProvider | undefined;
  let testDb: TestDatabase | undefined;
  const running = new Set<ServerProcess>();
  const fleet = {
    delayMs,
    get engine(): FakeProvider {
      if (!engine) throw new Error('the engine starts in beforeAll');
      return engine;
    },
    /** A server on the file's database and engine, with `env` added. */
    async start(env: Record<string, string> = {}, timeoutMs?: number): Promise<ServerProcess> {
      const p = await startServerProcess({ ...testDb!.serverEnv, TRANSLATION_ENGINES: 'libretranslate', LIBRETRANSLATE_URL: fleet.engine.url, ...env }, timeoutMs);
      running.add(p);
      return p;
    },
  };
  beforeAll(async () => {
    const libre = libreHandler({ languages });
    engine = await startFake((req) => ({ ...libre(req), delayMs: req.path === '/translate' ? fleet.delayMs : 0 }));
    testDb = await createTestDatabase();
  });
  afterEach(async () => {
    for (const p of running) await p.stop();
    running.clear();
  });
  afterAll(async () => {
    await engine?.close();
    await testDb?.drop();
  });
  return fleet;
}
