/** PCM16 mono chunks -> a WAV file (44-byte RIFF header), what the server accepts for voice messages. */
export function pcm16ToWav(chunks: readonly Uint8Array[], sampleRate: number): Blob {
  const length = chunks.reduce((n, c) => n + c.length, 0);
  const header = new ArrayBuffer(44);
  const view = new DataView(header);
  const ascii = (offset: number, text: string) => [...text].forEach((ch, i) => view.setUint8(offset + i, ch.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + length, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, length, true);
  return new Blob([header, ...chunks.map((c) => c.slice().buffer)], { type: 'audio/wav' });
}

/** Milliseconds of PCM16 mono at `sampleRate` in `bytes`. */
export const pcmDurationMs = (bytes: number, sampleRate: number) => Math.round((bytes / 2 / sampleRate) * 1000);

/** 65000 ms -> '1:05'. */
export function clock(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
