import { readdirSync, readFileSync } from 'node:fs';

/** Pids of every living descendant of `root` (children, grandchildren, ...), from /proc. */
export function descendantPids(root = process.pid): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z') continue; // zombie: already dead
      parentOf.set(Number(entry), Number(fields[1]));
    } catch {
      // exited while we looked
    }
  }
  const found: number[] = [];
  const frontier = [root];
  while (frontier.length > 0) {
    const parent = frontier.pop();
    for (const [pid, ppid] of parentOf) {
      if (ppid === parent) {
        found.push(pid);
        frontier.push(pid);
      }
    }
  }
  return found;
}

/** Command names of the given pids (for failure messages). */
export function commandsOf(pids: number[]): string[] {
  return pids.map((pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      return `${pid}?`;
    }
  });
}

/** Whether `pid` is a living process (a zombie counts as dead). */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}
