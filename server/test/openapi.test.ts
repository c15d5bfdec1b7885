import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import type { RouteOptions } from 'fastify';
import createClient from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import type { paths } from '@parley/common/openapi';
import type { ChatTranslator } from '../src/chat/types.ts';
import { OPENAPI_DOCUMENT_ENV, OPENAPI_TYPES_FILE, openapiTypes } from '../src/http/openapiTypes.ts';
import { uniqueUser, useTestServer } from './helpers.ts';
import { until } from './support/poll.ts';

/** A translator that marks the text with its target language: the reader's version is recognisable. */
const translator: ChatTranslator = {
  async translate(input) {
    return { text: `[${input.target}] ${input.text}`, ok: true, detectedLanguage: input.sourceHint ?? 'en' };
  },
};

// Every route the app adds, as Fastify announces it (before the document's own hook sees it).
const routes: RouteOptions[] = [];
const s = useTestServer({ env: OPENAPI_DOCUMENT_ENV, listen: true, chatTranslator: translator, onRoute: (route) => void routes.push(route) });

interface Operation {
  operationId: string;
  security: Record<string, string[]>[];
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: object }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object>; responses: Record<string, { content: Record<string, { schema: object }> }>; securitySchemes: Record<string, object> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];
async function fetchDocument(): Promise<Document> {
  const res = await fetch(`${s.base}/api/openapi.json`);
  expect(res.status).toBe(200);
  return (await res.json()) as Document;
}
const operations = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).filter(([m]) => METHODS.includes(m)).map(([method, op]) => ({ path, method, op })));
/** An answer as written in the route or shared in components.responses. */
const answer = (doc: Document, op: Operation, status: number) => {
  const found = op.responses[String(status)];
  return found?.$ref ? doc.components.responses[found.$ref.split('/').at(-1)!] : found;
};
/** The codes an error answer lists, read from its body schema. */
function codesOf(doc: Document, op: Operation, status: number): string[] {
  const ref = (answer(doc, op, status)?.content?.['application/json']?.schema as { $ref?: string } | undefined)?.$ref;
  const body = ref ? doc.components.schemas[ref.split('/').at(-1)!] as { properties: { error: { properties: { code: { enum: string[] } } } } } : undefined;
  return body?.properties.error.properties.code.enum ?? [];
}
/** A JSON Schema validator for one answer of the document (its $refs point into the document's components). */
function answerValidator(doc: Document, path: string, method: string, status: number) {
  const schema = answer(doc, doc.paths[path]![method]!, status)?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`no schema for ${method} ${path} ${status}`);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const validate = ajv.compile({ ...schema, components: doc.components });
  return (value: unknown) => {
    if (!validate(value)) throw new Error(`${method.toUpperCase()} ${path} ${status} is not as documented: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(value)}`);
  };
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document that a standard validator accepts, with one operationId per operation', async () => {
    const doc = await fetchDocument();
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    const ids = operations(doc).map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['bearerAuth', 'cookieAuth']);
  });

  it('describes every API route the app has, and none it has not', async () => {
    const doc = await fetchDocument();
    const api = (url: string) => (url.startsWith('/api/') || url.startsWith('/functions/')) && !url.startsWith('/api/docs');
    const registered = new Set<string>();
    for (const route of routes) {
      if (!api(route.url)) continue;
      for (const method of [route.method].flat()) registered.add(`${method.toLowerCase()} ${route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
    }
    // HEAD is Fastify's copy of each GET (exposeHeadRoutes): the GET describes it.
    for (const key of registered) if (key.startsWith('head ') && registered.has(key.replace(/^head /, 'get '))) registered.delete(key);
    const documented = new Set(operations(doc).map(({ path, method }) => `${method} ${path}`));
    expect([...registered].filter((key) => !documented.has(key))).toEqual([]);
    expect([...documented].filter((key) => !registered.has(key))).toEqual([]);
    // Routes that only exist with optional configuration are in: single sign-on.
    expect(documented).toContain('post /api/auth/oidc/start');
    expect(registered.size).toBeGreaterThan(80);
  });

  it("marks each route's auth as the route behaves: without a session, a secured route answers 401, a public one does not", async () => {
    const doc = await fetchDocument();
    const wrong: string[] = [];
    let secured = 0;
    for (const { path, method, op } of operations(doc)) {
      const needsSession = op.security.length > 0;
      if (needsSession) {
        secured += 1;
        expect(op.security).toEqual([{ cookieAuth: [] }, { bearerAuth: [] }]);
        expect(codesOf(doc, op, 401)).toContain('unauthenticated');
      }
      const url = path.replace(/\{[^}]+\}/g, (name) => (/message|entry/i.test(name) ? '1' : '00000000-0000-4000-8000-000000000000'));
      const res = await s.app.inject({ method: method.toUpperCase() as 'GET', url, ...(method === 'get' || method === 'delete' ? {} : { payload: {} }) });
      if ((res.statusCode === 401) !== needsSession) wrong.push(`${method.toUpperCase()} ${path}: documented ${needsSession ? 'secured' : 'public'}, answered ${res.statusCode}`);
      if (res.statusCode === 401) expect(res.json()).toMatchObject({ error: { code: 'unauthenticated' } });
    }
    expect(wrong).toEqual([]);
    expect(secured).toBeGreaterThan(60);
    // Operators' routes say so, and list the 403 a person gets.
    const users = doc.paths['/api/admin/users']!.get!;
    expect(codesOf(doc, users, 403)).toContain('admin_required');
  });

  it("shows examples of the main requests, each valid for its route's schema", async () => {
    const doc = await fetchDocument();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    let examples = 0;
    for (const { path, method, op } of operations(doc)) {
      const media = (op as { requestBody?: { content: Record<string, { schema: object; example?: unknown }> } }).requestBody?.content['application/json'];
      if (media?.example !== undefined) {
        const example = media.example;
        examples += 1;
        const validate = ajv.compile({ ...media.schema, components: doc.components });
        expect([`${method} ${path}`, validate(example), ajv.errorsText(validate.errors)]).toEqual([`${method} ${path}`, true, 'No errors']);
      }
    }
    expect(examples).toBeGreaterThanOrEqual(5);
  });

  it('lists the error codes the route can answer, found in the very zod checks that validate it', async () => {
    const doc = await fetchDocument();
    const signUp = doc.paths['/api/auth/signup']!.post!;
    const bad = await s.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: 'a', email: 'x@example.com', password: 'correct horse battery' } });
    expect(bad.statusCode).toBe(400);
    expect(codesOf(doc, signUp, 400)).toContain(bad.json().error.code);
    expect(codesOf(doc, signUp, 400)).toEqual(expect.arrayContaining(['username_too_short', 'username_invalid', 'email_invalid', 'invalid_text', 'weak_password']));
    expect(codesOf(doc, signUp, 409)).toEqual(['email_taken', 'username_taken']);
    // A malformed id in the path is a 404 (params.ts), and the document says so.
    const send = doc.paths['/api/chats/{roomId}/messages']!.post!;
    expect(codesOf(doc, send, 404)).toEqual(['not_found']);
    expect(codesOf(doc, send, 400)).toEqual(expect.arrayContaining(['message_empty', 'message_too_long', 'invalid_id']));
    expect(codesOf(doc, send, 403)).toEqual(expect.arrayContaining(['cannot_message', 'forbidden_origin']));
    expect(codesOf(doc, send, 429)).toEqual(['rate_limited', 'translation_budget']);
  });
});

describe('the generated client (openapi-typescript + openapi-fetch)', () => {
  it('is committed as the document gives it (run `npm run openapi` after changing a route)', async () => {
    const doc = await fetchDocument();
    expect(readFileSync(OPENAPI_TYPES_FILE, 'utf8'), 'common/src/api/openapi.d.ts is stale: run npm run openapi').toBe(await openapiTypes(doc));
  });

  it('drives a conversation: sign up, sign in, start a chat, send, read it in the other language', async () => {
    const doc = await fetchDocument();
    // A script, not a browser: it names its origin (the same-origin check refuses a cookie without one).
    const client = createClient<paths>({ baseUrl: s.base, headers: { origin: s.base } });
    const person = async (language: 'en' | 'es') => {
      const who = uniqueUser(language);
      const up = await client.POST('/api/auth/signup', { body: who });
      expect(up.response.status).toBe(201);
      answerValidator(doc, '/api/auth/signup', 'post', 201)(up.data);
      const signedIn = await client.POST('/api/auth/signin', { body: { email: who.email, password: who.password } });
      expect(signedIn.response.status).toBe(200);
      answerValidator(doc, '/api/auth/signin', 'post', 200)(signedIn.data);
      const cookie = signedIn.response.headers.get('set-cookie')!.split(';')[0]!;
      const headers = { cookie };
      const profile = await client.PATCH('/api/profile', { headers, body: { language } });
      expect(profile.data?.language).toBe(language);
      answerValidator(doc, '/api/profile', 'patch', 200)(profile.data);
      const session = await client.GET('/api/auth/session', { headers });
      answerValidator(doc, '/api/auth/session', 'get', 200)(session.data);
      return { id: session.data!.user.id, headers };
    };
    const ana = await person('en');
    const bruno = await person('es');

    const chat = await client.POST('/api/chats', { headers: ana.headers, body: { userId: bruno.id } });
    expect(chat.response.status).toBe(201);
    answerValidator(doc, '/api/chats', 'post', 201)(chat.data);
    const roomId = chat.data!.room.id;

    const sent = await client.POST('/api/chats/{roomId}/messages', {
      headers: ana.headers, params: { path: { roomId } }, body: { content: 'Good morning', clientId: 'openapi-client-1' },
    });
    expect(sent.response.status).toBe(201);
    answerValidator(doc, '/api/chats/{roomId}/messages', 'post', 201)(sent.data);
    expect(sent.data!.message.content).toBe('Good morning');

    // Bruno reads it in Spanish once its translation job has run.
    const read = () => client.GET('/api/chats/{roomId}/messages', { headers: bruno.headers, params: { path: { roomId } } });
    const seen = await until('the message translated for bruno', async () => {
      const { data } = await read();
      return data?.messages.find((m) => m.translation_status === 'done');
    });
    expect(seen.translated_content).toBe('[es] Good morning');
    expect(seen.target_language).toBe('es');
    answerValidator(doc, '/api/chats/{roomId}/messages', 'get', 200)((await read()).data);

    // An error comes back typed as the document says.
    const refused = await client.GET('/api/chats/{roomId}/messages', { params: { path: { roomId } } });
    expect(refused.response.status).toBe(401);
    expect(refused.error?.error.code).toBe('unauthenticated');
  });
});

describe('/api/docs', () => {
  it('renders the document with the Swagger UI this server serves itself, under the app\'s own CSP', async () => {
    const page = await fetch(`${s.base}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(4);
    // No CDN: every asset is a path on this server.
    expect(assets.filter((url) => !url.startsWith('/api/docs/'))).toEqual([]);
    expect(html).not.toMatch(/https?:\/\//);
    for (const url of assets) {
      const asset = await fetch(`${s.base}${url}`);
      await asset.arrayBuffer(); // read to the end: an unread body keeps its connection busy
      expect([url, asset.status]).toEqual([url, 200]);
    }
    const init = await (await fetch(`${s.base}/api/docs/static/swagger-initializer.js`)).text();
    expect(init).toContain("resolveUrl('./json')");
    const json = await fetch(`${s.base}/api/docs/json`);
    expect(json.status).toBe(200);
    expect(await json.json()).toMatchObject({ openapi: '3.1.0' });
    // The page runs under the CSP every answer has: nothing loosened for it (scripts and styles from 'self').
    const csp = page.headers.get('content-security-policy');
    const health = await fetch(`${s.base}/api/health`);
    await health.arrayBuffer();
    expect(csp).toBe(health.headers.get('content-security-policy'));
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("'unsafe-eval'");
  });
});
