import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseServerEvent, RealtimeClient, realtimeUrl } from './realtime.ts';

class FakeSocket extends EventTarget {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static instances: FakeSocket[] = [];
  readyState = 0;
  binaryType = 'blob';
  sent: string[] = [];
  readonly url: string;
  constructor(url: string) {
    super();
    this.url = url;
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  receive(data: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  drop(code = 1006) {
    this.readyState = 3;
    const event = Object.assign(new Event('close'), { code, reason: '', wasClean: false });
    this.dispatchEvent(event);
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const latest = () => FakeSocket.instances.at(-1) as FakeSocket;

afterEach(() => {
  FakeSocket.instances = [];
});

describe('realtimeUrl', () => {
  it('uses ws: on http pages and wss: on https pages, same host', () => {
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/api/realtime');
    expect(realtimeUrl({ protocol: 'https:', host: 'chat.example.org' })).toBe('wss://chat.example.org/api/realtime');
  });
});

describe('parseServerEvent', () => {
  it('accepts version-1 events and ignores anything else', () => {
    expect(parseServerEvent('{"v":1,"type":"pong"}')).toEqual({ v: 1, type: 'pong' });
    expect(parseServerEvent('{"v":2,"type":"pong"}')).toBeUndefined();
    expect(parseServerEvent('{"type":"pong"}')).toBeUndefined();
    expect(parseServerEvent('not json')).toBeUndefined();
    expect(parseServerEvent(new ArrayBuffer(2))).toBeUndefined();
  });
});

describe('RealtimeClient', () => {
  it('reports its state, delivers events and asks listeners to resync when it opens after they may have missed events', async () => {
    const client = new RealtimeClient({ url: 'ws://test/api/realtime', WebSocket: FakeSocket, heartbeatMs: 60_000 });
    const states: string[] = [];
    client.subscribeState(() => states.push(client.getState()));
    const onEvent = vi.fn();
    const onReconnect = vi.fn();
    client.subscribe({ onEvent, onReconnect });

    client.start();
    await tick();
    expect(client.getState()).toBe('connecting');
    latest().open();
    expect(client.getState()).toBe('connected');
    latest().receive({ v: 1, type: 'hello', userId: 'u1' });
    latest().receive({ v: 9, type: 'hello' });
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(onEvent).toHaveBeenCalledWith({ v: 1, type: 'hello', userId: 'u1' });
    // Subscribed before the socket was open: whatever happened before it opened was missed.
    expect(onReconnect).toHaveBeenCalledTimes(1);
    const early = vi.fn();
    client.subscribe({ onReconnect: early });

    latest().drop();
    expect(client.getState()).toBe('disconnected');
    client.reconnect(); // Join Chat: no waiting for the back-off
    expect(client.getState()).toBe('connecting');
    await tick();
    latest().open();
    expect(client.getState()).toBe('connected');
    expect(onReconnect).toHaveBeenCalledTimes(2);
    expect(early).toHaveBeenCalledTimes(1);
    expect(states).toEqual(['connecting', 'connected', 'disconnected', 'connecting', 'connected']);

    client.stop();
    expect(client.getState()).toBe('disconnected');
  });

  it('tells the app when the server ended the session (close 4001)', async () => {
    const onSessionEnded = vi.fn();
    const client = new RealtimeClient({ url: 'ws://test/api/realtime', WebSocket: FakeSocket, onSessionEnded, heartbeatMs: 60_000 });
    client.start();
    await tick();
    latest().open();
    latest().drop(4001);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    client.stop();
  });

  it('asks for a resync before delivering any event of the reopened socket', async () => {
    const client = new RealtimeClient({ url: 'ws://test/api/realtime', WebSocket: FakeSocket, heartbeatMs: 60_000 });
    client.start();
    await tick();
    latest().open();
    const order: string[] = [];
    client.subscribe({ onEvent: (e) => order.push(e.type), onReconnect: () => order.push('resync') });
    latest().receive({ v: 1, type: 'pong' });
    expect(order).toEqual(['pong']); // subscribed while open: nothing missed
    latest().drop();
    client.reconnect();
    await tick();
    latest().open();
    latest().receive({ v: 1, type: 'hello', userId: 'u1' });
    expect(order).toEqual(['pong', 'resync', 'hello']);
    client.stop();
  });

  it('stops delivering to a listener once it unsubscribes', () => {
    const client = new RealtimeClient({ WebSocket: FakeSocket });
    const onEvent = vi.fn();
    const unsubscribe = client.subscribe({ onEvent });
    client.emit({ v: 1, type: 'pong' });
    unsubscribe();
    client.emit({ v: 1, type: 'pong' });
    expect(onEvent).toHaveBeenCalledTimes(1);
  });
});
