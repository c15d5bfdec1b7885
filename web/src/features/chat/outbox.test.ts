import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@parley/common';
import { ApiError } from '../../lib/api.ts';
import { memoryStorage, Outbox, type OutboxEntry, type OutboxEvent, type OutboxStorage } from './outbox.ts';

const row = (e: OutboxEntry, id: number): ChatMessage => ({
  id: String(id), chat_room_id: e.roomId, sender_id: e.senderId, client_id: e.clientId, content: e.content,
  original_language: null, translated_content: null, target_language: null, translation_status: 'pending', translation_error: null, unknown_spans: null, created_at: e.createdAt,
});

/** A server that stores each client id once (as the real one does) and can be switched off. */
function fakeServer() {
  const stored = new Map<string, ChatMessage>();
  const server = {
    up: true,
    calls: 0,
    stored,
    send: vi.fn(async (e: OutboxEntry) => {
      server.calls += 1;
      if (!server.up) throw new ApiError(0, 'network_error', 'Failed to fetch');
      const existing = stored.get(e.clientId);
      if (existing) return existing;
      const message = row(e, stored.size + 1);
      stored.set(e.clientId, message);
      return message;
    }),
  };
  return server;
}

function makeOutbox(storage: OutboxStorage, send: (e: OutboxEntry) => Promise<ChatMessage>, senderId = 'ana') {
  const outbox = new Outbox({ senderId, storage, send, retryDelayMs: () => 60_000 });
  const events: OutboxEvent[] = [];
  outbox.subscribe((e) => events.push(e));
  return { outbox, events };
}

describe('Outbox', () => {
  it('keeps a removed link preview with the message while offline, through a reload, and sends it with it (issue 36)', async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    server.up = false;
    const first = makeOutbox(storage, server.send);
    await first.outbox.add({ clientId: 'no-card', roomId: 'r1', content: 'see https://news.example/a', noLinkPreview: true });
    await first.outbox.add({ clientId: 'card', roomId: 'r1', content: 'and https://news.example/b' });
    await first.outbox.flush();
    server.up = true;
    const second = makeOutbox(storage, server.send);
    await second.outbox.flush();
    const sent = new Map(server.send.mock.calls.map(([e]) => [e.clientId, e.noLinkPreview]));
    expect(sent).toEqual(new Map([['no-card', true], ['card', undefined]]));
  });

  it('sends in the order written and clears each sent message from the device', async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    const { outbox, events } = makeOutbox(storage, server.send);
    for (const [i, text] of ['one', 'two', 'three'].entries()) await outbox.add({ clientId: `c${i}`, roomId: 'r1', content: text });
    await outbox.flush();
    expect([...server.stored.values()].map((m) => m.content)).toEqual(['one', 'two', 'three']);
    expect(events.filter((e) => e.type === 'sent').map((e) => (e.type === 'sent' ? e.message.id : ''))).toEqual(['1', '2', '3']);
    expect(outbox.waiting()).toEqual([]);
    expect(await storage.all()).toEqual([]);
  });

  it('keeps everything on a network failure, survives a reload, and sends each exactly once in order later', async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    server.up = false;
    const first = makeOutbox(storage, server.send);
    for (const text of ['a', 'b', 'c']) await first.outbox.add({ clientId: `id-${text}`, roomId: 'r1', content: text });
    await first.outbox.flush();
    expect(server.stored.size).toBe(0);
    // Only the head was tried: later messages wait behind it, so order cannot break.
    expect(new Set(server.send.mock.calls.map(([e]) => e.clientId))).toEqual(new Set(['id-a']));
    expect(first.outbox.waiting().map((e) => e.content)).toEqual(['a', 'b', 'c']);
    expect(first.outbox.waiting()[0]?.attempts).toBeGreaterThan(0);
    first.outbox.stop();

    // The page reloads: a new outbox on the same storage; the network is back.
    server.up = true;
    const second = makeOutbox(storage, server.send);
    await second.outbox.ready();
    expect(second.outbox.waiting().map((e) => e.content)).toEqual(['a', 'b', 'c']);
    await Promise.all([second.outbox.flush(), second.outbox.flush()]); // two triggers at once (online + socket open)
    expect([...server.stored.values()].map((m) => m.content)).toEqual(['a', 'b', 'c']);
    expect(second.events.filter((e) => e.type === 'sent')).toHaveLength(3);
    expect(await storage.all()).toEqual([]);
  });

  it('a send whose answer was lost is repeated with the same client id and stored once', async () => {
    const server = fakeServer();
    let loseAnswer = true;
    const send = async (e: OutboxEntry) => {
      const message = await server.send(e);
      if (loseAnswer) {
        loseAnswer = false;
        throw new ApiError(504, 'http_504', 'Gateway Timeout');
      }
      return message;
    };
    const { outbox } = makeOutbox(memoryStorage(), send);
    await outbox.add({ clientId: 'once', roomId: 'r1', content: 'hello' });
    await outbox.flush();
    await outbox.flush();
    expect(server.calls).toBe(2);
    expect(server.stored.size).toBe(1);
    expect(outbox.waiting()).toHaveLength(0);
  });

  it('drops only what the server refuses for good (room gone, invalid), and goes on with the rest', async () => {
    const storage = memoryStorage();
    const sent: string[] = [];
    const send = async (e: OutboxEntry) => {
      if (e.roomId === 'gone') throw new ApiError(404, 'not_found', 'Chat not found');
      sent.push(e.content);
      return row(e, sent.length);
    };
    const { outbox, events } = makeOutbox(storage, send);
    await outbox.add({ clientId: 'x1', roomId: 'gone', content: 'lost cause' });
    await outbox.add({ clientId: 'x2', roomId: 'r1', content: 'fine' });
    await outbox.flush();
    expect(sent).toEqual(['fine']);
    const rejected = events.find((e) => e.type === 'rejected');
    expect(rejected?.type === 'rejected' && rejected.entry.content).toBe('lost cause');
    expect(await storage.all()).toEqual([]);
  });

  it("only picks up the signed-in user's messages from the device", async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    server.up = false;
    const bruno = makeOutbox(storage, server.send, 'bruno');
    await bruno.outbox.add({ clientId: 'b1', roomId: 'r1', content: "bruno's" });
    bruno.outbox.stop();
    const ana = makeOutbox(storage, server.send, 'ana');
    await ana.outbox.ready();
    expect(ana.outbox.waiting()).toEqual([]);
  });
});
