import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isSafeText, issueCode, type ApiErrorBody, type ErrorCode } from '@parley/common';
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
      // The first failed check names the field and carries the code (checkError in the shared schemas).
      const first = specificIssue(err.validation[0]);
      // A malformed id in the path is answered as a missing one would be (common/src/api/params.ts).
      if (first?.code === 'not_found') return reply.status(404).send(errorBody('not_found', first.message));
      const message = first ? `${first.field ? `${first.field}: ` : ''}${first.message}` : 'Invalid request';
      return reply.status(400).send(errorBody(first?.code ?? 'invalid_request', message, err.validation));
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
      return reply.status(status).send(errorBody(frameworkErrorCode(err.code, status), err.message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody('internal', 'Something went wrong. Please try again.'));
  });
}

/** Codes for Fastify's own 4xx errors (body parsing, content type). */
function frameworkErrorCode(code: string | undefined, status: number): ErrorCode {
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'invalid_json';
  if (status === 415 || code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'unsupported_media_type';
  if (status === 404) return 'not_found';
  return 'invalid_request';
}

interface Issue {
  code?: string;
  path?: PropertyKey[];
  message: string;
  params?: unknown;
  errors?: Issue[][];
  issues?: Issue[];
}

/**
 * The field, message and code of a failed check. Unions (text or object) and record keys nest their
 * issues: the first nested one with a specific code wins, else the first one not about the
 * value's type. Path parts that are themselves bad text (a record key) are left out of the name.
 */
function specificIssue(first: { instancePath: string; message?: string; params?: unknown } | undefined) {
  if (!first) return undefined;
  const name = (path: PropertyKey[]) => path.map(String).filter(isSafeText).join('.');
  const base = first.instancePath.replace(/^\//, '').split('/').filter(Boolean);
  // fastify-type-provider-zod passes the rest of the zod issue (its params, nested issues) as `params`.
  const rest = first.params as { params?: unknown; errors?: Issue[][]; issues?: Issue[] } | undefined;
  const nested = [...(rest?.errors ?? []).flat(), ...(rest?.issues ?? [])];
  const issue = nested.find((i) => issueCode(i) !== undefined) ?? nested.find((i) => i.code !== 'invalid_type');
  if (issue) return { field: name([...base, ...(issue.path ?? [])]), message: issue.message, code: issueCode(issue) };
  return { field: name(base), message: first.message ?? 'Invalid request', code: issueCode(rest ?? {}) };
}
