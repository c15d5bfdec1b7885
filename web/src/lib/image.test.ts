import { describe, expect, it } from 'vitest';
import { blobToBase64, isImageFile, scaledSize } from './image.ts';

describe('scaledSize', () => {
  it('keeps images whose longest side is within 2000 px', () => {
    expect(scaledSize(1200, 900)).toEqual({ width: 1200, height: 900 });
    expect(scaledSize(2000, 2000)).toEqual({ width: 2000, height: 2000 });
    expect(scaledSize(10, 3000, 5000)).toEqual({ width: 10, height: 3000 });
  });

  it('scales a landscape phone photo so the width is 2000 px, keeping the ratio', () => {
    expect(scaledSize(4032, 3024)).toEqual({ width: 2000, height: 1500 });
  });

  it('scales a portrait photo so the height is 2000 px', () => {
    expect(scaledSize(3024, 4032)).toEqual({ width: 1500, height: 2000 });
    expect(scaledSize(3000, 4000, 1000)).toEqual({ width: 750, height: 1000 });
  });

  it('never rounds a side to zero nor past the limit', () => {
    expect(scaledSize(20000, 3)).toEqual({ width: 2000, height: 1 });
    expect(scaledSize(4001, 4001)).toEqual({ width: 2000, height: 2000 });
  });

  it('returns unknown sizes unchanged', () => {
    expect(scaledSize(0, 0)).toEqual({ width: 0, height: 0 });
    expect(scaledSize(Number.NaN, 100)).toEqual({ width: Number.NaN, height: 100 });
  });
});

describe('isImageFile', () => {
  it('accepts types beginning with image/ only', () => {
    expect(isImageFile({ type: 'image/jpeg' })).toBe(true);
    expect(isImageFile({ type: 'image/heic' })).toBe(true);
    expect(isImageFile({ type: 'IMAGE/PNG' })).toBe(true);
    expect(isImageFile({ type: 'text/plain' })).toBe(false);
    expect(isImageFile({ type: 'application/pdf' })).toBe(false);
    expect(isImageFile({ type: '' })).toBe(false);
  });
});

describe('blobToBase64', () => {
  it('encodes the bytes without a data: prefix, also beyond one chunk', async () => {
    expect(await blobToBase64(new Blob(['hello']))).toBe('aGVsbG8=');
    const big = new Uint8Array(100_000).map((_, i) => i % 251);
    const decoded = Uint8Array.from(atob(await blobToBase64(new Blob([big]))), (c) => c.charCodeAt(0));
    expect(decoded).toEqual(big);
  });
});
