import {
  createContext, createElement, useContext, useEffect, useEffectEvent, useState, useSyncExternalStore, type ReactNode,
} from 'react';
import ReconnectingWebSocket from 'partysocket/ws';
import { CHAT_API, REALTIME_PROTOCOL_VERSION } from '@parley/common/client';
import type { ClientFrame, ServerEvent } from '@parley/common';

/** The chat socket's state: `connected` once open, `connecting` on (re)start, `disconnected` after a close. */
export type ConnectionState = 'connecting' | 'connected' | 'disconnected';

export interface RealtimeListener {
  onEvent?: (event: ServerEvent) => void;
  /**
   * The socket opened after this listener may have missed events (it dropped, or it was not open
   * yet when the listener subscribed): fetch what was missed. Called at the 'open' event, before
   * any event of the new socket, so a resume mark read here is what was held before it.
   */
  onReconnect?: () => void;
}

export interface RealtimeClientOptions {
  url?: string;
  /** WebSocket constructor (tests). */
  WebSocket?: unknown;
  /** Keep-alive ping interval; a socket silent for 2.5 intervals is reopened. */
  heartbeatMs?: number;
  /** The server closed the socket because the session ended (4001). */
  onSessionEnded?: () => void;
}

/** ws: or wss: by the page's protocol, same host (the session cookie authenticates the upgrade). */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${CHAT_API.realtime}`;
}

export function parseServerEvent(data: unknown): ServerEvent | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const event = JSON.parse(data) as Partial<ServerEvent> | null;
    if (!event || event.v !== REALTIME_PROTOCOL_VERSION || typeof event.type !== 'string') return undefined;
    return event as ServerEvent;
  } catch {
    return undefined;
  }
}

/** One reconnecting chat socket with typed events, a subscribe API and an observable connection state. */
export class RealtimeClient {
  private socket: ReconnectingWebSocket | null = null;
  private state: ConnectionState = 'disconnected';
  private lastFrameAt = 0;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private readonly stateListeners = new Set<() => void>();
  private readonly listeners = new Set<RealtimeListener>();
  /** Listeners that may have missed events since they subscribed or since the last drop. */
  private readonly missed = new Set<RealtimeListener>();
  private readonly options: RealtimeClientOptions;

  constructor(options: RealtimeClientOptions = {}) {
    this.options = options;
  }

  start(): void {
    if (this.socket) return;
    const socket = new ReconnectingWebSocket(this.options.url ?? realtimeUrl(), undefined, {
      WebSocket: this.options.WebSocket,
      minReconnectionDelay: 500 + Math.random() * 1000,
      maxReconnectionDelay: 10_000,
      connectionTimeout: 8_000,
    });
    this.socket = socket;
    this.setState('connecting');
    socket.addEventListener('open', () => {
      if (this.socket !== socket) return;
      this.lastFrameAt = Date.now();
      this.setState('connected');
      const resume = [...this.missed];
      this.missed.clear();
      for (const l of resume) if (this.listeners.has(l)) l.onReconnect?.();
    });
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) return;
      this.setState('disconnected');
      for (const l of this.listeners) this.missed.add(l);
      if (event.code === 4001) this.options.onSessionEnded?.();
    });
    socket.addEventListener('message', (message) => {
      if (this.socket !== socket) return;
      this.lastFrameAt = Date.now();
      const event = parseServerEvent(message.data);
      if (event) for (const l of [...this.listeners]) l.onEvent?.(event);
    });
    const every = this.options.heartbeatMs ?? 25_000;
    this.heartbeat = setInterval(() => {
      if (this.state !== 'connected') return;
      if (Date.now() - this.lastFrameAt > every * 2.5) this.reconnect();
      else socket.send(JSON.stringify({ type: 'ping' }));
    }, every);
  }

  /** Close for good (sign-out, leaving the app). */
  stop(): void {
    this.teardown();
    this.setState('disconnected');
  }

  /**
   * Reconnect now (the Join Chat button). A socket waiting out its back-off is replaced by a
   * fresh one, so the user never waits for the next scheduled attempt.
   */
  reconnect(): void {
    if (this.socket && this.state === 'connected') {
      this.socket.reconnect(); // dispatches the old socket's close synchronously
      this.setState('connecting');
      return;
    }
    this.teardown();
    this.start();
  }

  private teardown(): void {
    clearInterval(this.heartbeat);
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'client closed');
  }

  getState = (): ConnectionState => this.state;

  subscribeState = (callback: () => void): (() => void) => {
    this.stateListeners.add(callback);
    return () => this.stateListeners.delete(callback);
  };

  subscribe(listener: RealtimeListener): () => void {
    this.listeners.add(listener);
    if (this.state !== 'connected') this.missed.add(listener);
    return () => {
      this.listeners.delete(listener);
      this.missed.delete(listener);
    };
  }

  /** Send a frame when connected (typing); dropped otherwise: it is only ever a hint. */
  send(frame: ClientFrame): void {
    if (this.state === 'connected') this.socket?.send(JSON.stringify(frame));
  }

  /** Deliver an event as if it came from the server (tests). */
  emit(event: ServerEvent): void {
    for (const l of [...this.listeners]) l.onEvent?.(event);
  }

  private setState(state: ConnectionState): void {
    if (state === this.state) return;
    this.state = state;
    for (const callback of [...this.stateListeners]) callback();
  }
}

const RealtimeContext = createContext<RealtimeClient | null>(null);

export interface RealtimeProviderProps {
  children: ReactNode;
  /** Start from an existing client (tests); otherwise one is made and opened on mount. */
  client?: RealtimeClient;
  onSessionEnded?: () => void;
}

/**
 * One chat socket for this tab while mounted. Mount it inside the signed-in part of the app (keyed
 * by user id), so signing out unmounts it and closes the socket.
 */
export function RealtimeProvider({ children, client: given, onSessionEnded }: RealtimeProviderProps) {
  const [client] = useState(() => given ?? new RealtimeClient({ onSessionEnded: () => onSessionEnded?.() }));
  useEffect(() => {
    if (given) return;
    client.start();
    // The network changed: a socket waiting out its back-off (or silently dead) is replaced now.
    const renew = () => {
      if (client.getState() !== 'connected' || !navigator.onLine) client.reconnect();
    };
    window.addEventListener('online', renew);
    window.addEventListener('offline', renew);
    return () => {
      window.removeEventListener('online', renew);
      window.removeEventListener('offline', renew);
      client.stop();
    };
  }, [client, given]);
  return createElement(RealtimeContext.Provider, { value: client }, children);
}

export function useRealtimeClient(): RealtimeClient {
  const client = useContext(RealtimeContext);
  if (!client) throw new Error('useRealtimeClient must be used within a RealtimeProvider');
  return client;
}

export function useConnectionState(): ConnectionState {
  const client = useRealtimeClient();
  return useSyncExternalStore(client.subscribeState, client.getState, client.getState);
}

/** Call `onEvent` for every server event and `onReconnect` after each reconnect, with the latest props. */
export function useRealtime(onEvent: (event: ServerEvent) => void, onReconnect?: () => void): void {
  const client = useRealtimeClient();
  const handleEvent = useEffectEvent(onEvent);
  const handleReconnect = useEffectEvent(() => onReconnect?.());
  useEffect(
    () => client.subscribe({ onEvent: (event) => handleEvent(event), onReconnect: () => handleReconnect() }),
    [client],
  );
}
