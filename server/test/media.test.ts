import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@parley/common';
import { renderLabel } from '../src/scan/testing/render.ts';
import { pcmToWav } from '../src/voice/audio.ts';
import { fliteSpeech, silence } from '../src/voice/testing/speech.ts';
import { pngImage } from './images.ts';
import { getTestServer, signUpAndIn, type TestServer } from './helpers.ts';

/**
 * Photos and voice messages in a conversation, with the real engines: Tesseract reads a Spanish
 * sign, PocketSphinx hears English, Apertium translates, on PGlite or PostgreSQL (TEST_DB).
 */
let s: TestServer;
type Actor = Awaited<ReturnType<typeof signUpAndIn>>;
let ana: Actor;
let bruno: Actor;
let stranger: Actor;
let roomId: string;

beforeAll(async () => {
  s = await getTestServer();
  [ana, bruno, stranger] = [await signUpAndIn(s.app), await signUpAndIn(s.app), await signUpAndIn(s.app)];
  for (const [who, language] of [[ana, 'en'], [bruno, 'es'], [stranger, 'en']] as const) {
    await s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { language }, headers: { cookie: who.cookie } });
  }
  roomId = (await s.app.inject({ method: 'POST', url: '/api/chats', payload: { userId: bruno.id }, headers: { cookie: ana.cookie } })).json().room.id;
}, 60_000);
afterAll(async () => s.close());

/** A multipart body with the file and the client id, as the web app sends it. */
function upload(bytes: Buffer, clientId: string, filename = 'file.bin', contentType = 'application/octet-stream') {
  const boundary = '----parleymedia' + Math.random().toString(16).slice(2);
  const field = `--${boundary}\r\nContent-Disposition: form-data; name="clientId"\r\n\r\n${clientId}\r\n`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(field + head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const post = (kind: 'photos' | 'voice', who: Actor, bytes: Buffer, clientId: string, room = roomId, filename?: string, type?: string) => {
  const body = upload(bytes, clientId, filename, type);
  return s.app.inject({ method: 'POST', url: `/api/chats/${room}/${kind}`, payload: body.payload, headers: { ...body.headers, cookie: who.cookie } });
};

async function translated(who: Actor, id: string): Promise<ChatMessage> {
  for (let i = 0; i < 200; i++) {
    const messages = (await s.app.inject({ url: `/api/chats/${roomId}/messages`, headers: { cookie: who.cookie } })).json().messages as ChatMessage[];
    const m = messages.find((x) => x.id === id);
    if (m && m.translation_status !== 'pending') return m;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('translation never finished');
}

const counts = async () => ({
  media: Number((await s.database.db.selectFrom('chat_media').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  messages: Number((await s.database.db.selectFrom('messages').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
});

/** Speech in Spanish from espeak-ng, as its own WAV (22,050 Hz: the server resamples it). */
const spanishSpeechWav = () => execFileSync('espeak-ng', ['-v', 'es', '--stdout', 'Hola, ¿dónde está la estación de tren?']);

describe('photos', () => {
  it('reads the text of a Spanish sign and translates it for the English partner, under the photo', async () => {
    const sign = await renderLabel('La biblioteca está cerrada los domingos.\nGracias por su visita.', { size: 40 });
    const res = await post('photos', bruno, sign, 'bruno-photo-0001', roomId, 'IMG_0001.png', 'image/png');
    expect(res.statusCode).toBe(201);
    const sent = res.json().message as ChatMessage;
    expect(sent.attachment).toMatchObject({ kind: 'photo', mime: 'image/jpeg', note: null });
    expect(sent.content).toMatch(/biblioteca está cerrada los domingos/i);
    expect(sent.translation_status).toBe('pending');

    const read = await translated(ana, sent.id);
    expect(read.translation_status).toBe('done');
    expect(read.translated_content).toMatch(/library/i);
    expect(read.translated_content).toMatch(/sunday/i);

    // The stored photo: a re-encoded JPEG, members only, private and not sniffable.
    const file = await s.app.inject({ url: `/api/chats/${roomId}/media/${sent.attachment?.id}`, headers: { cookie: ana.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['cache-control']).toBe('private, max-age=86400');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect([...file.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  }, 60_000);

  it('sends a photo without text with an honest note and no translation', async () => {
    const res = await post('photos', ana, await pngImage(400, 300), 'ana-photo-blank-01');
    expect(res.statusCode).toBe(201);
    const m = res.json().message as ChatMessage;
    expect(m.content).toBe('');
    expect(m.translation_status).toBe('not_needed');
    expect(m.attachment).toMatchObject({ kind: 'photo', note: 'no_text', width: 400, height: 300 });
  }, 60_000);

  it('refuses what is not an image or too large by code, storing nothing', async () => {
    const before = await counts();
    const fake = await post('photos', ana, Buffer.from('GIF89a this is really a text file'), 'ana-fake-image-1', roomId, 'cat.gif', 'image/gif');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.code).toBe('invalid_image');
    const big = await post('photos', ana, Buffer.alloc(10 * 1024 * 1024 + 1, 1), 'ana-big-image-01', roomId, 'big.jpg', 'image/jpeg');
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('image_too_large');
    const noId = await post('photos', ana, await pngImage(), 'x');
    expect(noId.statusCode).toBe(400);
    expect(noId.json().error.code).toBe('invalid_id');
    expect(await counts()).toEqual(before);
  });

  it('a retry with the same client id makes one message and one stored file', async () => {
    const before = await counts();
    const image = await pngImage(200, 100);
    const first = await post('photos', ana, image, 'ana-photo-retry-1');
    const again = await post('photos', ana, image, 'ana-photo-retry-1');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().message.id).toBe(first.json().message.id);
    expect(again.json().message.attachment).toEqual(first.json().message.attachment);
    expect(await counts()).toEqual({ media: before.media + 1, messages: before.messages + 1 });
  }, 60_000);
});

describe('voice', () => {
  it('transcribes English speech, translates it to Spanish, and keeps the recording playable', async () => {
    const pcm = Buffer.concat([silence(0.4), await fliteSpeech('Where is the train station'), silence(0.4)]);
    const res = await post('voice', ana, pcmToWav(pcm), 'ana-voice-000001', roomId, 'voice.wav', 'audio/wav');
    expect(res.statusCode).toBe(201);
    const sent = res.json().message as ChatMessage;
    expect(sent.attachment).toMatchObject({ kind: 'voice', mime: 'audio/wav', note: null });
    expect(sent.attachment?.durationMs).toBeGreaterThan(1500);
    expect(sent.content).toMatch(/train station/i);

    const read = await translated(bruno, sent.id);
    expect(read.translation_status).toBe('done');
    expect(read.translated_content).toMatch(/dónde/i);
    expect(read.translated_content).toMatch(/tren/i);

    const file = await s.app.inject({ url: `/api/chats/${roomId}/media/${sent.attachment?.id}`, headers: { cookie: bruno.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/wav');
    expect(file.rawPayload.subarray(44)).toEqual(pcm);
    // Safari's <audio> asks for ranges first.
    const head = await s.app.inject({ url: `/api/chats/${roomId}/media/${sent.attachment?.id}`, headers: { cookie: bruno.cookie, range: 'bytes=0-1' } });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-1/${file.rawPayload.length}`);
    expect(head.rawPayload.toString('ascii')).toBe('RI');
    // Speech in the reader's language: the existing read-aloud of the translation.
    const speech = await s.app.inject({ url: `/api/speech?messageId=${sent.id}&part=translation`, headers: { cookie: bruno.cookie } });
    expect(speech.statusCode).toBe(200);
    expect(speech.headers['content-language']).toBe('es');
  }, 60_000);

  it('sends Spanish speech offline with an honest note instead of a false transcript', async () => {
    const res = await post('voice', bruno, spanishSpeechWav(), 'bruno-voice-00001', roomId, 'voz.wav', 'audio/wav');
    expect(res.statusCode).toBe(201);
    const m = res.json().message as ChatMessage;
    expect(m.content).toBe('');
    expect(m.translation_status).toBe('not_needed');
    expect(m.attachment).toMatchObject({ kind: 'voice', note: 'speech_unsupported_language' });
    // The conversation list names it (it has no text of its own).
    const list = (await s.app.inject({ url: '/api/chats', headers: { cookie: ana.cookie } })).json().conversations;
    expect(list.find((c: { id: string }) => c.id === roomId).lastMessage).toMatchObject({ content: '', attachment_kind: 'voice' });
    // Resampled from espeak-ng's 22,050 Hz to 24 kHz, and still playable.
    const file = await s.app.inject({ url: `/api/chats/${roomId}/media/${m.attachment?.id}`, headers: { cookie: ana.cookie } });
    expect(file.rawPayload.readUInt32LE(24)).toBe(24_000);
    expect(file.rawPayload.length).toBeGreaterThan(24_000);
  }, 60_000);

  it('refuses fake, oversized and too long recordings by code, storing nothing', async () => {
    const before = await counts();
    const fake = await post('voice', ana, Buffer.from('RIFF....WAVEnot really audio at all'), 'ana-fake-voice-1', roomId, 'v.wav', 'audio/wav');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.code).toBe('invalid_audio');
    const webm = await post('voice', ana, Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0]), 'ana-webm-voice-1', roomId, 'v.webm', 'audio/webm');
    expect(webm.json().error.code).toBe('invalid_audio');
    const float = pcmToWav(silence(1));
    float.writeUInt16LE(3, 20); // IEEE float: not 16-bit PCM
    expect((await post('voice', ana, float, 'ana-float-voice1')).json().error.code).toBe('invalid_audio');
    // 121 seconds at 8 kHz fits the byte cap but not the duration cap.
    const long = await post('voice', ana, pcmToWav(Buffer.alloc(121 * 8_000 * 2), 8_000), 'ana-long-voice-1');
    expect(long.statusCode).toBe(413);
    expect(long.json().error.code).toBe('audio_too_long');
    // The shared 300 ms minimum (MEDIA_LIMITS.voiceMinMs): a 100 ms recording was accepted before.
    const short = await post('voice', ana, pcmToWav(Buffer.alloc(2_400 * 2), 24_000), 'ana-short-voice1');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.code).toBe('audio_too_short');
    const barely = await post('voice', ana, pcmToWav(Buffer.alloc(7_000 * 2), 24_000), 'ana-short-voice2'); // 292 ms
    expect(barely.json().error.code).toBe('audio_too_short');
    const big = await post('voice', ana, Buffer.alloc(8 * 1024 * 1024 + 1), 'ana-big-voice-01');
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('audio_too_large');
    expect(await counts()).toEqual(before);
  });
});

describe('access', () => {
  it('a non-participant can neither send to the room nor fetch its media: the same 404 as a missing room or file', async () => {
    const res = await post('photos', ana, await pngImage(), 'ana-photo-access1');
    const mediaId = res.json().message.attachment.id as string;
    const before = await counts();

    const missingRoom = '00000000-0000-4000-8000-000000000000';
    for (const kind of ['photos', 'voice'] as const) {
      const asStranger = await post(kind, stranger, await pngImage(), 'stranger-upload-1');
      const toMissing = await post(kind, stranger, await pngImage(), 'stranger-upload-2', missingRoom);
      expect(asStranger.statusCode).toBe(404);
      expect(asStranger.json()).toEqual(toMissing.json());
    }
    const fetch = (who: Actor, url: string) => s.app.inject({ url, headers: { cookie: who.cookie } });
    const strangerGet = await fetch(stranger, `/api/chats/${roomId}/media/${mediaId}`);
    const missingFile = await fetch(ana, `/api/chats/${roomId}/media/${missingRoom}`);
    const wrongRoom = await fetch(ana, `/api/chats/${missingRoom}/media/${mediaId}`);
    for (const r of [strangerGet, missingFile, wrongRoom]) {
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual(missingFile.json());
    }
    expect((await s.app.inject({ url: `/api/chats/${roomId}/media/${mediaId}` })).statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  }, 60_000);

  it('deleting the conversation deletes its media', async () => {
    const other = await signUpAndIn(s.app);
    const room = (await s.app.inject({ method: 'POST', url: '/api/chats', payload: { userId: other.id }, headers: { cookie: ana.cookie } })).json().room.id as string;
    const res = await post('voice', ana, pcmToWav(Buffer.concat([silence(0.5), await fliteSpeech('Thank you very much')])), 'ana-voice-delete1', room);
    const mediaId = res.json().message.attachment.id as string;
    const stored = () => s.database.db.selectFrom('chat_media').select('id').where('chat_room_id', '=', room).execute();
    expect(await stored()).toHaveLength(1);

    expect((await s.app.inject({ method: 'DELETE', url: `/api/chats/${room}`, headers: { cookie: other.cookie } })).json()).toEqual({ deleted: true });
    expect(await stored()).toHaveLength(0);
    expect((await s.app.inject({ url: `/api/chats/${room}/media/${mediaId}`, headers: { cookie: ana.cookie } })).statusCode).toBe(404);
  }, 60_000);
});
