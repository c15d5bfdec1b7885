/**
 * Who may call a route, read from its hooks by the OpenAPI document (http/openapi.ts): requireUser and requireAdmin
 * carry a mark, so a route behind them is described as needing a session (or an operator's) wherever the hook was
 * added (per route or for a whole plugin), and a new route is described right without a table to keep.
 */
export type RouteAccess = 'session' | 'admin';

const ACCESS = Symbol('parley.routeAccess');

export function markAccess<T extends object>(hook: T, access: RouteAccess): T {
  Object.defineProperty(hook, ACCESS, { value: access });
  return hook;
}

export function accessOf(hook: unknown): RouteAccess | undefined {
  return typeof hook === 'function' ? (hook as unknown as Record<symbol, RouteAccess | undefined>)[ACCESS] : undefined;
}
