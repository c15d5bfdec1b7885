import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { describeOperation, isDescribed, TAG_LIST } from './openapiOperations.ts';
import { accessOf, type RouteAccess } from './routeAccess.ts';

const SERVER_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** Where the document and its viewer are served. */
export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PREFIX = '/api/docs';

export interface OpenApiOptions {
  /** The session cookie's name (it depends on SECURE_COOKIES). */
  cookieName: string;
  publicUrl?: string | undefined;
  /** The built web app: its favicon is the viewer's logo. */
  webDistDir?: string | undefined;
}

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of every /api (and /functions/v1) route, made by @fastify/swagger
 * from the zod schemas the routes validate with (fastify-type-provider-zod's transform), and /api/docs: Swagger UI
 * served from this server's own copy of swagger-ui-dist. Registered before any route (swagger collects routes as
 * they are added); each route is described by openapiOperations.ts: its auth from its hooks (routeAccess.ts), its
 * error answers from its schemas' checks, and what openapiNotes.ts adds for the main routes.
 */
export async function installOpenApi(app: FastifyInstance, options: OpenApiOptions): Promise<void> {
  // The instance each route was added on: its plugin-wide hooks (app.addHook('onRequest', requireUser)) tell its auth.
  const instanceOf = new WeakMap<RouteOptions, FastifyInstance>();
  app.addHook('onRoute', function (this: FastifyInstance, route) {
    instanceOf.set(route, this);
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Parley API',
        version: SERVER_VERSION,
        description: [
          'The HTTP API of this Parley server: every route the web app uses. Answers are JSON; an error is always',
          '`{"error": {"code", "message"}}` with a stable `code` (the message is English and may change).',
          'Sign in with `POST /api/auth/signin` (a session cookie) or send a personal access token as',
          '`Authorization: Bearer <token>`. Real-time events come over the WebSocket at `/api/realtime`.',
        ].join(' '),
      },
      ...(options.publicUrl ? { servers: [{ url: options.publicUrl }] } : {}),
      tags: TAG_LIST,
      components: {
        securitySchemes: {
          cookieAuth: { type: 'apiKey', in: 'cookie', name: options.cookieName, description: 'The session cookie set by POST /api/auth/signin.' },
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'A personal access token (Profile -> API tokens).' },
        },
      },
    },
    transform: (document) => {
      const route = document.route as RouteOptions;
      const method = (Array.isArray(route.method) ? route.method[0] : route.method) as string;
      if (!isDescribed(document.url)) return { schema: { hide: true }, url: document.url };
      const instance = instanceOf.get(route);
      const schema = describeOperation({ schema: (route.schema ?? {}) as Record<string, unknown>, url: document.url, method, access: routeAccess(route, instance) });
      return jsonSchemaTransform({ ...document, schema });
    },
    // The zod registry holds every named schema (and an input copy of each): the document keeps those it uses.
    transformObject: (document) => keepUsedSchemas(shareErrorAnswers(jsonSchemaTransformObject(document) as OpenApiDocument)),
  });

  app.get(OPENAPI_PATH, { schema: { summary: 'This document (OpenAPI 3.1)' } }, async () => app.swagger());
  const logoFile = options.webDistDir ? path.join(options.webDistDir, 'favicon.svg') : undefined;
  const logo = logoFile && existsSync(logoFile) ? readFileSync(logoFile) : undefined;
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    // No call to validator.swagger.io: the page talks to this server only.
    validatorUrl: false,
    // Tags start collapsed: drawing every operation at once stalled Swagger UI part-way (with single sign-on on).
    uiConfig: { deepLinking: true, docExpansion: 'none', tryItOutEnabled: false },
    theme: { title: 'Parley API' },
    ...(logo ? { logo: { type: 'image/svg+xml', content: logo } } : {}),
  });
}

const LIFECYCLE = ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const;

/** The strongest mark among the route's hooks and those of the plugin it was added in (an operator's > a session). */
function routeAccess(route: RouteOptions, instance: FastifyInstance | undefined): RouteAccess | undefined {
  const plugin = instance ? hooksOf(instance) : undefined;
  const hooks = LIFECYCLE.flatMap((name) => [...(plugin?.[name] ?? []), ...[route[name] ?? []].flat()]);
  const marks = hooks.map(accessOf);
  return marks.includes('admin') ? 'admin' : marks.includes('session') ? 'session' : undefined;
}

/**
 * The hooks added with addHook on an instance (and inherited from its parents). Fastify keeps them under a symbol of
 * its own and offers no reader; if a Fastify upgrade moves them this throws, and server/test/openapi.test.ts fails.
 */
function hooksOf(instance: FastifyInstance): Partial<Record<(typeof LIFECYCLE)[number], unknown[]>> {
  for (let o: object | null = instance; o; o = Object.getPrototypeOf(o) as object | null) {
    const key = Object.getOwnPropertySymbols(o).find((s) => s.description === 'fastify.hooks');
    if (key) return (instance as unknown as Record<symbol, Partial<Record<string, unknown[]>>>)[key] as Partial<Record<(typeof LIFECYCLE)[number], unknown[]>>;
  }
  throw new Error('OpenAPI: cannot read the hooks of a Fastify instance (has Fastify changed?)');
}

type OpenApiDocument = {
  paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
  components?: { schemas?: Record<string, unknown>; responses?: Record<string, unknown> };
} & Record<string, unknown>;

/** Error answers are the same on many routes: each is written once in components.responses and referred to. */
function shareErrorAnswers(document: OpenApiDocument): OpenApiDocument {
  const shared: Record<string, unknown> = {};
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        const ref = /"#\/components\/schemas\/Error_([^"]+)"/.exec(JSON.stringify(answer))?.[1];
        if (!ref || Number(status) < 400) continue;
        const name = `Error${status}_${ref}`;
        shared[name] = answer;
        operation.responses![status] = { $ref: `#/components/responses/${name}` };
      }
    }
  }
  return { ...document, components: { ...document.components, responses: { ...document.components?.responses, ...shared } } };
}

function keepUsedSchemas(document: OpenApiDocument): OpenApiDocument {
  const schemas = document.components?.schemas ?? {};
  const refs = (value: unknown) => [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => decodeURIComponent(m[1]!));
  const used = new Set<string>();
  const queue = refs({ ...document, components: { ...document.components, schemas: {} } });
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    if (used.has(name)) continue;
    used.add(name);
    queue.push(...refs(schemas[name]));
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...document.components, schemas: kept } };
}
