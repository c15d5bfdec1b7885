import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { VoiceServerEvent } from '@parley/common';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { OpenAiRealtimeSession } from './openaiRealtime.ts';
import { startVoiceServer, VoiceTestClient, type TestVoiceServer } from './testing/harness.ts';

// The Realtime proxy against a local server speaking the OpenAI Realtime events.

interface Upstream {
  request: IncomingMessage;
  received: { type: string; [key: string]: unknown }[];
  socket: WebSocket;
}

let realtime: WebSocketServer;
let realtimeUrl: string;
const upstreams: Upstream[] = [];
let server: TestVoiceServer;
const clients: VoiceTestClient[] = [];

/** What the fake Realtime API answers to a commit + response.create. */
function respond(socket: WebSocket, audioBytes: number): void {
  const send = (event: object) => socket.send(JSON.stringify(event));
  send({ type: 'input_audio_buffer.committed', event_id: 'ev_1', item_id: 'item_A', previous_item_id: null });
  send({ type: 'response.created', event_id: 'ev_2', response: { id: 'resp_A' } }); // not in the protocol: dropped
  send({ type: 'conversation.item.input_audio_transcription.completed', event_id: 'ev_3', item_id: 'item_A', content_index: 0, transcript: 'Where is the train station?' });
  send({ type: 'response.audio_transcript.delta', event_id: 'ev_4', response_id: 'resp_A', item_id: 'item_B', output_index: 0, content_index: 0, delta: '¿Dónde está ' });
  send({ type: 'response.audio.delta', event_id: 'ev_5', response_id: 'resp_A', item_id: 'item_B', output_index: 0, content_index: 0, delta: Buffer.alloc(audioBytes).toString('base64') });
  send({ type: 'response.audio_transcript.delta', event_id: 'ev_6', response_id: 'resp_A', item_id: 'item_B', output_index: 0, content_index: 0, delta: 'la estación de tren?' });
  send({ type: 'response.audio_transcript.done', event_id: 'ev_7', response_id: 'resp_A', item_id: 'item_B', transcript: '¿Dónde está la estación de tren?' });
  send({ type: 'response.audio.done', event_id: 'ev_8', response_id: 'resp_A', item_id: 'item_B' });
  send({ type: 'rate_limits.updated', event_id: 'ev_9', rate_limits: [] }); // dropped
  send({ type: 'response.done', event_id: 'ev_10', response: { id: 'resp_A', status: 'completed' } }); // dropped
}

beforeAll(async () => {
  realtime = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  realtime.on('connection', (socket, request) => {
    const upstream: Upstream = { request, received: [], socket };
    upstreams.push(upstream);
    socket.send(JSON.stringify({ type: 'session.created', event_id: 'ev_0', session: { id: 'sess_upstream', object: 'realtime.session', model: 'gpt-4o-realtime-preview' } }));
    let bytes = 0;
    socket.on('message', (data) => {
      const event = JSON.parse(data.toString()) as Upstream['received'][number];
      upstream.received.push(event);
      if (event.type === 'session.update') socket.send(JSON.stringify({ type: 'session.updated', event_id: 'ev_u', session: event.session }));
      if (event.type === 'input_audio_buffer.append') bytes += Buffer.from(String(event.audio), 'base64').length;
      if (event.type === 'response.create') respond(socket, bytes);
      if (event.type === 'input_audio_buffer.clear') socket.send(JSON.stringify({ type: 'error', event_id: 'ev_e', error: { type: 'invalid_request_error', code: null, message: 'Nothing to clear' } }));
    });
  });
  await new Promise<void>((resolve) => realtime.once('listening', () => resolve()));
  realtimeUrl = `ws://127.0.0.1:${(realtime.address() as AddressInfo).port}/v1/realtime`;
  server = await startVoiceServer((ctx) => new OpenAiRealtimeSession(ctx, { url: realtimeUrl, model: 'gpt-4o-realtime-preview', apiKey: 'sk-test', voice: 'alloy', transcriptionModel: 'whisper-1' }));
});
afterAll(async () => {
  await server.close();
  for (const ws of realtime.clients) ws.terminate();
  await new Promise<void>((resolve) => realtime.close(() => resolve()));
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

async function connect(): Promise<VoiceTestClient> {
  const client = await VoiceTestClient.connect(server.url);
  clients.push(client);
  await client.next('session.created');
  return client;
}

describe('OpenAI Realtime proxy', () => {
  it('connects with the key, the beta header and the model; update_languages becomes interpreter instructions', async () => {
    const client = await connect();
    client.send({ type: 'update_languages', userLanguage: 'English', partnerLanguage: 'es' });
    const updated = await client.next('session.updated');
    const upstream = upstreams.at(-1)!;
    expect(upstream.request.url).toBe('/v1/realtime?model=gpt-4o-realtime-preview');
    expect(upstream.request.headers.authorization).toBe('Bearer sk-test');
    expect(upstream.request.headers['openai-beta']).toBe('realtime=v1');
    const update = upstream.received.find((e) => e.type === 'session.update') as { session: Record<string, unknown> } | undefined;
    expect(update?.session).toMatchObject({ input_audio_format: 'pcm16', output_audio_format: 'pcm16', turn_detection: null, voice: 'alloy', input_audio_transcription: { model: 'whisper-1' } });
    expect(String(update?.session.instructions)).toMatch(/English.*Spanish/);
    expect(updated.session).toMatchObject({ voice: 'alloy' });
  });

  it('forwards audio and commit (+ response.create) and relays the protocol events unchanged, dropping the others', async () => {
    const client = await connect();
    client.send({ type: 'update_languages', userLanguage: 'en', partnerLanguage: 'es' });
    client.sendUtterance(Buffer.alloc(24_000 * 2), true, 'en');
    await client.next('response.audio.done');
    const upstream = upstreams.at(-1)!;
    const types = upstream.received.map((e) => e.type);
    expect(types.filter((t) => t === 'input_audio_buffer.append')).toHaveLength(6);
    // The spoken language is Parley's field: OpenAI gets its own append shape.
    expect(upstream.received.filter((e) => e.type === 'input_audio_buffer.append').every((e) => Object.keys(e).sort().join() === 'audio,type')).toBe(true);
    expect(types.slice(-2)).toEqual(['input_audio_buffer.commit', 'response.create']);

    expect(client.events.map((e) => e.type)).toEqual([
      'session.created',
      'session.updated',
      'input_audio_buffer.committed',
      'conversation.item.input_audio_transcription.completed',
      'response.audio_transcript.delta',
      'response.audio.delta',
      'response.audio_transcript.delta',
      'response.audio_transcript.done',
      'response.audio.done',
    ]);
    expect(client.ofType('response.audio_transcript.delta').map((d) => d.delta).join('')).toBe('¿Dónde está la estación de tren?');
    expect(client.raw).toContainEqual({ type: 'response.audio_transcript.delta', event_id: 'ev_4', response_id: 'resp_A', item_id: 'item_B', output_index: 0, content_index: 0, delta: '¿Dónde está ' });
    expect(Buffer.from(client.ofType('response.audio.delta')[0]!.delta, 'base64').length).toBe(48_000);
    expect(client.ofType('conversation.item.input_audio_transcription.completed')[0]?.transcript).toBe('Where is the train station?');
  });

  it('checks client frames locally before forwarding them', async () => {
    const client = await connect();
    for (const [frame, code] of [
      ['{oops', 'invalid_json'],
      [{ type: 'response.create' }, 'unknown_type'],
      [{ type: 'input_audio_buffer.append', audio: 'abc' }, 'invalid_audio'],
      [{ type: 'input_audio_buffer.commit' }, 'languages_not_set'],
    ] as const) {
      const error = client.nextError();
      client.send(frame);
      expect((await error).error.code).toBe(code);
    }
    const upstream = upstreams.at(-1)!;
    expect(upstream.received).toEqual([]);
  });

  it('answers a too-long recording once, clears it upstream and ignores the rest until release', async () => {
    const events: VoiceServerEvent[] = [];
    const before = upstreams.length;
    const session = new OpenAiRealtimeSession({ userId: 'x', send: (e) => events.push(e), close: () => {} }, { url: realtimeUrl, model: 'm', limits: { maxUtteranceBytes: 48_000 } });
    session.handleMessage(JSON.stringify({ type: 'update_languages', userLanguage: 'en', partnerLanguage: 'es' }));
    for (let i = 0; i < 10; i++) session.handleMessage(JSON.stringify({ type: 'input_audio_buffer.append', audio: Buffer.alloc(8192).toString('base64') }));
    session.handleMessage(JSON.stringify({ type: 'input_audio_buffer.commit' }));
    await vi.waitFor(() => expect(upstreams[before]?.received.map((e) => e.type)).toEqual(['session.update', ...Array(5).fill('input_audio_buffer.append'), 'input_audio_buffer.clear']));
    // One local error (the fake upstream also answers the clear with an error of its own).
    expect(events.filter((e) => e.type === 'error' && e.error.code === 'utterance_too_long')).toHaveLength(1);
    session.close();
  });

  it('gives upstream errors without a code a string code', async () => {
    const client = await connect();
    const error = client.nextError();
    client.send({ type: 'input_audio_buffer.clear' });
    expect((await error).error).toMatchObject({ code: 'invalid_request_error', message: 'Nothing to clear' });
  });

  it('when the upstream goes away the client gets upstream_error and its socket closes', async () => {
    const client = await connect();
    const closed = new Promise<number>((resolve) => client.ws.once('close', (code) => resolve(code)));
    const error = client.nextError();
    upstreams.at(-1)!.socket.terminate();
    expect((await error).error.code).toBe('upstream_error');
    expect(await closed).toBe(1011);
  });

  it('closing the client closes the upstream socket', async () => {
    const client = await connect();
    const upstream = upstreams.at(-1)!;
    const upstreamClosed = new Promise<void>((resolve) => upstream.socket.once('close', () => resolve()));
    await client.close();
    await upstreamClosed;
  });
});
