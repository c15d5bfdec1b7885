import type { ServerEvent } from '@parley/common';
import WebSocket from 'ws';

/** A test socket that records every event and can wait for one. */
export class TestSocket {
  readonly events: ServerEvent[] = [];
  private waiters: { match: (e: ServerEvent) => boolean; resolve: (e: ServerEvent) => void }[] = [];
  closed: { code: number } | null = null;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const event = JSON.parse(data.toString()) as ServerEvent;
      this.events.push(event);
      this.waiters = this.waiters.filter((w) => (w.match(event) ? (w.resolve(event), false) : true));
    });
    ws.on('close', (code) => (this.closed = { code }));
  }

  static open(baseUrl: string, cookie: string | undefined, origin = baseUrl): Promise<TestSocket> {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/realtime`, { headers: { ...(cookie ? { cookie } : {}), origin } });
    return new Promise((resolve, reject) => {
      const socket = new TestSocket(ws);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
      void socket.next((e) => e.type === 'hello').then(() => resolve(socket), reject);
    });
  }

  next<T extends ServerEvent['type']>(match: T | ((e: ServerEvent) => boolean)): Promise<Extract<ServerEvent, { type: T }>> {
    const fn = typeof match === 'string' ? (e: ServerEvent) => e.type === match : match;
    const seen = this.events.find(fn);
    if (seen) return Promise.resolve(seen as Extract<ServerEvent, { type: T }>);
    return new Promise((resolve) => this.waiters.push({ match: fn, resolve: resolve as (e: ServerEvent) => void }));
  }

  count(type: ServerEvent['type']): number {
    return this.events.filter((e) => e.type === type).length;
  }

  waitClosed(): Promise<number> {
    if (this.closed) return Promise.resolve(this.closed.code);
    return new Promise((resolve) => this.ws.once('close', (code) => resolve(code)));
  }

  close(): void {
    this.ws.close();
  }
}
