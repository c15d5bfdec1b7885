import type { ErrorCode } from '@parley/common';
import { ERROR_CODES } from '@parley/common';

/**
 * The error codes a zod schema's checks carry (checkError/fieldError in common/src/api/errors.ts), found by walking
 * the schema: each check's error function is called on a blank issue and puts its code on it. So the document lists
 * the codes validation can answer with from the very schemas that validate, without a second list.
 */
export function checkCodes(schema: unknown): Set<ErrorCode> {
  const codes = new Set<ErrorCode>();
  const seen = new Set<object>();
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(visit);
    const zod = (node as { _zod?: { def?: Record<string, unknown> } })._zod;
    if (!zod?.def) {
      // A shape ({field: schema}) or a check list: look inside; anything else (a RegExp, a default value) has no checks.
      if (Object.getPrototypeOf(node) === Object.prototype) Object.values(node).forEach(visit);
      return;
    }
    const def = zod.def;
    probe(def.error, codes);
    // z.lazy: its schema is made on demand.
    if (def.type === 'lazy' && typeof def.getter === 'function') visit((def.getter as () => unknown)());
    for (const [key, value] of Object.entries(def)) if (key !== 'error' && key !== 'getter') visit(value);
  };
  visit(schema);
  return codes;
}

function probe(error: unknown, codes: Set<ErrorCode>): void {
  if (typeof error !== 'function') return;
  const issue: { code: string; input: undefined; path: []; params?: { code?: unknown } } = { code: 'custom', input: undefined, path: [] };
  try {
    (error as (issue: unknown) => unknown)(issue);
  } catch {
    return; // an error function that needs a real issue: it has no code of its own to tell
  }
  const code = issue.params?.code;
  if (typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code)) codes.add(code as ErrorCode);
}
