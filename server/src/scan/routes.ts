import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FIELD_ERRORS,
  isSafeText,
  SCAN_API,
  SCAN_LIMITS,
  SCAN_UPLOAD_FIELDS,
  resolveLanguage,
  scanImageBody,
  scanResponse,
  type LanguageCode,
} from '@parley/common';
import { currentUser, type RequireUser } from '../auth/requireUser.ts';
import { AppError } from '../http/errors.ts';
import { decodeBase64Image, tooManyBytes } from './image.ts';
import { createScanLimiter, type ScanLimiter } from './rateLimit.ts';
import type { ScanService } from './service.ts';
import type { TranslationBudget } from '../http/translationBudget.ts';

export interface ScanRouteDeps {
  service: ScanService;
  requireUser: RequireUser;
  /** Per-user budget; default 20 scans a minute. */
  limiter?: ScanLimiter;
  /** The users' translation budget: checked before OCR runs; the translation of what was read counts. */
  budget?: TranslationBudget | undefined;
}

/** Base64 of the largest accepted image plus room for the other fields (the app-wide JSON limit is 12 MB). */
const JSON_BODY_LIMIT = Math.ceil(SCAN_LIMITS.maxBytes / 3) * 4 + 256 * 1024;

/**
 * POST /api/scan (and /functions/v1/smart-image-translate): JSON {imageBase64, primaryLanguage, secondaryLanguage}.
 * POST /api/scan/upload: multipart, field `file` plus the two language fields.
 * Session and rate limit are checked on request, before the body is read.
 */
export async function scanRoutes(app: FastifyInstance, deps: ScanRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limiter = deps.limiter ?? createScanLimiter();
  const onRequest = [deps.requireUser, async (request: FastifyRequest) => {
    await limiter.consume(currentUser(request).id);
    await deps.budget?.check(currentUser(request).id);
  }];
  const spendFor = (request: FastifyRequest) => {
    const { budget } = deps;
    const me = currentUser(request).id;
    return budget ? (chars: number) => budget.charge(me, chars) : undefined;
  };
  const schema = { body: scanImageBody, response: { 200: scanResponse } };
  // A JSON body over the route's limit is an image over the cap: say so (the parent handler does the rest).
  app.setErrorHandler((err: { code?: string }) => {
    throw err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? tooManyBytes() : err;
  });

  for (const url of [SCAN_API.scan, SCAN_API.functionsSmartImageTranslate]) {
    r.post(url, { onRequest, schema, bodyLimit: JSON_BODY_LIMIT }, async (request, reply) => {
      const { primaryLanguage, secondaryLanguage } = languagesOf(request.body);
      const image = decodeBase64Image(request.body.imageBase64);
      return deps.service.smartImageTranslate({ image, primaryLanguage, secondaryLanguage, signal: abortOnClose(reply), spend: spendFor(request) });
    });
  }

  r.post(SCAN_API.upload, { onRequest, schema: { response: { 200: scanResponse } } }, async (request, reply) => {
    if (!request.isMultipart()) {
      throw new AppError(400, 'invalid_image', `Send the image as multipart/form-data field "${SCAN_UPLOAD_FIELDS.file}".`);
    }
    const fields: Record<string, string> = {};
    let image: Buffer | undefined;
    for await (const part of request.parts({ limits: { fileSize: SCAN_LIMITS.maxBytes, files: 1, fields: 5 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      } else if (part.fieldname === SCAN_UPLOAD_FIELDS.file) {
        image = await part.toBuffer().catch((err: { code?: string }) => {
          throw err.code === 'FST_REQ_FILE_TOO_LARGE' ? tooManyBytes() : err;
        });
      } else {
        part.file.resume();
      }
    }
    if (!image) throw new AppError(400, 'invalid_image', 'No image was uploaded.');
    const { primaryLanguage, secondaryLanguage } = languagesOf({
      primaryLanguage: fields[SCAN_UPLOAD_FIELDS.primaryLanguage],
      secondaryLanguage: fields[SCAN_UPLOAD_FIELDS.secondaryLanguage],
    });
    return deps.service.smartImageTranslate({ image, primaryLanguage, secondaryLanguage, signal: abortOnClose(reply), spend: spendFor(request) });
  });
}

function languagesOf(body: { primaryLanguage?: string | undefined; secondaryLanguage?: string | undefined }): {
  primaryLanguage: LanguageCode;
  secondaryLanguage: LanguageCode;
} {
  return { primaryLanguage: language(body.primaryLanguage, 'primaryLanguage'), secondaryLanguage: language(body.secondaryLanguage, 'secondaryLanguage') };
}

function language(value: string | undefined, field: string): LanguageCode {
  const text = value?.trim();
  if (text !== undefined && !isSafeText(text)) throw new AppError(400, 'invalid_text', `${field}: ${FIELD_ERRORS.invalid_text}`);
  if (!text) throw new AppError(400, 'language_required', `${field}: ${FIELD_ERRORS.language_required}`);
  const found = resolveLanguage(text);
  if (!found) throw new AppError(400, 'unknown_language', `Unknown language: ${text.slice(0, 64)}`);
  return found.code;
}

/** Stops the OCR of a request whose client went away (the response closed before it was sent). */
function abortOnClose(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
