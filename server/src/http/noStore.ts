import type { FastifyInstance } from 'fastify';

/**
 * API answers are personal (the session, the profile, chats, messages) and must not be kept by
 * the browser's or a proxy's cache: `Cache-Control: no-store` on every /api and /functions
 * answer that did not choose its own caching.
 */
export function installNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.url;
    if ((url.startsWith('/api/') || url.startsWith('/functions/')) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
