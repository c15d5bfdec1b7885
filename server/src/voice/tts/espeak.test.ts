import { LANGUAGE_CODES } from '@parley/common';
import { describe, expect, it } from 'vitest';
import { durationSeconds, rms } from '../audio.ts';
import { EspeakTts } from './espeak.ts';

const signal = () => new AbortController().signal;

describe('EspeakTts', () => {
  it('speaks every supported language as 24 kHz PCM16', { timeout: 120_000 }, async () => {
    const tts = new EspeakTts();
    for (const language of LANGUAGE_CODES) {
      const pcm = await tts.synthesize('1 2 3', language, signal());
      expect(pcm.length % 2, language).toBe(0);
      expect(durationSeconds(pcm.length), language).toBeGreaterThan(0.3);
      expect(rms(pcm), language).toBeGreaterThan(300);
    }
  });

  it('uses flite for English when asked, espeak-ng otherwise; both resampled to 24 kHz', async () => {
    const flite = await new EspeakTts({ fliteVoice: 'slt' }).synthesize('Where is the train station?', 'en', signal());
    const espeak = await new EspeakTts({ fliteVoice: null }).synthesize('Where is the train station?', 'en', signal());
    for (const pcm of [flite, espeak]) {
      expect(durationSeconds(pcm.length)).toBeGreaterThan(1);
      expect(durationSeconds(pcm.length)).toBeLessThan(4);
    }
    expect(flite.equals(espeak)).toBe(false);
  });

  it('treats text as text: option-like input, control characters and empty text', async () => {
    const tts = new EspeakTts();
    expect((await tts.synthesize('--help -o /tmp/x', 'en', signal())).length).toBeGreaterThan(10_000);
    expect((await tts.synthesize('-v en \u0000 hola', 'es', signal())).length).toBeGreaterThan(10_000);
    expect((await tts.synthesize(' \n ', 'es', signal())).length).toBe(0);
  });

  it('rejects once aborted', async () => {
    const controller = new AbortController();
    const pending = new EspeakTts().synthesize('Una frase bastante larga para que dure un rato.', 'es', controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'EngineError', code: 'aborted' });
  });
});
