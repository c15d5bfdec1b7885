import { afterAll, describe, expect, it } from 'vitest';
import type { LanguageCode } from '@parley/common';
import { ApertiumEngine } from '../engines/apertium.ts';
import { TranslationRouter, type TranslationLogger } from '../router.ts';
import { keptCount, spanSamples, type SpanSample } from '../testing/spanCorpus.ts';

/**
 * Protected spans through real Apertium pipelines, direct and pivot (en -> fr goes through Catalan,
 * fr -> en through Spanish, ro -> it through Spanish): one message of each kind from the test set
 * (bench/corpus/spans; the whole set runs in bench/spans.bench.ts), every span verbatim and in place
 * (no mark lost and appended), and the words around it translated.
 */
const engine = new ApertiumEngine();
const lost: unknown[] = [];
const logger: TranslationLogger = { debug() {}, info() {}, error() {}, warn: (o) => void ('lost' in o && lost.push(o)) };
const router = new TranslationRouter({ engines: [engine], timeoutMs: 60_000, maxChars: 5000, logger });
afterAll(() => router.close());

function oneOfEachKind(language: LanguageCode): SpanSample[] {
  const seen = new Set<string>();
  return spanSamples().filter((s) => s.language === language && s.kinds.length === 1 && !seen.has(s.kinds[0]!) && seen.add(s.kinds[0]!));
}

const DIRECTIONS: [LanguageCode, LanguageCode][] = [['en', 'fr'], ['en', 'es'], ['fr', 'en'], ['ro', 'it']];

describe('protected spans through Apertium', () => {
  it.each(DIRECTIONS)('%s -> %s: every span of every kind comes through verbatim and in place', async (source, target) => {
    expect(engine.supports(source, target)).not.toBeNull();
    const samples = oneOfEachKind(source);
    expect(samples.length).toBeGreaterThanOrEqual(15);
    const results = await Promise.all(samples.map((s) => router.translate({ text: s.text, source, target })));
    const missing = results.flatMap((r, i) => (keptCount(r.text, samples[i]!.keep) === samples[i]!.keep.length ? [] : [`${samples[i]!.text} -> ${r.text}`]));
    expect(missing).toEqual([]);
    expect(lost).toEqual([]);
    expect(results.filter((r) => r.kind === 'translated').length).toBe(samples.length);
  }, 120_000);

  it('translates around a link and an address in French through the Catalan pivot', async () => {
    expect(engine.pivotFor('en', 'fr')).toBe('ca');
    const result = await router.translate({ text: 'Write to maria.lopez@example.org or see www.parley-chat.org tomorrow.', source: 'en', target: 'fr' });
    expect(result.text).toContain('maria.lopez@example.org');
    expect(result.text).toContain('www.parley-chat.org');
    expect(result.text).toMatch(/demain/i);
  }, 60_000);
});
