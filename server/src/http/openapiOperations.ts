import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { ErrorCode } from '@parley/common';
import { checkCodes } from './openapiCodes.ts';
import { ROUTE_NOTES, type RouteNote } from './openapiNotes.ts';
import type { RouteAccess } from './routeAccess.ts';

/** The routes the document describes: the API. The viewer (/api/docs) and the web app's pages and files are not. */
export function isDescribed(url: string): boolean {
  if (url === '/api/docs' || url.startsWith('/api/docs/')) return false;
  return url.startsWith('/api/') || url.startsWith('/functions/');
}

/** The tag (a feature, as Mattermost and Zulip group their API) of a path, by its first segment. */
const TAGS: Record<string, string> = {
  auth: 'Auth', account: 'Account', profile: 'Profile', users: 'People', chats: 'Chats', groups: 'Chats',
  messages: 'Chats', translate: 'Translation', 'smart-translate': 'Translation', languages: 'Translation',
  engines: 'Translation', 'ui-strings': 'Translation', functions: 'Translation', scan: 'Scan', speech: 'Speech',
  voice: 'Talk', calls: 'Calls', safety: 'Safety', blocks: 'Safety', reports: 'Safety', push: 'Push', admin: 'Console',
  health: 'Operations', ready: 'Operations', 'openapi.json': 'Operations', invites: 'Invites', bots: 'Integrations', hooks: 'Integrations',
};

/** The tags in the order the viewer lists them, with what each covers. */
export const TAG_LIST = [
  { name: 'Auth', description: 'Sign up, sign in and out, the session, mailed links, single sign-on' },
  { name: 'Account', description: 'Password, signed-in devices, my data, deleting my account' },
  { name: 'Profile', description: 'My profile, language and avatar' },
  { name: 'People', description: 'Finding people' },
  { name: 'Chats', description: 'Conversations, groups, messages (each read in its reader\'s language), reactions, glossary, photos and voice' },
  { name: 'Integrations', description: 'API tokens, bots and webhooks' },
  { name: 'Translation', description: 'Translating text, the languages served, the interface catalogs' },
  { name: 'Scan', description: 'Reading and translating the text of images' },
  { name: 'Speech', description: 'Text read aloud' },
  { name: 'Talk', description: 'The live voice translator' },
  { name: 'Calls', description: 'Translated voice calls' },
  { name: 'Safety', description: 'Blocking and reporting' },
  { name: 'Push', description: 'Web Push notifications' },
  { name: 'Invites', description: 'Inviting people who are not on Parley yet' },
  { name: 'Console', description: "The operators' console (administrators only)" },
  { name: 'Operations', description: 'Health, readiness and this document' },
];

export function tagOf(url: string): string {
  const segment = url.replace(/^\/(api|functions\/v1)\//, (_, root: string) => (root === 'api' ? '' : 'functions/')).split('/')[0] ?? '';
  if (url.startsWith('/api/account/tokens')) return 'Integrations';
  if (/^\/api\/chats\/:[^/]+\/[a-z-]*webhooks/.test(url)) return 'Integrations';
  return TAGS[segment] ?? segment.charAt(0).toUpperCase() + segment.slice(1);
}

/** `POST /api/chats/:roomId/messages` -> `postChatsByRoomIdMessages` (unique per method and path). */
export function operationIdOf(method: string, url: string): string {
  const words = url.replace(/^\/api\//, '/').split(/[/.\-_]+/).filter(Boolean)
    .map((part) => (part.startsWith(':') ? `By${pascal(part.slice(1))}` : pascal(part)));
  return method.toLowerCase() + words.join('');
}
const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * One error body, `{error: {code, message}}`, with the codes a status can carry on a route: one named schema per
 * set of codes (most routes share theirs), so the document and the generated types stay small.
 */
const errorBodies = new Map<string, z.ZodType>();
function errorBody(codes: Iterable<ErrorCode>): z.ZodType {
  const sorted = [...codes].sort();
  const key = sorted.join(' ');
  let body = errorBodies.get(key);
  if (!body) {
    body = z.object({
      error: z.object({
        code: z.enum(sorted as [ErrorCode, ...ErrorCode[]]),
        message: z.string().describe('For people, in English; clients choose what to show by code.'),
        details: z.unknown().optional(),
      }),
    }).meta({ id: sorted.length === 1 ? `Error_${sorted[0]}` : `Error_${createHash('sha256').update(key).digest('hex').slice(0, 8)}` });
    errorBodies.set(key, body);
  }
  return body;
}

const binary = z.string().meta({ format: 'binary' });
const json = (description: string, schema: z.ZodType) => ({ description, content: { 'application/json': { schema } } });

const STATUS_TEXT: Record<number, string> = {
  400: 'The request is not valid', 401: 'No session (sign in) or token', 403: 'Not allowed', 404: 'Not found (or not yours)',
  409: 'Conflict', 410: 'Gone', 413: 'Too large', 415: 'Not JSON', 422: 'Cannot be done', 429: 'Too many requests (see Retry-After)',
  500: 'Server error', 502: 'An engine failed', 503: 'Unavailable for now (see Retry-After)',
};

interface Described {
  schema: Record<string, unknown>;
  url: string;
  method: string;
  access: RouteAccess | undefined;
}

/**
 * The route's schema with what the document says beyond its zod schemas: tag, operationId, security, and every
 * answer: its success (declared by the route or in openapiNotes.ts) and its errors: 401/403 from its auth, 400/404
 * from its schemas' checks (a malformed id is a 404), the same-origin check on writes, the server's 5xx, plus what
 * openapiNotes.ts lists for the route (codes its handler throws).
 */
export function describeOperation({ schema, url, method, access }: Described): Record<string, unknown> {
  const note: RouteNote = ROUTE_NOTES[`${method} ${url}`] ?? {};
  const errors = new Map<number, Set<ErrorCode>>();
  const add = (status: number, code: ErrorCode) => errors.set(status, (errors.get(status) ?? new Set()).add(code));
  if (access) add(401, 'unauthenticated');
  if (access === 'admin') add(403, 'admin_required');
  if (method !== 'GET' && method !== 'HEAD') add(403, 'forbidden_origin');
  for (const part of ['body', 'params', 'querystring'] as const) {
    if (!schema[part]) continue;
    for (const code of checkCodes(schema[part])) add(code === 'not_found' ? 404 : 400, code);
    add(400, 'invalid_request');
  }
  if (schema.body) {
    add(400, 'invalid_json');
    add(415, 'unsupported_media_type');
    add(413, 'payload_too_large');
  }
  if (url.includes('/:')) add(404, 'not_found');
  for (const [status, codes] of Object.entries(note.errors ?? {})) for (const code of codes ?? []) add(Number(status), code);
  add(500, 'internal');
  add(503, 'database_unavailable');

  const declared = (schema.response ?? {}) as Record<string, unknown>;
  const response: Record<string, unknown> = { ...declared };
  if (!Object.keys(declared).some((status) => status.startsWith('2'))) {
    for (const status of [note.status ?? 200].flat()) {
      response[status] = status === 204 || status === 303 ? z.null().describe(status === 204 ? 'Done (no body)' : 'Redirect (Location)')
        : note.produces ? { description: note.responseDescription ?? 'The file', content: Object.fromEntries(note.produces.map((type) => [type, { schema: binary }])) }
          : json(note.responseDescription ?? 'Success', note.response ?? z.unknown());
    }
  }
  for (const [status, codes] of [...errors].sort(([a], [b]) => a - b)) {
    response[status] = json(STATUS_TEXT[status] ?? 'Error', errorBody(codes));
  }
  return {
    ...schema,
    // A multipart upload: the form as the document shows it (the handler reads the parts itself).
    ...(note.multipart ? { body: note.multipart, consumes: ['multipart/form-data'] } : {}),
    // The example goes on a copy made for the document: the route validates with its own schema.
    ...(note.example && schema.body ? { body: (schema.body as z.ZodType).meta({ examples: [note.example] }) } : {}),
    tags: [tagOf(url)],
    operationId: note.operationId ?? operationIdOf(method, url),
    ...(note.summary ? { summary: note.summary } : {}),
    ...(access === 'admin' ? { description: 'Operators only (an administrator\'s session or token).' } : {}),
    // A session cookie or a personal access token; public routes need neither.
    security: access ? [{ cookieAuth: [] }, { bearerAuth: [] }] : [],
    response,
  };
}
