import { execFileSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { Socket } from 'node:net';
import { EngineError } from './types.ts';

const scripts = new Map<string, string>();

/** The mode's pipeline with null-flush (-z) on every stage, as `apertium -z` would run it. */
export function pipelineScript(modeFile: string): string {
  let script = scripts.get(modeFile);
  if (script === undefined) {
    try {
      script = execFileSync('apertium-wblank-mode', ['-z', modeFile], { encoding: 'utf8' }).trim();
    } catch (error) {
      throw new EngineError('apertium', 'pipeline', `Cannot read Apertium mode ${modeFile}`, { cause: error });
    }
    scripts.set(modeFile, script);
  }
  return script;
}

/** Whether the process and its output pipe keep Node's event loop alive (stderr never does). */
export function setRef(child: ChildProcessWithoutNullStreams, on: boolean): void {
  const [stdout, stderr] = [child.stdout, child.stderr] as unknown as [Socket, Socket];
  if (on) {
    child.ref();
    stdout.ref();
  } else {
    child.unref();
    stdout.unref();
  }
  stderr.unref();
}

export function killGroup(child: ChildProcessWithoutNullStreams): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}
