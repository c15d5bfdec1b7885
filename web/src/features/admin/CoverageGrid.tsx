import type { CatalogKey, CoverageRow } from '@parley/common';
import { useT } from '../../lib/i18n.tsx';

/** A cell's letter (server/src/admin/translation.ts) -> its colour and its words. */
const CELLS: Record<string, { className: string; label: CatalogKey }> = {
  d: { className: 'bg-emerald-600', label: 'admin.coverageDirect' },
  p: { className: 'bg-amber-500', label: 'admin.coveragePivot' },
  h: { className: 'bg-sky-600', label: 'admin.coverageProvider' },
  '.': { className: 'bg-muted', label: 'admin.coverageNone' },
};

/** The 20 x 20 directions: a row per source language, a column per target, coloured by how each is served. */
export function CoverageGrid({ languages, rows, testId }: { languages: string[]; rows: CoverageRow[]; testId: string }) {
  const t = useT();
  const counts = { d: 0, p: 0, h: 0, '.': 0 } as Record<string, number>;
  for (const row of rows) for (const cell of row) if (cell in counts) counts[cell] = (counts[cell] ?? 0) + 1;
  return (
    <div className="flex flex-col gap-2">
      <div className="overflow-x-auto" dir="ltr">
        <table className="border-separate border-spacing-[2px] font-mono text-[10px] leading-none" data-testid={testId}>
          <thead>
            <tr>
              <th />
              {languages.map((code) => <th key={code} className="w-3.5 pb-1 font-normal text-muted-foreground [writing-mode:vertical-lr]">{code}</th>)}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={languages[i]}>
                <th className="pe-1 text-end font-normal text-muted-foreground">{languages[i]}</th>
                {[...row].map((cell, j) => {
                  const kind = CELLS[cell];
                  const title = kind ? `${languages[i]} → ${languages[j]}: ${t(kind.label)}` : undefined;
                  return <td key={languages[j]} title={title} data-cell={cell} className={`size-3.5 rounded-[2px] ${kind?.className ?? ''}`} />;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {Object.entries(CELLS).map(([cell, kind]) => (
          <li key={cell} className="flex items-center gap-1.5">
            <span className={`inline-block size-3 rounded-[2px] ${kind.className}`} />
            {t(kind.label)} ({counts[cell] ?? 0})
          </li>
        ))}
      </ul>
    </div>
  );
}
