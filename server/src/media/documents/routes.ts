import type {} from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CHAT_API, limitInMb, MEDIA_UPLOAD_FIELDS, mediaParams, roomParams, sendMessageBody, type FileLimits } from '@parley/common';
import { currentUser, type RequireUser } from '../../auth/requireUser.ts';
import { AppError } from '../../http/errors.ts';
import { createRateLimit } from '../../http/rateLimit.ts';
import type { TranslationBudget } from '../../http/translationBudget.ts';
import type { DocumentService } from './service.ts';

export interface DocumentRouteDeps {
  requireUser: RequireUser;
  documents: DocumentService;
  /** FILE_MAX_MB in bytes. */
  maxBytes: number;
  /** Files a user may send per minute. */
  perMinute?: number;
  /** Checked before a file is taken: its text's translation counts for the sender. */
  budget?: TranslationBudget | undefined;
  onMessageStored?: () => void;
}

/**
 * POST /api/chats/:roomId/files (multipart: clientId, file): membership before the upload is read (the room's 404),
 * at most FILE_MAX_MB (413 file_too_large). GET /api/chats/:roomId/files/:mediaId/text: the reader's text.
 * GET /api/files/limits: FILE_MAX_MB in bytes, for the web's check before an upload.
 * The bytes are served by media's GET .../media/:id, always as a download (media/routes.ts).
 */
export async function documentRoutes(app: FastifyInstance, deps: DocumentRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = createRateLimit({
    name: 'files', points: deps.perMinute ?? 20, durationSec: 60,
    tooMany: (s) => `You are sending files too fast. Try again in ${s} seconds.`,
  });
  app.addHook('onRequest', deps.requireUser);

  r.post(CHAT_API.files(':roomId'), { schema: { params: roomParams } }, async (request, reply) => {
    const me = currentUser(request).id;
    const { roomId } = request.params;
    await limit.consume(me);
    await deps.budget?.check(me);
    await deps.documents.checkSender(roomId, me);
    const upload = await readFile(request, deps.maxBytes);
    const { message, created } = await deps.documents.sendFile({ senderId: me, roomId, ...upload });
    if (created) deps.onMessageStored?.();
    return reply.status(created ? 201 : 200).send({ message });
  });

  // The limit the web checks before an upload (the 413 above stays: the web's check is a courtesy, not the rule).
  r.get(CHAT_API.fileLimits, async (): Promise<FileLimits> => ({ maxBytes: deps.maxBytes }));

  r.get(CHAT_API.fileText(':roomId', ':mediaId'), { schema: { params: mediaParams } }, async (request, reply) => {
    const text = await deps.documents.readText({ ...request.params, userId: currentUser(request).id });
    return reply.header('cache-control', 'no-store').send(text);
  });
}

async function readFile(request: FastifyRequest, maxBytes: number): Promise<{ bytes: Buffer; clientId: string; name: string | undefined }> {
  const refused = (message: string) => new AppError(400, 'invalid_file', message);
  if (!request.isMultipart()) throw refused(`Send the file as multipart/form-data field "${MEDIA_UPLOAD_FIELDS.file}".`);
  let bytes: Buffer | undefined;
  let clientId: string | undefined;
  let name: string | undefined;
  for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 4 } })) {
    if (part.type === 'field') {
      if (part.fieldname === MEDIA_UPLOAD_FIELDS.clientId && typeof part.value === 'string') clientId = part.value;
    } else if (part.fieldname === MEDIA_UPLOAD_FIELDS.file) {
      name = part.filename;
      bytes = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code !== 'FST_REQ_FILE_TOO_LARGE') throw err;
        throw new AppError(413, 'file_too_large', `Files can be at most ${limitInMb(maxBytes)} MB.`);
      });
    } else {
      part.file.resume();
    }
  }
  const id = sendMessageBody.shape.clientId.safeParse(clientId);
  if (!id.success) throw new AppError(400, 'invalid_id', `clientId: ${id.error.issues[0]?.message ?? 'Not a valid id'}`);
  if (!bytes || bytes.length === 0) throw refused('No file was uploaded.');
  return { bytes, clientId: id.data, name };
}
