import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../http/errors.ts';
import { TEST_DB, useTestDatabase } from '../../test/helpers.ts';
import { translationRoutes, type TranslationRoutesOptions } from './routes.ts';
import { createTranslationService, type TranslationService } from './service.ts';

// The routes on their own Fastify instance, with a stand-in for the app's requireUser.
async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const id = request.headers['x-user'];
  if (typeof id !== 'string') {
    await reply.code(401).send({ error: { code: 'unauthenticated', message: 'Please sign in' } });
    return;
  }
  (request as { user?: { id: string; email: string } }).user = { id, email: `${id}@example.com` };
}

const database = useTestDatabase();
let service: TranslationService;
let app: FastifyInstance;

async function build(extra: Partial<TranslationRoutesOptions> = {}): Promise<FastifyInstance> {
  const instance = Fastify();
  installErrorHandler(instance);
  await instance.register(translationRoutes, { service, requireUser, ...extra });
  await instance.ready();
  return instance;
}

beforeAll(async () => {
  service = createTranslationService({ db: database().db, config: { engines: ['apertium'], timeoutMs: 15_000, maxChars: 5_000 } });
  app = await build();
});
afterAll(async () => {
  await app.close();
  await service.close();
});

const post = (url: string, payload: unknown, user = 'u1') => app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-user': user } });

describe(`translation API (${TEST_DB})`, () => {
  it('needs a signed-in user', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/translate', payload: { text: 'Hi', targetLanguage: 'es' } });
    expect(res.statusCode).toBe(401);
  });

  it('translates, and the second identical call is a cache hit', async () => {
    const body = { text: 'The dog is big.', targetLanguage: 'es', sourceLanguage: 'en' };
    const first = await post('/api/translate', body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ translatedText: 'El perro es grande.', engine: 'apertium', ok: true, kind: 'translated' });
    expect((await post('/api/translate', body)).json()).toEqual({ translatedText: 'El perro es grande.', engine: 'apertium', ok: true, kind: 'translated', cached: true });
  });

  it('answers the same at /functions/v1/translate-text, with auto-detect, language names and a free-text context', async () => {
    const res = await post('/functions/v1/translate-text', {
      text: 'The cat is black.', targetLanguage: 'Español', sourceLanguage: 'auto-detect', relationshipContext: 'my boss',
    });
    expect(res.json()).toEqual({ translatedText: 'El gato es negro.', detectedLanguage: 'en', engine: 'apertium', ok: true, kind: 'translated' });
  });

  it('returns the original text, ok false and a message for an unsupported pair', async () => {
    const res = await post('/api/translate', { text: 'Good morning', targetLanguage: 'ja', sourceLanguage: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      translatedText: 'Good morning', ok: false, kind: 'not_translated', engine: null, reason: 'unsupported_pair',
      message: 'No translation available for English -> Japanese with the configured engines',
    });
  });

  it('rejects invalid bodies with {error: {code, message}}', async () => {
    const cases: [unknown, number, string, string][] = [
      [{ targetLanguage: 'es' }, 400, 'text_required', 'text: Text is required'],
      [{ text: '', targetLanguage: 'es' }, 400, 'text_required', 'text: Text is required'],
      [{ text: 'Hi' }, 400, 'language_required', 'targetLanguage: Language is required'],
      [{ text: 'Hi', targetLanguage: 'xx' }, 400, 'unknown_language', 'Unknown language: xx'],
      [{ text: 'Hi', targetLanguage: 'es', sourceLanguage: 'klingon' }, 400, 'unknown_language', 'Unknown language: klingon'],
      [{ text: 'a'.repeat(5001), targetLanguage: 'es' }, 413, 'payload_too_large', 'Text must be at most 5000 characters'],
    ];
    for (const [payload, status, code, message] of cases) {
      const res = await post('/api/translate', payload);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ error: { code, message } });
    }
    const smart = await post('/api/smart-translate', { text: 'Hi', primaryLanguage: 'en', secondaryLanguage: 'zz' });
    expect(smart.json()).toEqual({ error: { code: 'unknown_language', message: 'Unknown language: zz' } });
  });

  it('smart-translate picks the direction from the detected language (both paths)', async () => {
    const toSecondary = await post('/api/smart-translate', { text: 'The cat is black.', primaryLanguage: 'en', secondaryLanguage: 'es' });
    expect(toSecondary.json()).toEqual({
      translatedText: 'El gato es negro.', detectedLanguage: 'en', translationDirection: 'en → es', engine: 'apertium', ok: true, kind: 'translated',
    });
    const toPrimary = await post('/functions/v1/smart-translate', { text: 'El perro es grande.', primaryLanguage: 'en', secondaryLanguage: 'es' });
    expect(toPrimary.json()).toMatchObject({ translatedText: 'The dog is big.', detectedLanguage: 'es', translationDirection: 'es → en' });
  });

  it('lists the 20 languages and how every pair is served', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/languages', headers: { 'x-user': 'u1' } });
    const body = res.json() as { languages: { code: string; nativeName: string }[]; engines: string[]; pairs: { source: string; target: string; support: string; via?: string }[] };
    expect(body.languages).toHaveLength(20);
    expect(body.languages.find((l) => l.code === 'es')?.nativeName).toBe('Español');
    expect(body.engines).toEqual(['apertium']);
    expect(body.pairs).toHaveLength(380);
    expect(body.pairs.find((p) => p.source === 'en' && p.target === 'fr')).toMatchObject({ support: 'pivot', via: 'ca' });
    expect(body.pairs.find((p) => p.source === 'en' && p.target === 'ja')).toMatchObject({ support: 'none' });
  });

  it('reports engine health', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/engines', headers: { 'x-user': 'u1' } });
    expect(res.json()).toMatchObject({ engines: [{ id: 'apertium', live: true }] });
  });

  it('translates a batch of interface strings, keeping placeholders and keys', async () => {
    const res = await post('/api/ui-strings', { language: 'es', strings: { 'languageSelector.welcomeTitle': 'Welcome, {name}!', 'header.profile': 'Profile' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ strings: { 'languageSelector.welcomeTitle': '¡Bienvenido, {name}!', 'header.profile': 'Perfil' } });
    const tooMany = Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`k${i}`, 'x']));
    expect((await post('/api/ui-strings', { language: 'es', strings: tooMany })).json()).toMatchObject({ error: { code: 'too_many_strings' } });
    expect((await post('/api/ui-strings', { language: 'es', strings: { k: 'x'.repeat(501) } })).json()).toMatchObject({ error: { code: 'string_too_long' } });
  });

  it("leaves errors it does not own (e.g. requireUser's) to the app's error handler", async () => {
    const root = Fastify();
    root.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) =>
      reply.status(error.statusCode ?? 500).send({ error: { code: 'from_app', message: error.message } }),
    );
    const throwing = async () => {
      throw Object.assign(new Error('Please sign in'), { statusCode: 401 });
    };
    await root.register(translationRoutes, { service, requireUser: throwing });
    const res = await root.inject({ method: 'POST', url: '/api/translate', payload: { text: 'Hi', targetLanguage: 'es' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'from_app', message: 'Please sign in' } });
    await root.close();
  });

  it('limits requests per user with 429 and Retry-After', async () => {
    const limited = await build({ rateLimit: { points: 2, durationSec: 60 } });
    const call = (user: string) => limited.inject({ method: 'POST', url: '/api/translate', payload: { text: 'Hi', targetLanguage: 'en' }, headers: { 'x-user': user } });
    expect((await call('ana')).statusCode).toBe(200);
    expect((await call('ana')).statusCode).toBe(200);
    const third = await call('ana');
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(third.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect((await call('bruno')).statusCode).toBe(200); // per user
    await limited.close();
  });
});
