/**
 * One byte range of a `Range: bytes=...` header against a body of `size` bytes (RFC 9110 14.1.2):
 * `a-b`, `a-` or `-n` (the last n bytes). Safari plays <audio> only from a server that answers
 * ranges. Anything else that is not a single satisfiable range (several ranges, other units, junk)
 * is `undefined` (answer the whole body, as the RFC allows); a well-formed range past the end is
 * 'unsatisfiable' (416).
 */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [first, last] = [match[1] ?? '', match[2] ?? ''];
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return undefined;
  return { start, end };
}
