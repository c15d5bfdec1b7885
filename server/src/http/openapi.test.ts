import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkError, fieldError, roomParams, safeText } from '@parley/common';
import { installErrorHandler } from './errors.ts';
import { installOpenApi, OPENAPI_PATH } from './openapi.ts';
import { checkCodes } from './openapiCodes.ts';
import { operationIdOf, tagOf } from './openapiOperations.ts';
import { markAccess } from './routeAccess.ts';

type Doc = { paths: Record<string, Record<string, { security: unknown[]; tags: string[]; responses: Record<string, { $ref?: string }> }>> };

/** A plugin as another feature would write one: its own zod schemas, a session for the whole plugin. */
async function webhookRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const requireUser = markAccess(async (request: FastifyRequest) => void request, 'session');
  app.addHook('onRequest', requireUser);
  r.post('/api/chats/:roomId/incoming-webhooks', { schema: { params: roomParams, body: z.object({ name: safeText().max(80, fieldError('group_name_invalid')) }) } }, async () => ({ id: 'x' }));
}

async function publicHook(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post('/api/hooks/:id/:secret', { schema: { params: z.object({ id: z.string(), secret: z.string() }), body: z.object({ text: safeText() }) } }, async () => ({}));
}

async function build(): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  await installOpenApi(app, { cookieName: 'parley_session' });
  await app.register(webhookRoutes);
  await app.register(publicHook);
  await app.ready();
  return app;
}

describe('the OpenAPI document of routes added by any plugin', () => {
  it('describes a new route from its zod schemas alone: request, auth from a plugin-wide hook, error codes', async () => {
    const app = await build();
    const doc = (await app.inject({ method: 'GET', url: OPENAPI_PATH })).json<Doc>();
    const create = doc.paths['/api/chats/{roomId}/incoming-webhooks']!.post!;
    expect(create.security).toEqual([{ cookieAuth: [] }, { bearerAuth: [] }]);
    expect(create.tags).toEqual(['Integrations']);
    expect(Object.keys(create.responses)).toEqual(['200', '400', '401', '403', '404', '413', '415', '500', '503']);
    expect(create.responses['404']!.$ref).toBe('#/components/responses/Error404_not_found');
    const hook = doc.paths['/api/hooks/{id}/{secret}']!.post!;
    expect(hook.security).toEqual([]);
    expect(hook.responses['401']).toBeUndefined();
    expect(hook.tags).toEqual(['Integrations']);
    // The viewer's own routes are not API.
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/docs'))).toEqual([]);
    await app.close();
  });
});

describe('checkCodes', () => {
  it('finds the code of every check, nested in objects, arrays, unions, optionals, pipes and records', () => {
    const schema = z.object({
      a: safeText().max(5, fieldError('message_too_long')),
      b: z.array(z.string().regex(/x/, fieldError('invalid_id'))).optional(),
      c: z.union([z.string().min(1, fieldError('text_required')), z.number()]),
      d: z.string().trim().pipe(z.email(fieldError('email_invalid'))),
      e: z.record(z.string(), z.string().refine(() => true, checkError('not_found', 'gone'))),
      f: z.string().max(3, 'a check without a code'),
    });
    expect([...checkCodes(schema)].sort()).toEqual(['email_invalid', 'invalid_id', 'invalid_text', 'message_too_long', 'not_found', 'text_required']);
  });
});

describe('names', () => {
  it('gives each operation an id from its method and path, and a tag by feature', () => {
    expect(operationIdOf('POST', '/api/chats/:roomId/messages')).toBe('postChatsByRoomIdMessages');
    expect(operationIdOf('GET', '/functions/v1/translate-text')).toBe('getFunctionsV1TranslateText');
    expect(tagOf('/api/account/tokens/:id')).toBe('Integrations');
    expect(tagOf('/api/chats/:roomId/outgoing-webhooks')).toBe('Integrations');
    expect(tagOf('/api/chats/:roomId/messages')).toBe('Chats');
    expect(tagOf('/functions/v1/smart-translate')).toBe('Translation');
    expect(tagOf('/api/bots/:id/tokens')).toBe('Integrations');
  });
});
