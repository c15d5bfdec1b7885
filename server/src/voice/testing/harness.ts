import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { VOICE_SOCKET_PATH, voiceServerEvent, type VoiceServerEvent } from '@parley/common';
import WebSocket from 'ws';
import { attachVoiceSocket, type VoiceSocket, type VoiceSocketDeps } from '../socket.ts';
import type { CreateVoiceSession } from '../types.ts';

export interface TestVoiceServer {
  server: Server;
  voice: VoiceSocket;
  /** ws://127.0.0.1:port/functions/v1/realtime-voice-translate */
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * A plain node:http server on 127.0.0.1 with the voice socket attached. Requests carrying
 * `Cookie: user=<id>` are signed in as <id>; others are not. Origins other than http://allowed.test
 * (when present) are refused.
 */
export async function startVoiceServer(createSession: CreateVoiceSession, extra: Partial<VoiceSocketDeps> = {}): Promise<TestVoiceServer> {
  const server = createServer((_req, res) => {
    res.statusCode = 404;
    res.end('not found');
  });
  const voice = attachVoiceSocket(server, {
    authenticate: async (req: IncomingMessage) => {
      const match = /(?:^|;\s*)user=([\w-]+)/.exec(req.headers.cookie ?? '');
      return match?.[1] ? { userId: match[1] } : null;
    },
    isAllowedOrigin: (req) => !req.headers.origin || req.headers.origin === 'http://allowed.test',
    createSession,
    ...extra,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    voice,
    port,
    url: `ws://127.0.0.1:${port}${VOICE_SOCKET_PATH}`,
    close: async () => {
      await voice.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A test client that records every event and waits for the ones it needs. */
export class VoiceTestClient {
  readonly events: VoiceServerEvent[] = [];
  /** The frames exactly as received (the schema strips unknown fields from `events`). */
  readonly raw: unknown[] = [];
  private waiters: { match: (e: VoiceServerEvent) => boolean; resolve: (e: VoiceServerEvent) => void }[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const json: unknown = JSON.parse(data.toString());
      this.raw.push(json);
      const parsed = voiceServerEvent.safeParse(json);
      if (!parsed.success) throw new Error(`server sent an event outside the protocol: ${data.toString().slice(0, 200)}`);
      const event = parsed.data;
      this.events.push(event);
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(event)) return true;
        w.resolve(event);
        return false;
      });
    });
  }

  static async connect(url: string, headers: Record<string, string> = { cookie: 'user=alice' }): Promise<VoiceTestClient> {
    const ws = new WebSocket(url, { headers });
    const client = new VoiceTestClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return client;
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Streams PCM16 24 kHz as the browser does: 4096-sample append frames, then commit. */
  /** Audio in 8 KiB appends, then a commit; `language` is the one the speaker says they speak. */
  sendUtterance(pcm: Buffer, commit = true, language?: string): void {
    for (let offset = 0; offset < pcm.length; offset += 8192) {
      this.send({ type: 'input_audio_buffer.append', audio: pcm.subarray(offset, offset + 8192).toString('base64'), ...(language ? { language } : {}) });
    }
    if (commit) this.send({ type: 'input_audio_buffer.commit' });
  }

  /** The first event (from `from` on) of this type, waiting for it if needed. */
  next<T extends VoiceServerEvent['type']>(type: T, from = 0): Promise<Extract<VoiceServerEvent, { type: T }>> {
    const match = (e: VoiceServerEvent) => e.type === type;
    const seen = this.events.slice(from).find(match);
    if (seen) return Promise.resolve(seen as Extract<VoiceServerEvent, { type: T }>);
    return new Promise((resolve) => this.waiters.push({ match, resolve: resolve as (e: VoiceServerEvent) => void }));
  }

  /** Waits for the next error event after the current position. */
  nextError(): Promise<Extract<VoiceServerEvent, { type: 'error' }>> {
    return this.next('error', this.events.length);
  }

  ofType<T extends VoiceServerEvent['type']>(type: T): Extract<VoiceServerEvent, { type: T }>[] {
    return this.events.filter((e) => e.type === type) as Extract<VoiceServerEvent, { type: T }>[];
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}

/** PCM16 samples of all audio delta events, concatenated. */
export function collectAudio(events: VoiceServerEvent[]): Buffer {
  return Buffer.concat(events.filter((e) => e.type === 'response.audio.delta').map((e) => Buffer.from(e.delta, 'base64')));
}
