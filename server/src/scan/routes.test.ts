import fastifyMultipart from '@fastify/multipart';
import { LIMITS, NO_TEXT_MESSAGE, type ScanResponse } from '@parley/common';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequireUser } from '../auth/requireUser.ts';
import { AppError, installErrorHandler } from '../http/errors.ts';
import { TesseractEngine } from './ocr/tesseract.ts';
import type { OcrEngine } from './ocr/types.ts';
import { createScanLimiter } from './rateLimit.ts';
import { scanRoutes } from './routes.ts';
import { createScanService } from './service.ts';
import { ApertiumCliTranslator } from '../translation/testing/apertiumCli.ts';
import { pngBomb } from './testing/bomb.ts';
import { renderLabel, renderPhoto } from './testing/render.ts';
import { SAMPLES } from './testing/samples.ts';

/** Session stand-in: the `x-test-user` header names the signed-in user. */
const requireUser: RequireUser = async (request) => {
  const id = request.headers['x-test-user'];
  if (typeof id !== 'string') throw new AppError(401, 'unauthenticated', 'Please sign in');
  request.user = { id, email: `${id}@example.test`, sessionId: `s-${id}` };
};

/** OCR stand-in for the route tests that are not about reading: answers a fixed Spanish text. */
const fixedEngine: OcrEngine = {
  id: 'fixed',
  recognize: async () => ({ text: 'La biblioteca está cerrada.', confidence: 0.95 }),
  health: async () => ({ live: true }),
};

/** An app built like app.ts: 12 MB JSON limit, multipart capped at 5 MB app-wide, the global error handler. */
async function buildTestApp(ocrEngine: OcrEngine, scansPerMinute = 1000): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, bodyLimit: 12 * 1024 * 1024 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  await app.register(fastifyMultipart, { limits: { fileSize: LIMITS.avatarMaxBytes, files: 1, fields: 10 } });
  const service = createScanService({ ocrEngines: [ocrEngine], translator: new ApertiumCliTranslator() });
  await app.register(scanRoutes, { service, requireUser, limiter: createScanLimiter(scansPerMinute) });
  await app.ready();
  return app;
}

function multipart(fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) {
  const boundary = '----parley-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    parts.push(file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-test-user': 'ana' } };
}

/** An incompressible PNG of about `megabytes` MB. */
async function noisePng(megabytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt((megabytes * 1024 * 1024) / 3));
  const pixels = Buffer.alloc(side * side * 3);
  let seed = 12345;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    pixels[i] = seed >>> 24;
  }
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
}

let app: FastifyInstance;
let label: Buffer;
beforeAll(async () => {
  app = await buildTestApp(fixedEngine);
  label = await renderLabel('Salida de emergencia');
});
afterAll(async () => app.close());

const scan = (body: object, user: string | null = 'ana', url = '/api/scan') =>
  app.inject({ method: 'POST', url, payload: body, headers: user ? { 'x-test-user': user } : {} });

describe('POST /api/scan', () => {
  it('reads and translates a photo of a Spanish sign (real Tesseract and Apertium), base64 with a data URL prefix', async () => {
    const real = await buildTestApp(new TesseractEngine());
    const photo = await renderPhoto(SAMPLES.es.text, 1200, 900);
    const res = await real.inject({
      method: 'POST',
      url: '/api/scan',
      headers: { 'x-test-user': 'ana' },
      payload: { imageBase64: `data:image/jpeg;base64,${photo.toString('base64')}`, primaryLanguage: 'en', secondaryLanguage: 'es' },
    });
    await real.close();
    expect(res.statusCode).toBe(200);
    const body = res.json<ScanResponse>();
    expect(body).toMatchObject({ success: true, error: null, detectedLanguage: 'es', translationDirection: 'Spanish → English' });
    expect(body.extractedText).toContain('La biblioteca está cerrada los domingos.');
    expect(body.translatedText).toMatch(/The library is closed/);
  });

  it('answers the same at /functions/v1/smart-image-translate, and takes language names', async () => {
    const res = await scan({ imageBase64: label.toString('base64'), primaryLanguage: 'English', secondaryLanguage: 'español' }, 'ana', '/functions/v1/smart-image-translate');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, extractedText: 'La biblioteca está cerrada.', detectedLanguage: 'es', translatedText: 'The library is closed.' });
  });

  it('needs a session', async () => {
    const res = await scan({ imageBase64: label.toString('base64'), primaryLanguage: 'en', secondaryLanguage: 'es' }, null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'unauthenticated', message: 'Please sign in' } });
  });

  it('refuses an unknown language and missing fields', async () => {
    const unknown = await scan({ imageBase64: label.toString('base64'), primaryLanguage: 'en', secondaryLanguage: 'xx' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: { code: 'unknown_language', message: 'Unknown language: xx' } });
    const missing = await scan({ primaryLanguage: 'en', secondaryLanguage: 'es' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('invalid_request');
  });

  it('refuses a text file renamed .png with 400 invalid_image', async () => {
    const res = await scan({ imageBase64: Buffer.from('just some text\n').toString('base64'), primaryLanguage: 'en', secondaryLanguage: 'es' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_image', message: expect.stringMatching(/not an image/) });
  });

  it('refuses a 20000x20000 PNG with 413 image_too_large', async () => {
    const res = await scan({ imageBase64: pngBomb(20_000, 20_000).toString('base64'), primaryLanguage: 'en', secondaryLanguage: 'es' });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'image_too_large', message: expect.stringMatching(/20000×20000/) });
  });

  it('refuses an image over 10 MB with 413 image_too_large, also beyond the JSON body limit', async () => {
    for (const megabytes of [10.1, 12]) {
      const imageBase64 = Buffer.alloc(Math.round(megabytes * 1024 * 1024), 1).toString('base64');
      const res = await scan({ imageBase64, primaryLanguage: 'en', secondaryLanguage: 'es' });
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toEqual({ code: 'image_too_large', message: 'The image is larger than 10 MB. Please choose a smaller photo.' });
    }
  });

  it('answers success false with the spec message when there is no text', async () => {
    const blankApp = await buildTestApp({ ...fixedEngine, recognize: async () => ({ text: '' }) });
    const res = await blankApp.inject({
      method: 'POST',
      url: '/api/scan',
      headers: { 'x-test-user': 'ana' },
      payload: { imageBase64: label.toString('base64'), primaryLanguage: 'en', secondaryLanguage: 'es' },
    });
    await blankApp.close();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, error: NO_TEXT_MESSAGE });
  });

  it('limits scans per user with 429 and Retry-After', async () => {
    const limited = await buildTestApp(fixedEngine, 2);
    const send = (user: string) =>
      limited.inject({
        method: 'POST',
        url: '/api/scan',
        headers: { 'x-test-user': user },
        payload: { imageBase64: label.toString('base64'), primaryLanguage: 'en', secondaryLanguage: 'es' },
      });
    expect((await send('ana')).statusCode).toBe(200);
    expect((await send('ana')).statusCode).toBe(200);
    const third = await send('ana');
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe('rate_limited');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send('bruno')).statusCode).toBe(200);
    await limited.close();
  });
});

describe('POST /api/scan/upload', () => {
  it('reads an uploaded image with the language fields, in any order', async () => {
    const before = await app.inject({
      method: 'POST',
      url: '/api/scan/upload',
      ...multipart({ primaryLanguage: 'en', secondaryLanguage: 'es' }, { name: 'sign.png', type: 'image/png', bytes: label }),
    });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ success: true, translatedText: 'The library is closed.', translationDirection: 'Spanish → English' });
    const { payload, headers } = multipart({}, { name: 'sign.png', type: 'image/png', bytes: label });
    const fieldsAfter = Buffer.concat([
      payload.subarray(0, payload.length - '------parley-test-boundary--\r\n'.length),
      multipart({ primaryLanguage: 'es', secondaryLanguage: 'en' }).payload,
    ]);
    const after = await app.inject({ method: 'POST', url: '/api/scan/upload', payload: fieldsAfter, headers });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ success: true, translationDirection: 'Spanish → English' });
  });

  it('accepts up to 10 MB although the app-wide multipart limit is 5 MB, and refuses more with 413', async () => {
    const six = await noisePng(6);
    const ok = await app.inject({ method: 'POST', url: '/api/scan/upload', ...multipart({ primaryLanguage: 'en', secondaryLanguage: 'es' }, { name: 'big.png', type: 'image/png', bytes: six }) });
    expect(ok.statusCode).toBe(200);
    const eleven = await noisePng(11);
    const tooBig = await app.inject({ method: 'POST', url: '/api/scan/upload', ...multipart({ primaryLanguage: 'en', secondaryLanguage: 'es' }, { name: 'huge.png', type: 'image/png', bytes: eleven }) });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.code).toBe('image_too_large');
  });

  it('refuses a fake image, a missing file, a missing language and a non-multipart body', async () => {
    const fake = await app.inject({ method: 'POST', url: '/api/scan/upload', ...multipart({ primaryLanguage: 'en', secondaryLanguage: 'es' }, { name: 'notes.png', type: 'image/png', bytes: Buffer.from('hello') }) });
    expect([fake.statusCode, fake.json().error.code]).toEqual([400, 'invalid_image']);
    const none = await app.inject({ method: 'POST', url: '/api/scan/upload', ...multipart({ primaryLanguage: 'en', secondaryLanguage: 'es' }) });
    expect(none.json().error).toEqual({ code: 'invalid_image', message: 'No image was uploaded.' });
    const noLanguage = await app.inject({ method: 'POST', url: '/api/scan/upload', ...multipart({ primaryLanguage: 'en' }, { name: 'a.png', type: 'image/png', bytes: label }) });
    expect(noLanguage.json().error).toEqual({ code: 'language_required', message: 'secondaryLanguage: Language is required' });
    const json = await scan({ imageBase64: 'abc' }, 'ana', '/api/scan/upload');
    expect([json.statusCode, json.json().error.code]).toEqual([400, 'invalid_image']);
  });
});
