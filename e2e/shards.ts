import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Which specs a shard runs (E2E_SHARD=k/n, scripts/test.sh). Playwright's own --shard splits by the number of
 * tests, and a two-person scenario takes ten times a phone layout check: the shards ended minutes apart. Here
 * each spec weighs its last measured duration (e2e/durations.json, seconds; a spec not listed weighs 60), and
 * the longest goes first onto the lighter shard. Every spec runs in exactly one shard.
 */
export function specsOfShard(shard: string, testDir: string): string[] {
  const [k, n] = shard.split('/').map(Number) as [number, number];
  if (!(n >= 1 && k >= 1 && k <= n)) throw new Error(`E2E_SHARD must be k/n, got ${shard}`);
  const durations = JSON.parse(readFileSync(path.join(import.meta.dirname, 'durations.json'), 'utf8')) as Record<string, number>;
  const specs = readdirSync(testDir).filter((f) => f.endsWith('.spec.ts')).sort();
  const weight = (spec: string) => durations[spec] ?? 60;
  const loads = Array.from({ length: n }, () => ({ total: 0, specs: [] as string[] }));
  for (const spec of [...specs].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = loads.reduce((min, load) => (load.total < min.total ? load : min));
    lightest.total += weight(spec);
    lightest.specs.push(spec);
  }
  return loads[k - 1]!.specs;
}
