/** A writer's 'typing' frames relayed per room at most this often (the web sends one every 3 s). */
export const TYPING_RELAY_EVERY_MS = 2_000;

/** Per-socket throttle: true when a typing frame for this room may be relayed now. */
export function typingThrottle(now: () => number = Date.now): (roomId: string) => boolean {
  const last = new Map<string, number>();
  return (roomId) => {
    const t = now();
    if (t - (last.get(roomId) ?? -Infinity) < TYPING_RELAY_EVERY_MS) return false;
    if (last.size > 100) last.clear(); // a socket hopping across many rooms keeps no unbounded map
    last.set(roomId, t);
    return true;
  };
}
