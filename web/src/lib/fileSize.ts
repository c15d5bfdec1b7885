/** A file's size as people read it (a conversation's file card, the console's reports), in the interface's language: 820 B, 14 kB, 2.4 MB. */
export function formatSize(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  try {
    // Bytes narrow (780 B, 780 o), larger units short (24.5 kB, 24,5 ko).
    return new Intl.NumberFormat(locale, { style: 'unit', unit: units[unit], unitDisplay: unit === 0 ? 'narrow' : 'short', maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0 }).format(value);
  } catch {
    return `${Math.round(value)} ${['B', 'kB', 'MB', 'GB'][unit]}`;
  }
}
