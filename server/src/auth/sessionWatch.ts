import type { SessionStore } from './sessions.ts';

/**
 * Sessions in use by open sockets, checked now and then: one whose idle or absolute limit
 * passed is ended through the store (which announces it on SessionEvents, closing its sockets).
 * Sockets call watch() on open and the returned release() on close.
 */
export class SessionWatch {
  private readonly watched = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly sessions: SessionStore,
    private readonly options: { intervalMs: number; onError: (err: unknown) => void },
  ) {
    this.timer = setInterval(() => void this.sweep(), options.intervalMs);
    this.timer.unref();
  }

  watch(sessionId: string): () => void {
    this.watched.set(sessionId, (this.watched.get(sessionId) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.watched.get(sessionId) ?? 1) - 1;
      if (left > 0) this.watched.set(sessionId, left);
      else this.watched.delete(sessionId);
    };
  }

  /** End every watched session that is no longer live. Never rejects (a database outage is logged). */
  async sweep(): Promise<void> {
    if (this.watched.size === 0) return;
    try {
      await this.sessions.endExpired([...this.watched.keys()]);
    } catch (err) {
      this.options.onError(err);
    }
  }

  close(): void {
    clearInterval(this.timer);
    this.watched.clear();
  }
}
