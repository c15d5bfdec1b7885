import { chmodSync, copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LIMITS } from '@parley/common';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_MODES_DIR } from '../src/translation/engines/apertium-modes.ts';
import { createTranslationService } from '../src/translation/service.ts';
import { fakeTranslation, libreHandler, startFake } from '../src/translation/testing/fakeProviders.ts';
import { getTestServer, signUpAndIn, type TestServer } from './helpers.ts';
import { until } from './support/poll.ts';

/**
 * Chat translation while an engine is not (yet) usable: a direction still being checked at start-up
 * makes its messages wait (pending, job postponed) rather than fail, and messages that failed while
 * an engine was down are translated by themselves once it is back. Both end with English -> Spanish.
 */
const TOKEN = 'metrics-token-engine-availability';
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** ana (English) writes to bruno (Spanish); returns the message id and bruno's cookie. */
async function sendEnglishToSpanish(s: TestServer, content: string): Promise<{ id: string; reader: string }> {
  const ana = await signUpAndIn(s.app);
  const bruno = await signUpAndIn(s.app);
  await s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { language: 'en' }, headers: { cookie: ana.cookie } });
  await s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { language: 'es' }, headers: { cookie: bruno.cookie } });
  const roomId = (await s.app.inject({ method: 'POST', url: '/api/chats', payload: { userId: bruno.id }, headers: { cookie: ana.cookie } })).json().room.id;
  const res = await s.app.inject({ method: 'POST', url: `/api/chats/${roomId}/messages`, payload: { content, clientId: `c-${Date.now()}` }, headers: { cookie: ana.cookie } });
  expect(res.statusCode).toBe(201);
  return { id: res.json().message.id, reader: bruno.cookie };
}

/** A pair's message with its one translation row. */
const row = (s: TestServer, id: string) => s.database.db
  .selectFrom('messages as m').innerJoin('message_translations as t', 't.message_id', 'm.id')
  .select(['m.content', 't.status as translation_status', 't.content as translated_content', 't.error as translation_error', 't.attempts as translation_attempts'])
  .where('m.id', '=', id as never).executeTakeFirstOrThrow();

async function metrics(s: TestServer): Promise<string> {
  return (await s.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
}

describe('chat translation and engine availability', () => {
  it('a message for a direction still being checked stays pending until the check passes, then English -> Spanish is served', { timeout: 180_000 }, async () => {
    // eng-spa's analyser blocks until the test opens the gate: that mode cannot answer yet.
    const bin = tempDir('parley-fake-bin-');
    const gate = path.join(bin, 'gate-open');
    writeFileSync(
      path.join(bin, 'lt-proc'),
      `#!/bin/sh\ncase "$*" in *eng-spa.automorf*) while [ ! -e '${gate}' ]; do sleep 0.1; done ;; esac\nexec /usr/bin/lt-proc "$@"\n`,
    );
    chmodSync(path.join(bin, 'lt-proc'), 0o755);
    const savedPath = process.env.PATH;
    process.env.PATH = `${bin}:${savedPath ?? ''}`;
    cleanups.push(() => (process.env.PATH = savedPath));
    const modesDir = tempDir('parley-modes-');
    for (const mode of ['eng-spa', 'spa-eng']) copyFileSync(path.join(DEFAULT_MODES_DIR, `${mode}.mode`), path.join(modesDir, `${mode}.mode`));

    const translation = createTranslationService({
      config: {
        engines: ['apertium'], selfCheck: true, pairsWaitMs: 100, timeoutMs: 2_000, maxChars: LIMITS.translateMaxChars, retry: { baseDelayMs: 50 },
        apertium: { modesDir, check: { timeoutMs: 2_000, retryBaseMs: 200, retryMaxMs: 1_000, patienceAttempts: 1_000 } },
      },
    });
    cleanups.push(() => translation.close());
    const s = await getTestServer({ translation, env: { METRICS_TOKEN: TOKEN }, translationJobs: { postponeSeconds: 1 } });
    cleanups.push(() => s.close());

    expect(translation.isDirectionBeingChecked('en', 'es')).toBe(true);
    const ready = (await s.app.inject({ url: '/api/ready' })).json();
    expect(ready.translation.selfCheck).toEqual([expect.objectContaining({ engine: 'apertium', checking: expect.arrayContaining(['eng-spa']) })]);
    expect(await metrics(s)).toMatch(/parley_translation_self_check\{engine="apertium",state="checking"\} [12]\n/);

    const { id, reader } = await sendEnglishToSpanish(s, 'The city council approved a new plan.');
    // The reader is not told that this server cannot translate English to Spanish.
    const languages = (await s.app.inject({ url: '/api/languages', headers: { cookie: reader } })).json();
    expect(languages.pairs.find((p: { source: string; target: string }) => p.source === 'en' && p.target === 'es')).toMatchObject({ support: 'direct', checking: true });
    // Its job ran and was put off (twice: it keeps waiting), without failing the message.
    await until('the job is postponed again', () => metrics(s), (text) => /parley_translation_jobs_total\{outcome="postponed"\} ([2-9]|\d{2,})/.test(text));
    expect(await row(s, id)).toMatchObject({ translation_status: 'pending' });

    writeFileSync(gate, '');
    const done = await until('the message settles', () => row(s, id), (r) => r.translation_status !== 'pending');
    expect(done).toMatchObject({ translation_status: 'done' });
    expect(done.translated_content).toMatch(/ayuntamiento|consejo|plan/i);
    expect(translation.isDirectionBeingChecked('en', 'es')).toBe(false);
    const after = (await s.app.inject({ url: '/api/languages', headers: { cookie: reader } })).json();
    expect(after.pairs.find((p: { source: string; target: string }) => p.source === 'en' && p.target === 'es')).toEqual(expect.not.objectContaining({ checking: true }));
  });

  it('messages that failed while the engine was down are translated by themselves when it is back', { timeout: 120_000 }, async () => {
    let down = true;
    const libre = libreHandler({ languages: [{ code: 'en', name: 'English', targets: ['es'] }, { code: 'es', name: 'Spanish', targets: ['en'] }] });
    const engine = await startFake((req) => (req.path === '/translate' && down ? { status: 503, body: { error: 'down for maintenance' } } : libre(req)));
    cleanups.push(() => engine.close());
    const s = await getTestServer({ env: { TRANSLATION_ENGINES: 'libretranslate', LIBRETRANSLATE_URL: engine.url } });
    cleanups.push(() => s.close());

    const content = 'Are you coming tonight?';
    const { id } = await sendEnglishToSpanish(s, content);
    const failed = await until('the message fails', () => row(s, id), (r) => r.translation_status !== 'pending');
    expect(failed).toMatchObject({ translation_status: 'failed', translation_error: 'engine_failed' });

    down = false; // nobody presses Retry
    const done = await until('the message is translated', () => row(s, id), (r) => r.translation_status === 'done');
    expect(done.translated_content).toBe(fakeTranslation('es', content));
  });
});
