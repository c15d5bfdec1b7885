import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

export const ms = (n: number) => (Number.isNaN(n) ? '–' : n < 10 ? n.toFixed(1) : n.toFixed(0));

export function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>, align: string): string {
  return [`| ${header.join(' | ')} |`, `|${align}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

/**
 * Put `section` (starting with its `## Title` line) into the Markdown file: replace the section of the
 * same title, or append it. Other sections (other benchmarks write theirs) are left as they are.
 */
export function upsertSection(file: string, section: string): void {
  const title = section.split('\n', 1)[0] ?? '';
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n';
  const lines = current.split('\n');
  const start = lines.findIndex((l) => l.trim() === title.trim());
  let next: string;
  if (start < 0) {
    next = `${current.replace(/\s*$/, '')}\n\n${section.trim()}\n`;
  } else {
    const after = lines.findIndex((l, i) => i > start && /^## /.test(l));
    const end = after < 0 ? lines.length : after;
    const rest = lines.slice(end).join('\n');
    next = `${[...lines.slice(0, start), section.trim()].join('\n')}\n${rest ? `\n${rest}` : ''}`;
  }
  writeFileSync(file, next.replace(/\n{3,}/g, '\n\n'));
}
