import type {} from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CHAT_API, MEDIA_LIMITS, MEDIA_UPLOAD_FIELDS, mediaParams, roomParams, sendMessageBody } from '@parley/common';
import { currentUser, type RequireUser } from '../auth/requireUser.ts';
import type { Db } from '../db/connect.ts';
import { AppError } from '../http/errors.ts';
import { createRateLimit } from '../http/rateLimit.ts';
import type { TranslationBudget } from '../http/translationBudget.ts';
import type { MediaService } from './service.ts';
import { byteRange } from './range.ts';
import { readMedia } from './store.ts';
import { contentDisposition, INERT_FILE_HEADERS } from '../http/contentDisposition.ts';

/** Photos and recordings stay in the browser's HTTP cache this long (private: never a shared cache); sign-out clears it. */
export const MEDIA_MAX_AGE_SECONDS = 300;

export interface MediaRouteDeps {
  db: Db;
  requireUser: RequireUser;
  media: MediaService;
  /** Photos and voice messages a user may send per minute (OCR and recognition are costly). */
  perMinute?: number;
  /** The users' translation budget: checked before OCR or recognition runs (the send counts the translation). */
  budget?: TranslationBudget | undefined;
  onMessageStored?: () => void;
}

const UPLOADS = {
  photo: {
    maxBytes: MEDIA_LIMITS.photoMaxBytes,
    refused: (message: string) => new AppError(400, 'invalid_image', message),
    tooLarge: () => new AppError(413, 'image_too_large', `The image is larger than ${MEDIA_LIMITS.photoMaxBytes / (1024 * 1024)} MB. Please choose a smaller photo.`),
  },
  voice: {
    maxBytes: MEDIA_LIMITS.voiceMaxBytes,
    refused: (message: string) => new AppError(400, 'invalid_audio', message),
    tooLarge: () => new AppError(413, 'audio_too_large', `Voice recordings can be at most ${MEDIA_LIMITS.voiceMaxBytes / (1024 * 1024)} MB.`),
  },
} as const;

/**
 * POST /api/chats/:roomId/photos and /voice (multipart: file, clientId): membership is checked
 * before the upload is read, so a non-member gets the room's 404 and nothing is processed.
 * GET /api/chats/:roomId/media/:mediaId: the bytes, for the room's participants only.
 */
export async function mediaRoutes(app: FastifyInstance, deps: MediaRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = createRateLimit({
    name: 'media', points: deps.perMinute ?? 20, durationSec: 60,
    tooMany: (s) => `You are sending photos and voice messages too fast. Try again in ${s} seconds.`,
  });
  app.addHook('onRequest', deps.requireUser);

  for (const kind of ['photo', 'voice'] as const) {
    const url = kind === 'photo' ? CHAT_API.photos(':roomId') : CHAT_API.voice(':roomId');
    r.post(url, { schema: { params: roomParams } }, async (request, reply) => {
      const me = currentUser(request).id;
      const { roomId } = request.params;
      await limit.consume(me);
      await deps.budget?.check(me);
      await deps.media.checkSender(roomId, me);
      const { bytes, clientId } = await readUpload(request, kind);
      const input = { senderId: me, roomId, clientId, bytes, signal: abortOnClose(reply) };
      const { message, created } = kind === 'photo' ? await deps.media.sendPhoto(input) : await deps.media.sendVoice(input);
      if (created) deps.onMessageStored?.();
      return reply.status(created ? 201 : 200).send({ message });
    });
  }

  r.get(CHAT_API.media(':roomId', ':mediaId'), { schema: { params: mediaParams } }, async (request, reply) => {
    const file = await readMedia(deps.db, { ...request.params, userId: currentUser(request).id });
    // A file never changes under its id; private: shared caches must not keep a member-only file.
    reply
      .header('content-type', file.contentType)
      .header('cache-control', `private, max-age=${MEDIA_MAX_AGE_SECONDS}`)
      .header('x-content-type-options', 'nosniff')
      .header('last-modified', new Date(file.createdAt).toUTCString())
      .header('accept-ranges', 'bytes');
    // A file (documents, issue 36) is only ever a download: never rendered by the browser, whatever it holds.
    if (file.kind === 'file') {
      reply.header('content-disposition', contentDisposition(file.fileName ?? 'file')).headers(INERT_FILE_HEADERS);
    }
    const range = byteRange(request.headers.range, file.bytes.length);
    if (range === 'unsatisfiable') return reply.status(416).header('content-range', `bytes */${file.bytes.length}`).send();
    if (!range) return reply.send(file.bytes);
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.bytes.length}`)
      .send(file.bytes.subarray(range.start, range.end + 1));
  });
}

async function readUpload(request: FastifyRequest, kind: 'photo' | 'voice'): Promise<{ bytes: Buffer; clientId: string }> {
  const rules = UPLOADS[kind];
  if (!request.isMultipart()) throw rules.refused(`Send the file as multipart/form-data field "${MEDIA_UPLOAD_FIELDS.file}".`);
  let bytes: Buffer | undefined;
  let clientId: string | undefined;
  for await (const part of request.parts({ limits: { fileSize: rules.maxBytes, files: 1, fields: 4 } })) {
    if (part.type === 'field') {
      if (part.fieldname === MEDIA_UPLOAD_FIELDS.clientId && typeof part.value === 'string') clientId = part.value;
    } else if (part.fieldname === MEDIA_UPLOAD_FIELDS.file) {
      bytes = await part.toBuffer().catch((err: { code?: string }) => {
        throw err.code === 'FST_REQ_FILE_TOO_LARGE' ? rules.tooLarge() : err;
      });
    } else {
      part.file.resume();
    }
  }
  const id = sendMessageBody.shape.clientId.safeParse(clientId);
  if (!id.success) throw new AppError(400, 'invalid_id', `clientId: ${id.error.issues[0]?.message ?? 'Not a valid id'}`);
  if (!bytes || bytes.length === 0) throw rules.refused('No file was uploaded.');
  return { bytes, clientId: id.data };
}

/** Stops OCR or recognition when the client went away before the answer. */
function abortOnClose(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
