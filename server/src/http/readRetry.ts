import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { retryOnConnectionLoss } from '../db/availability.ts';

/**
 * API reads (GET) are safe to repeat, so one that lost its database connection mid-way runs
 * again (a few times, with back-off) before the client sees a 503. Register before the routes.
 */
export function installReadRetry(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const isRead = methods.every((m) => m === 'GET' || m === 'HEAD');
    const isApi = route.url.startsWith('/api/') || route.url.startsWith('/functions/');
    if (!isRead || !isApi) return;
    const handler = route.handler;
    route.handler = function (request, reply) {
      return retryOnConnectionLoss(async () => handler.call(this, request, reply));
    } as RouteHandlerMethod;
  });
}
