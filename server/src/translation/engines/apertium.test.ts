import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LanguageCode } from '@parley/common';
import { ApertiumEngine } from './apertium.ts';
import { ApertiumModes } from './apertium-modes.ts';
import { EngineError } from '../../platform/errors.ts';

// Real Apertium (Debian packages): the pipelines below are the ones the server runs.
const engine = new ApertiumEngine({ stallMs: 20_000 });
afterAll(() => engine.close());

const translate = (text: string, source: LanguageCode, target: LanguageCode) =>
  engine.translate({ text, source, target, signal: AbortSignal.timeout(20_000) }).then((r) => r.text);

/** Resolves once no process (pid > 0) or process group (pid < 0) of that id is left. */
function waitForExit(pid: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      try {
        process.kill(pid, 0);
        setTimeout(check, 20);
      } catch {
        resolve();
      }
    };
    check();
  });
}

describe('Apertium modes', () => {
  it('maps installed modes (2- and 3-letter names) to our codes, ignoring variants and other languages', () => {
    const modes = new ApertiumModes(['eng-spa', 'spa-eng', 'fr-es', 'es-pt_BR', 'eng-cat', 'eco-es-fr', 'rus-ukr']);
    expect(modes.mode('en', 'es')).toBe('eng-spa');
    expect(modes.mode('fr', 'es')).toBe('fr-es');
    expect(modes.mode('es', 'pt')).toBeUndefined();
    expect(modes.plan('en', 'fr')).toBeUndefined(); // no es-fr here
    expect(modes.modeNames).toEqual(['eng-spa', 'spa-eng', 'fr-es', 'rus-ukr']);
  });

  it('plans direct pairs, pivots through Spanish, and nothing for pairs it cannot reach', () => {
    expect(engine.supports('en', 'es')).toBe('direct');
    expect(engine.supports('en', 'fr')).toBe('pivot');
    expect(engine.pivotFor('fr', 'en')).toBe('es');
    expect(engine.modes.plan('ro', 'it')).toEqual({ support: 'pivot', modes: ['ro-es', 'spa-ita'], via: 'es' });
    // Chosen by measured chrF (docs/PERFORMANCE.md): Catalan or Galician where they score better.
    expect(engine.modes.plan('en', 'fr')).toEqual({ support: 'pivot', modes: ['eng-cat', 'cat-fra'], via: 'ca' });
    expect(engine.modes.plan('pt', 'it')).toEqual({ support: 'pivot', modes: ['por-cat', 'cat-ita'], via: 'ca' });
    expect(engine.modes.plan('en', 'pt')).toEqual({ support: 'pivot', modes: ['en-gl', 'gl-pt'], via: 'gl' });
    expect(engine.modes.pivotPaths('en', 'pt').map((p) => p.via)).toEqual(['es', 'ca', 'gl']);
    expect(engine.supports('en', 'ja')).toBeNull();
    expect(engine.supports('es', 'ro')).toBeNull(); // only ro -> es is packaged
  });
});

describe('Apertium engine (real pipelines)', () => {
  it('translates English <-> Spanish', async () => {
    expect(await translate('The cat is black.', 'en', 'es')).toBe('El gato es negro.');
    expect(await translate('El perro es grande.', 'es', 'en')).toBe('The dog is big.');
  });

  it('translates French -> Spanish', async () => {
    expect(await translate('Le chat est noir.', 'fr', 'es')).toBe('El gato es negro.');
  });

  it('pivots English -> Spanish -> French and Portuguese -> Spanish -> Italian', async () => {
    expect(await translate('The cat is black.', 'en', 'fr')).toBe('Le chat est noir.');
    expect(await translate('O gato é preto.', 'pt', 'it')).toBe('Il gatto è nero.');
  });

  it('translates Russian <-> Ukrainian', async () => {
    expect(await translate('Сегодня хорошая погода.', 'ru', 'uk')).toBe('Сьогодні хороша погода.');
    expect(await translate('Сьогодні гарна погода.', 'uk', 'ru')).toBe('Сегодня хорошая погода.');
  });

  it("strips unknown-word marks but keeps the word and the user's own symbols", async () => {
    expect(await translate('The blorfex is here.', 'en', 'es')).toBe('El blorfex es aquí.');
    const out = await translate('Write to ana@example.com #urgent *now*', 'en', 'es');
    expect(out).toContain('ana@example.com');
    expect(out).toContain('#urgente');
    expect(out).toContain('*ahora*');
  });

  it('keeps line breaks of multi-line text', async () => {
    expect(await translate('First line.\nSecond line.\n\nThird paragraph.', 'en', 'es')).toBe('Primera línea.\nSegunda línea.\n\nTercer párrafo.');
  });

  it('drops NUL from the input instead of breaking the pipeline', async () => {
    expect(await translate('The cat\0 is black.', 'en', 'es')).toBe('El gato es negro.');
    expect(await translate('The dog is big.', 'en', 'es')).toBe('El perro es grande.');
  });

  it('refuses pairs it does not serve', async () => {
    await expect(translate('Hello', 'en', 'ja')).rejects.toMatchObject({ code: 'unsupported_pair' });
  });

  it('answers 50 concurrent requests correctly and in order', async () => {
    const finished: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        translate(`The house number ${i + 100} is red.`, 'en', 'es').then((text) => {
          finished.push(i);
          return text;
        }),
      ),
    );
    results.forEach((text, i) => expect(text).toBe(`El número de casa ${i + 100} es rojo.`));
    expect(finished).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('restarts a killed pipeline; the next request works', async () => {
    expect(await translate('The cat is black.', 'en', 'es')).toBe('El gato es negro.');
    const pipeline = engine.pipeline('eng-spa');
    const pid = pipeline.pid as number;
    const starts = pipeline.starts;
    process.kill(-pid, 'SIGKILL');
    await waitForExit(pid);
    expect(await translate('The dog is big.', 'en', 'es')).toBe('El perro es grande.');
    expect(pipeline.starts).toBe(starts + 1);
    expect(pipeline.pid).not.toBe(pid);
  });

  it('re-sends the requests in flight when the pipeline dies under them', async () => {
    await translate('Warm up.', 'en', 'es');
    const pipeline = engine.pipeline('eng-spa');
    const pending = Array.from({ length: 5 }, (_, i) => translate(`The house number ${i + 1} is red.`, 'en', 'es'));
    process.kill(-(pipeline.pid as number), 'SIGKILL');
    const results = await Promise.all(pending);
    results.forEach((text, i) => expect(text).toBe(`El número de casa ${i + 1} es rojo.`));
  });

  it('isolates an input that crashes the pipeline: it fails alone, the others are answered', async () => {
    // A stand-in mode whose one stage dies on a given input, as some packaged taggers did.
    const dir = mkdtempSync(path.join(tmpdir(), 'parley-crash-mode-'));
    const stage = path.join(dir, 'crash.sh');
    writeFileSync(stage, `#!/bin/sh\nexec perl -e '$/="\\0"; $|=1; while(<STDIN>){ exit 3 if /CRASH/; print }'\n`, { mode: 0o755 });
    writeFileSync(path.join(dir, 'eng-spa.mode'), `${stage}\n`);
    const crashing = new ApertiumEngine({ modesDir: dir, stallMs: 20_000 });
    try {
      const echo = (text: string) => crashing.translate({ text, source: 'en', target: 'es', signal: AbortSignal.timeout(30_000) }).then((r) => r.text);
      const results = await Promise.allSettled([echo('Good day'), echo('This will CRASH it'), echo('Thanks a lot'), echo('Where is the station?')]);
      expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual(['Good day', 'failed', 'Thanks a lot', 'Where is the station?']);
      const failure = (results[1] as PromiseRejectedResult).reason as EngineError;
      expect(failure).toBeInstanceOf(EngineError);
      expect(failure.retryable).toBe(false);
      expect(await echo('The weather is nice.')).toBe('The weather is nice.');
    } finally {
      await crashing.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails a request whose caller gave up, without disturbing the next one', async () => {
    const controller = new AbortController();
    const abandoned = engine.translate({ text: 'The cat is black.', source: 'en', target: 'es', signal: controller.signal });
    controller.abort();
    await expect(abandoned).rejects.toMatchObject({ code: 'aborted' });
    expect(await translate('The dog is big.', 'en', 'es')).toBe('El perro es grande.');
  });

  it('reports itself live with its modes', async () => {
    const health = await engine.health();
    expect(health.live).toBe(true);
    expect(health.detail).toContain('eng-spa');
  });

  it('stops every pipeline process on close()', async () => {
    const own = new ApertiumEngine();
    await own.translate({ text: 'Hello.', source: 'en', target: 'es', signal: AbortSignal.timeout(20_000) });
    const pid = own.pipeline('eng-spa').pid as number;
    await own.close();
    await waitForExit(-pid); // the whole process group: every stage of the pipeline
    expect(() => process.kill(-pid, 0)).toThrow();
    await expect(own.translate({ text: 'Hello.', source: 'en', target: 'es', signal: AbortSignal.timeout(1000) })).rejects.toThrow(/closed/);
  });
});
