import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { CALL_CLOSE, CALL_LIMITS, CALL_MEDIA_PATH, CALL_PROTOCOL_VERSION, VOICE_LIMITS, isLanguageCode, type CallInfo, type CallServerEvent } from '@parley/common';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ClusterBus } from '../cluster/bus.ts';
import type { Db } from '../db/connect.ts';
import type { SpeechToText, TextToSpeech, UtteranceTimings } from '../voice/index.ts';
import type { TextTranslator } from '../translation/textTranslator.ts';
import { CallLeg } from './leg.ts';
import type { CallService, CallTimings } from './service.ts';
import { appendTranscript, loadCall, presentCall, renewSides, setConsent, setSideNode, sideOf } from './store.ts';

/** Unsent bytes after which a client that stopped reading is dropped (as on the voice socket). */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

export interface CallMediaDeps {
  db: Db;
  calls: CallService;
  bus: ClusterBus;
  /** This node's id in the calls table (its heartbeat id). */
  nodeId: string;
  stt: SpeechToText;
  tts: TextToSpeech;
  stageTimeoutMs: number;
  /** The translator for one speaker in one room: chat's adapter with their relationship tone and the room glossary. */
  translatorFor(roomId: string, speakerId: string): Promise<TextTranslator>;
  timings: CallTimings;
  /** Signed-in user of the upgrade (session cookie) and the Origin check (the voice socket's guard). */
  authenticate(req: IncomingMessage): Promise<{ userId: string; sessionId: string } | null>;
  isAllowedOrigin(req: IncomingMessage): boolean;
  onSessionEnded(listener: (sessionId: string) => void): () => void;
  watchSession(sessionId: string): () => void;
  warn(err: unknown, message: string): void;
  onTimings?: ((timings: UtteranceTimings & { endedAt: number }) => void) | undefined;
}

interface Connection {
  ws: WebSocket;
  leg: CallLeg;
  sessionId: string;
  side: 'caller' | 'callee';
  replaced: boolean;
}

const key = (callId: string, userId: string) => `${callId}:${userId}`;

/**
 * The in-call media sockets of this node (CALL_MEDIA_PATH). A participant's events reach the partner's socket
 * here when it is on this node, else through the cluster bus (the node that holds it delivers). The pipeline
 * for a speaker runs on the speaker's node. Every few seconds this node renews the sides it carries in the
 * calls table and sweeps overdue calls (a dead node's calls end within about three intervals).
 */
export class CallMedia {
  private readonly connections = new Map<string, Connection>();
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: VOICE_LIMITS.maxFrameBytes * 4, perMessageDeflate: false });
  private readonly timer: NodeJS.Timeout;
  private server: Server | undefined;
  private unsubscribe = () => {};

  constructor(private readonly deps: CallMediaDeps) {
    deps.calls.onEnded((call) => {
      this.endLocal(call);
      if (deps.bus.redis) deps.bus.send({ kind: 'call', callId: call.id, to: '*', frame: JSON.stringify({ type: 'call.ended', call } satisfies CallServerEvent) });
    });
    deps.bus.onMessage((m, fromSelf) => {
      if (m.kind !== 'call' || fromSelf) return;
      const event = JSON.parse(m.frame) as CallServerEvent;
      if (m.to === '*') {
        if (event.type === 'call.ended') this.endLocal(event.call);
        return;
      }
      this.connections.get(key(m.callId, m.to))?.leg.receive(event);
    });
    this.timer = setInterval(() => void this.tick(), deps.timings.aliveMs);
    this.timer.unref();
  }

  get size(): number {
    return this.connections.size;
  }

  attach(server: Server): void {
    this.server = server;
    server.on('upgrade', this.onUpgrade);
    this.unsubscribe = this.deps.onSessionEnded((sessionId) => {
      for (const c of this.connections.values()) if (c.sessionId === sessionId) c.ws.close(CALL_CLOSE.sessionEnded.code, CALL_CLOSE.sessionEnded.reason);
      void this.deps.calls.endForSession(sessionId).catch((err: unknown) => this.deps.warn(err, 'calls: ending the calls of an ended session failed'));
    });
  }

  /** Shutdown: this node's sides are dropped (the partners see it; the call ends after the grace unless they come back through another node). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.server?.off('upgrade', this.onUpgrade);
    this.unsubscribe();
    for (const c of this.connections.values()) c.ws.close(1012, 'server restart');
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  /** An event for one participant, wherever their socket is. */
  deliver(callId: string, userId: string, event: CallServerEvent): void {
    const local = this.connections.get(key(callId, userId));
    if (local) return local.leg.receive(event);
    if (this.deps.bus.redis) this.deps.bus.send({ kind: 'call', callId, to: userId, frame: JSON.stringify(event) });
  }

  /** Stop renewing and sweeping (tests: a node that "dies" without a word). */
  freeze(): void {
    clearInterval(this.timer);
  }

  private async tick(): Promise<void> {
    try {
      const sides = [...this.connections.values()].filter((c) => !c.replaced).map((c) => ({ callId: c.leg.info.callId, side: c.side }));
      await renewSides(this.deps.db, this.deps.nodeId, sides, new Date());
      await this.deps.calls.sweep();
    } catch (err) {
      this.deps.warn(err, 'calls: keep-alive failed');
    }
  }

  private endLocal(call: CallInfo): void {
    for (const userId of [call.caller.id, call.callee.id]) {
      const c = this.connections.get(key(call.id, userId));
      if (!c) continue;
      send(c.ws, { type: 'call.ended', call });
      c.ws.close(CALL_CLOSE.ended.code, CALL_CLOSE.ended.reason);
    }
  }

  private readonly onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== CALL_MEDIA_PATH) return;
    socket.on('error', () => {});
    void (async () => {
      if (!this.deps.isAllowedOrigin(req)) return refuse(socket, 403, 'Forbidden');
      const user = await this.deps.authenticate(req).catch(() => null);
      if (!user) return refuse(socket, 401, 'Unauthorized');
      const callId = url.searchParams.get('callId') ?? '';
      const row = await loadCall(this.deps.db, callId).catch(() => undefined);
      this.wss.handleUpgrade(req, socket, head, (ws) => {
        // Not a participant, unknown, not active: the same close, nothing else said.
        if (!row || row.state !== 'active' || (row.caller_id !== user.userId && row.callee_id !== user.userId)) {
          return ws.close(CALL_CLOSE.notFound.code, CALL_CLOSE.notFound.reason);
        }
        void this.open(ws, row.id, user).catch((err: unknown) => {
          this.deps.warn(err, 'calls: media socket set-up failed');
          ws.close(1011, 'internal error');
        });
      });
    })();
  };

  private async open(ws: WebSocket, callId: string, user: { userId: string; sessionId: string }): Promise<void> {
    const { db } = this.deps;
    const row = await loadCall(db, callId);
    if (!row || row.state !== 'active') return ws.close(CALL_CLOSE.notFound.code, CALL_CLOSE.notFound.reason);
    const call = await presentCall(db, row);
    const side = sideOf(row, user.userId);
    const self = side === 'caller' ? call.caller : call.callee;
    const partner = side === 'caller' ? call.callee : call.caller;
    const language = isLanguageCode(self.language ?? '') ? self.language : null;
    const partnerLanguage = isLanguageCode(partner.language ?? '') ? partner.language : null;
    const translator = await this.deps.translatorFor(row.room_id, user.userId);
    const capability = (p: typeof self, lang: typeof language) => ({
      userId: p.id, username: p.username, language: lang,
      recognised: lang !== null && this.deps.stt.supports(lang), spoken: lang !== null && this.deps.tts.supports(lang),
    });
    const selfCap = capability(self, language);
    const partnerCap = capability(partner, partnerLanguage);
    const emit = (event: CallServerEvent) => send(ws, event);
    const leg: CallLeg = new CallLeg({ callId, userId: user.userId, partnerId: partner.id, language, partnerLanguage, answeredAt: call.answeredAt }, {
      engines: { stt: this.deps.stt, tts: this.deps.tts, translator, stageTimeoutMs: this.deps.stageTimeoutMs },
      send: emit,
      toPartner: (event) => this.deliver(callId, partner.id, event),
      consent: (agree) => void setConsent(db, callId, side, agree).then((both) => {
        if (!both) return;
        const mine = side === 'caller' ? both.caller : both.callee;
        const theirs = side === 'caller' ? both.callee : both.caller;
        emit({ type: 'transcript.consent', self: mine, partner: theirs });
        this.deliver(callId, partner.id, { type: 'transcript.consent', self: theirs, partner: mine });
      }, (err: unknown) => this.deps.warn(err, 'calls: consent not stored')),
      transcript: (line) => void appendTranscript(db, callId, line, CALL_LIMITS.transcriptMaxLines).catch((err: unknown) => this.deps.warn(err, 'calls: transcript line not stored')),
      close: (code, reason) => ws.close(code, reason),
      warn: this.deps.warn,
      onTimings: this.deps.onTimings,
    }, { recognise: selfCap.recognised, speak: partnerCap.spoken });

    // A second socket of the same person for this call (a reconnect): the newest wins.
    const k = key(callId, user.userId);
    const previous = this.connections.get(k);
    if (previous) {
      previous.replaced = true;
      previous.ws.close(CALL_CLOSE.replaced.code, CALL_CLOSE.replaced.reason);
    }
    const connection: Connection = { ws, leg, sessionId: user.sessionId, side, replaced: false };
    this.connections.set(k, connection);
    const release = this.deps.watchSession(user.sessionId);
    let alive = true;
    ws.on('pong', () => (alive = true));
    const heartbeat = setInterval(() => {
      if (!alive) return ws.terminate();
      alive = false;
      ws.ping();
    }, 30_000);
    heartbeat.unref();
    ws.on('message', (data, isBinary) => {
      if (isBinary) return emit({ type: 'error', code: 'invalid_message', message: 'Send JSON text frames.' });
      leg.handleMessage(Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString());
    });
    ws.on('error', () => {});
    ws.once('close', () => {
      clearInterval(heartbeat);
      release();
      leg.close();
      if (this.connections.get(k) === connection) this.connections.delete(k);
      if (connection.replaced) return;
      // Dropped: the partner is told; the call waits for this side to come back (grace), then ends.
      void setSideNode(db, callId, side, null, new Date()).catch((err: unknown) => this.deps.warn(err, 'calls: side not released'));
      this.deliver(callId, partner.id, { type: 'partner.connection', state: 'dropped' });
    });

    await setSideNode(db, callId, side, this.deps.nodeId, new Date());
    // Read after this side is marked: of two sides opening at once, at least one sees the other.
    const fresh = (await loadCall(db, callId)) ?? row;
    const partnerNode = side === 'caller' ? fresh.callee_node : fresh.caller_node;
    emit({ type: 'call.ready', protocolVersion: CALL_PROTOCOL_VERSION, call, self: selfCap, partner: partnerCap, partnerConnected: partnerNode !== null });
    emit({ type: 'transcript.consent', self: side === 'caller' ? row.caller_consent : row.callee_consent, partner: side === 'caller' ? row.callee_consent : row.caller_consent });
    // The timer starts on each side once both are there: here now, or when the partner's 'connected' arrives.
    if (partnerNode !== null) leg.partnerConnected();
    this.deliver(callId, partner.id, { type: 'partner.connection', state: 'connected' });
  }
}

function send(ws: WebSocket, event: CallServerEvent): void {
  if (ws.readyState !== ws.OPEN) return;
  if (ws.bufferedAmount > MAX_BUFFERED_BYTES) return ws.terminate();
  ws.send(JSON.stringify(event));
}

function refuse(socket: Duplex, status: 401 | 403, text: string): void {
  if (!socket.destroyed) socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
