/** Character error rate: Levenshtein distance over code points / length of the expected text, after whitespace normalisation. */
export function characterErrorRate(expected: string, actual: string): number {
  const a = [...normalise(expected)];
  const b = [...normalise(actual)];
  if (a.length === 0) return b.length === 0 ? 0 : 1;
  return levenshtein(a, b) / a.length;
}

export function normalise(text: string): string {
  return text.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

export function levenshtein(a: readonly string[], b: readonly string[]): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
