import { CALL_API, type CallInfo } from '@parley/common';
import { beforeAll, describe, expect, it } from 'vitest';
import { fliteSpeech, silence } from '../src/voice/testing/speech.ts';
import { CallSocket } from './callClient.ts';
import { signUpAndIn, useTestServer } from './helpers.ts';

/**
 * In the call, with the real offline engines (issue 26): English speech rendered at test time (flite, as the
 * voice tests do), recognised by PocketSphinx, translated by Apertium, spoken by espeak-ng for the Spanish
 * listener, with captions on both sides. Spanish cannot be recognised offline: that voice crosses untranslated.
 */
let english: Buffer;
const s = useTestServer({ listen: true });
beforeAll(async () => {
  english = Buffer.concat([silence(0.3), await fliteSpeech('Good morning, where is the train station?'), silence(0.3)]);
});

type Person = Awaited<ReturnType<typeof signUpAndIn>>;
const req = (who: Person, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  s.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { cookie: who.cookie } });

async function inCall(): Promise<{ ana: Person; li: Person; roomId: string; call: CallInfo; anaMedia: CallSocket; liMedia: CallSocket }> {
  const [ana, li] = [await signUpAndIn(s.app), await signUpAndIn(s.app)];
  await req(ana, 'PATCH', '/api/profile', { language: 'en' });
  await req(li, 'PATCH', '/api/profile', { language: 'es' });
  const room = (await req(ana, 'POST', '/api/chats', { userId: li.id })).json() as { room?: { id: string }; id?: string };
  const roomId = room.room?.id ?? room.id ?? '';
  const call = ((await req(ana, 'POST', CALL_API.start, { roomId })).json() as { call: CallInfo }).call;
  expect((await req(li, 'POST', CALL_API.accept(call.id), { deviceId: 'phone' })).statusCode).toBe(200);
  const [anaMedia, liMedia] = await Promise.all([CallSocket.open(s.base, ana.cookie, call.id), CallSocket.open(s.base, li.cookie, call.id)]);
  await Promise.all([anaMedia.next('call.ready'), liMedia.next('call.ready')]);
  return { ana, li, roomId, call, anaMedia, liMedia };
}

describe('a translated call (English <-> Spanish, offline engines)', () => {
  it('English speech reaches the Spanish side as Spanish captions and Spanish audio; the speaker sees their words', { timeout: 120_000 }, async () => {
    const { ana, li, roomId, call, anaMedia, liMedia } = await inCall();
    liMedia.send({ type: 'settings', hearOriginal: true });
    anaMedia.send({ type: 'transcript.consent', agree: true });
    liMedia.send({ type: 'transcript.consent', agree: true });
    await anaMedia.when('transcript.consent', (e) => e.self && e.partner);

    anaMedia.speak(english);
    const caption = await liMedia.when('caption', (e) => e.final);
    // The caption says how its translation was made (issue 34 item 4): Apertium, direct (no pivot).
    expect(caption).toMatchObject({ speaker: 'partner', original: { language: 'en' }, translated: { language: 'es', engine: 'apertium' } });
    expect(caption.translated?.via).toBeUndefined();
    expect(caption.original.text.toLowerCase()).toMatch(/morning|train|station/);
    expect(caption.translated!.text.toLowerCase()).toMatch(/mañana|tren|estación|buenos/);
    const done = await liMedia.next('audio.done');
    expect(done.stages?.recognitionMs).toBeGreaterThanOrEqual(0);
    const audio = liMedia.of('audio.delta').filter((e) => e.utteranceId === caption.utteranceId);
    expect(audio.reduce((n, e) => n + Buffer.from(e.audio, 'base64').length, 0)).toBeGreaterThan(24_000); // over half a second of speech
    expect(liMedia.of('partner.audio').every((e) => e.kind === 'original')).toBe(true); // asked to hear Ana quietly under it
    expect(liMedia.of('partner.audio').length).toBeGreaterThan(0);
    expect(await anaMedia.when('caption', (e) => e.final)).toMatchObject({ speaker: 'self', utteranceId: caption.utteranceId });
    expect(anaMedia.of('audio.delta')).toEqual([]); // the speaker does not hear their own translation

    // Li's Spanish cannot be recognised here: a notice, and the voice crosses untranslated.
    const spanishVoice = silence(0.5).fill(7);
    liMedia.speak(spanishVoice);
    expect(await anaMedia.next('notice')).toMatchObject({ code: 'cannot_recognise', speaker: 'partner', language: 'es' });
    expect(await liMedia.next('notice')).toMatchObject({ code: 'cannot_recognise', speaker: 'self', language: 'es' });
    const raw = await anaMedia.next('partner.audio');
    expect(raw.kind).toBe('untranslated');

    // Both agreed: the transcript is saved in the conversation with both languages when the call ends.
    await req(ana, 'POST', CALL_API.end(call.id));
    await liMedia.next('call.ended');
    const history = (await req(li, 'GET', `/api/chats/${roomId}/messages`)).json() as { messages?: { system_event?: { kind: string; transcript?: unknown[] } }[] } | { system_event?: { kind: string; transcript?: unknown[] } }[];
    const messages = Array.isArray(history) ? history : history.messages ?? [];
    const transcript = messages.find((m) => m.system_event?.kind === 'call_transcript');
    expect(transcript?.system_event?.transcript).toEqual([
      { speakerId: ana.id, original: { text: caption.original.text, language: 'en' }, translated: { text: caption.translated!.text, language: 'es' } },
    ]);
    expect(messages.some((m) => m.system_event?.kind === 'call_completed')).toBe(true);
  });

  it('hanging up mid-utterance cancels its pipeline: nothing more reaches the listener', async () => {
    const { ana, call, anaMedia, liMedia } = await inCall();
    anaMedia.speak(english);
    await liMedia.next('partner.speaking');
    expect((await req(ana, 'POST', CALL_API.end(call.id))).statusCode).toBe(200);
    await liMedia.waitClosed();
    await anaMedia.waitClosed();
    expect(liMedia.of('audio.delta')).toEqual([]);
  });
});
