import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ErrorCode } from '@parley/common';
import { isConnectionLoss } from '../db/availability.ts';

/** An error meant for the client: stable code, HTTP status, user-facing message. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);

export function errorBody(code: string, message: string, details?: unknown): ApiErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).headers(err.headers).send(errorBody(err.code, err.message));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const message = first ? `${field ? `${field}: ` : ''}${first.message}` : 'Invalid request';
      return reply.status(400).send(errorBody('validation_failed', message, err.validation));
    }
    if (isConnectionLoss(err)) {
      request.log.warn({ err: (err as Error).message, url: request.url }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '1')
        .send(errorBody('database_unavailable', 'The database is unavailable. Please try again in a moment.'));
    }
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send(errorBody('payload_too_large', 'The request is too large'));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody('validation_failed', err.message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody('internal', 'Something went wrong. Please try again.'));
  });
}
