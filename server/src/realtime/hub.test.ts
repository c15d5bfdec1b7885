import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import type { ServerEvent } from '@parley/common';
import { RealtimeHub } from './hub.ts';

/** A real ws server and client: what the hub writes must arrive as the events published, whole and in order. */
let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

async function connected(perMessageDeflate: boolean) {
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate });
  server = createServer();
  const accepted = new Promise<WebSocket>((resolve) =>
    server!.on('upgrade', (req, socket, head) => wss.handleUpgrade(req, socket, head, resolve)));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`, { perMessageDeflate });
  const received: string[] = [];
  client.on('message', (data) => received.push(data.toString()));
  const ws = await accepted;
  await once(client, 'open');
  return { ws, client, received };
}

const renamed = (name: string): ServerEvent => ({ v: 1, type: 'group.renamed', roomId: 'r1', name });

describe('RealtimeHub', () => {
  for (const compressed of [false, true]) {
    it(`frames of every length arrive whole and in order, with frames ws sends itself between them${compressed ? ' (compression negotiated)' : ''}`, async () => {
      const { ws, client, received } = await connected(compressed);
      expect(ws.extensions !== '').toBe(compressed);
      const hub = new RealtimeHub();
      hub.add({ ws, userId: 'ana', sessionId: 's1' });
      // 125 / 126 and 65,535 / 65,536 bytes are where the length's encoding changes.
      const names = ['short', 'x'.repeat(90), 'é'.repeat(200), 'y'.repeat(65_535 - 60), 'z'.repeat(70_000)];
      hub.publish(['ana'], renamed(names[0]!));
      ws.send('sent by ws itself');
      for (const name of names.slice(1)) hub.publish(['ana', 'nobody'], renamed(name));
      await new Promise((resolve) => setTimeout(resolve, 50));
      hub.publish(['ana'], renamed('after a turn'));
      await vi.waitFor(() => expect(received).toHaveLength(names.length + 2));
      expect(received).toEqual([
        JSON.stringify(renamed(names[0]!)),
        'sent by ws itself',
        ...names.slice(1).map((n) => JSON.stringify(renamed(n))),
        JSON.stringify(renamed('after a turn')),
      ]);
      client.close();
    });
  }

  it('skips a socket that is closing', async () => {
    const { ws, client, received } = await connected(false);
    const hub = new RealtimeHub();
    hub.add({ ws, userId: 'ana', sessionId: 's1' });
    ws.close();
    hub.publish(['ana'], renamed('too late'));
    await once(client, 'close');
    expect(received).toEqual([]);
  });
});

