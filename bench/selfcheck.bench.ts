/**
 * The Apertium start-up self-check: how long until every installed mode has a verdict, on this
 * machine as it is and with 2 CPU-bound busy loops per core ("loaded"), and how many probe
 * rounds timed out and were retried (a timeout is not a verdict). Each run is a fresh engine (cold
 * pipelines, as at boot). Run from the repository root:  node --import tsx bench/selfcheck.bench.ts
 * Figures go to docs/PERFORMANCE.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { ApertiumEngine } from '../server/src/translation/engines/apertium.ts';

/** Two modes at a time (the server's schedule), or every mode at once (the schedule before issue 27). */
async function run(label: string, concurrency = 2): Promise<void> {
  const engine = new ApertiumEngine({ check: { concurrency } });
  const started = performance.now();
  const checks = await engine.selfCheck();
  const seconds = (performance.now() - started) / 1000;
  const retried = checks.reduce((n, c) => n + c.attempts - 1, 0);
  const failed = checks.filter((c) => !c.ok).map((c) => c.mode);
  console.log(`| ${label} | ${concurrency} | ${loadavg()[0]?.toFixed(1)} | ${checks.length} | ${seconds.toFixed(1)} | ${retried} | ${failed.join(', ') || 'none'} |`);
  await engine.close();
}

console.log(`cores: ${availableParallelism()}\n`);
console.log('| host | modes at once | load average (1 min) | modes | until every verdict (s) | rounds retried after a timeout | failed |');
console.log('|---|---:|---:|---:|---:|---:|---|');
await run('as is');
await run('as is', 100);
const busy: ChildProcess[] = [];
for (let i = 0; i < availableParallelism() * 2; i++) busy.push(spawn('/bin/sh', ['-c', 'while :; do :; done'], { stdio: 'ignore' }));
try {
  await run(`+ ${busy.length} busy loops`);
  await run(`+ ${busy.length} busy loops`, 100);
} finally {
  for (const child of busy) child.kill('SIGKILL');
}
