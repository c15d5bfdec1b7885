import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@parley/common';
import { sentences } from '../testing/corpus.ts';
import { ApertiumEngine } from './apertium.ts';
import { DEFAULT_MODES_DIR } from './apertium-modes.ts';
import { APERTIUM_PROBES } from './apertium-probes.ts';

const engine = new ApertiumEngine();
const dirs: string[] = [];
afterAll(async () => {
  await engine.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const signal = () => AbortSignal.timeout(60_000);

describe('Apertium self-check: what /api/languages reports as served, translates', () => {
  it('every installed mode a plan uses passes its probes, and every served direction translates them', { timeout: 60_000 }, async () => {
    const checks = await engine.selfCheck();
    expect(checks.filter((c) => !c.ok)).toEqual([]);
    expect(checks.map((c) => c.mode)).toEqual(expect.arrayContaining(['rus-ukr', 'ukr-rus', 'eng-spa']));
    const served = LANGUAGE_CODES.flatMap((s) => LANGUAGE_CODES.filter((t) => engine.supports(s, t) !== null).map((t) => [s, t] as const));
    expect(served.length).toBeGreaterThan(20);
    for (const [source, target] of served) {
      for (const probe of APERTIUM_PROBES[source] ?? []) {
        const { text } = await engine.translate({ text: probe, source, target, signal: signal() });
        expect(text.trim(), `${source}->${target}: ${probe}`).not.toBe('');
        expect(text, `${source}->${target}: ${probe}`).not.toMatch(/(^|\s)[*#@\\]/u);
      }
    }
  });

  it('translates Russian <-> Ukrainian news sentences (the tagger that crashed on 9 in 10 is bypassed)', async () => {
    for (const [source, target] of [['ru', 'uk'], ['uk', 'ru']] as const) {
      const results = await Promise.allSettled(sentences(source).map((text) => engine.translate({ text, source, target, signal: signal() })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(sentences(source).length);
    }
  });

  it('stops serving a direction whose mode fails its probes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'parley-modes-'));
    dirs.push(dir);
    copyFileSync(path.join(DEFAULT_MODES_DIR, 'spa-eng.mode'), path.join(dir, 'spa-eng.mode'));
    writeFileSync(path.join(dir, 'eng-spa.mode'), "lt-proc -w '/nonexistent/eng-spa.automorf.bin'\n");
    const broken = new ApertiumEngine({ modesDir: dir });
    try {
      expect(broken.supports('en', 'es')).toBe('direct'); // installed, not yet checked
      const checks = await broken.selfCheck();
      expect(checks.find((c) => c.mode === 'eng-spa')).toMatchObject({ ok: false });
      expect(checks.find((c) => c.mode === 'spa-eng')).toMatchObject({ ok: true });
      expect(broken.supports('en', 'es')).toBeNull();
      expect(broken.supports('es', 'en')).toBe('direct');
    } finally {
      await broken.close();
    }
  });
});
