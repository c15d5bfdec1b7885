import { CALL_MEDIA_PATH, type CallClientMessage, type CallServerEvent } from '@parley/common';
import WebSocket from 'ws';

/** A call's media socket in tests: records every event, waits for one, sends messages. */
export class CallSocket {
  readonly events: CallServerEvent[] = [];
  private waiters: { match: (e: CallServerEvent) => boolean; resolve: (e: CallServerEvent) => void }[] = [];
  closed: { code: number } | null = null;
  private readonly closedPromise: Promise<number>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const event = JSON.parse(data.toString()) as CallServerEvent;
      this.events.push(event);
      this.waiters = this.waiters.filter((w) => (w.match(event) ? (w.resolve(event), false) : true));
    });
    this.closedPromise = new Promise((resolve) => ws.on('close', (code) => {
      this.closed = { code };
      resolve(code);
    }));
  }

  /** Opens the socket (resolves at 'open'; a refused handshake rejects with its HTTP status). */
  static open(baseUrl: string, cookie: string | undefined, callId: string, origin = baseUrl): Promise<CallSocket> {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${CALL_MEDIA_PATH}?callId=${encodeURIComponent(callId)}`, { headers: { ...(cookie ? { cookie } : {}), origin } });
    return new Promise((resolve, reject) => {
      const socket = new CallSocket(ws);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
      ws.once('open', () => resolve(socket));
    });
  }

  next<T extends CallServerEvent['type']>(match: T | ((e: CallServerEvent) => boolean)): Promise<Extract<CallServerEvent, { type: T }>> {
    const fn = typeof match === 'string' ? (e: CallServerEvent) => e.type === match : match;
    const seen = this.events.find(fn);
    if (seen) return Promise.resolve(seen as Extract<CallServerEvent, { type: T }>);
    return new Promise((resolve) => this.waiters.push({ match: fn, resolve: resolve as (e: CallServerEvent) => void }));
  }

  /** The first event of `type` that also matches. */
  when<T extends CallServerEvent['type']>(type: T, match: (e: Extract<CallServerEvent, { type: T }>) => boolean): Promise<Extract<CallServerEvent, { type: T }>> {
    return this.next((e) => e.type === type && match(e as Extract<CallServerEvent, { type: T }>)) as Promise<Extract<CallServerEvent, { type: T }>>;
  }

  of<T extends CallServerEvent['type']>(type: T): Extract<CallServerEvent, { type: T }>[] {
    return this.events.filter((e) => e.type === type) as Extract<CallServerEvent, { type: T }>[];
  }

  send(message: CallClientMessage | Record<string, unknown>): void {
    this.ws.send(JSON.stringify(message));
  }

  /** One utterance: speech.start, the audio in 4096-sample frames, speech.end. */
  speak(pcm: Buffer): void {
    this.send({ type: 'speech.start' });
    for (let i = 0; i < pcm.length; i += 8192) this.send({ type: 'audio.append', audio: pcm.subarray(i, i + 8192).toString('base64') });
    this.send({ type: 'speech.end' });
  }

  waitClosed(): Promise<number> {
    return this.closedPromise;
  }

  close(): void {
    this.ws.close();
  }
}
