/** One language's line of the draft preview. */
export interface PreviewLine {
  language: string;
  translation: string;
  backTranslation: string | null;
}

/** Preview lines with the same translation merged: one line naming all its languages. */
export interface CompactPreviewLine extends PreviewLine {
  languages: string[];
}

/**
 * The draft preview for every language a group reads, compact: languages whose translation reads the
 * same are one line (a text left as written, a shared script); the first `max` lines show, the rest is a
 * count the reader can open. Order: as given (the caller puts the most-read languages first).
 */
export function compactPreview(lines: readonly PreviewLine[], max = 3): { shown: CompactPreviewLine[]; hidden: CompactPreviewLine[] } {
  const merged: CompactPreviewLine[] = [];
  for (const line of lines) {
    const same = merged.find((m) => m.translation.trim() === line.translation.trim());
    if (same) same.languages.push(line.language);
    else merged.push({ ...line, languages: [line.language] });
  }
  return { shown: merged.slice(0, max), hidden: merged.slice(max) };
}
