/** The unique constraint a PostgreSQL error (pg or PGlite) violated, if that is what it is. */
export function uniqueViolation(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e.code !== '23505') return undefined;
  return e.constraint ?? /constraint "([^"]+)"/.exec(e.message ?? '')?.[1] ?? 'unknown';
}

/** The foreign key a PostgreSQL error (pg or PGlite) violated, if that is what it is. */
export function foreignKeyViolation(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e.code !== '23503') return undefined;
  return e.constraint ?? /constraint "([^"]+)"/.exec(e.message ?? '')?.[1] ?? 'unknown';
}
