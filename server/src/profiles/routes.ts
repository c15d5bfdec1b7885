import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, LIMITS, updateProfileBody } from '@parley/common';
import { currentUser, type RequireUser } from '../auth/requireUser.ts';
import type { Db } from '../db/connect.ts';
import { AppError } from '../http/errors.ts';
import type { DbStorage } from '../storage/dbStorage.ts';
import { prepareAvatar } from './avatar.ts';
import { getProfile, updateProfile } from './service.ts';

export interface ProfileRouteDeps {
  db: Db;
  storage: DbStorage;
  requireUser: RequireUser;
  now: () => Date;
  /** A profile changed (its language decides how messages to and from it are translated). */
  onProfileChanged?: () => void;
  /** The caller changed their language (wired in app.ts: chat re-translates what they received). */
  onLanguageChanged?: (userId: string, language: string) => Promise<void>;
  /** The caller turned read receipts on or off (wired in app.ts: the people they share rooms with are told). */
  onReadReceiptsChanged?: (userId: string) => Promise<void>;
}

const AVATAR_EXTS = ['jpg', 'png', 'webp'];

export async function profileRoutes(app: FastifyInstance, deps: ProfileRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(API.profile, { onRequest: deps.requireUser }, async (request) => getProfile(deps.db, currentUser(request).id));

  r.patch(API.profile, { onRequest: deps.requireUser, schema: { body: updateProfileBody } }, async (request) => {
    const userId = currentUser(request).id;
    const profile = await updateProfile(deps.db, userId, request.body, deps.now());
    // Sends cached with the old language must not outlive the change; then the history follows it.
    deps.onProfileChanged?.();
    if (request.body.language && deps.onLanguageChanged) await deps.onLanguageChanged(userId, request.body.language);
    if (request.body.read_receipts !== undefined) await deps.onReadReceiptsChanged?.(userId);
    return profile;
  });

  r.post(API.avatar, { onRequest: deps.requireUser }, async (request) => {
    const user = currentUser(request);
    if (!request.isMultipart()) throw new AppError(400, 'invalid_image', 'Send the image as multipart/form-data field "file".');
    const file = await request.file({ limits: { fileSize: LIMITS.avatarMaxBytes, files: 1 } });
    if (!file) throw new AppError(400, 'invalid_image', 'No file was uploaded.');
    const bytes = await file.toBuffer().catch((err: { code?: string }) => {
      if (err.code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError(413, 'image_too_large', 'The image is larger than 5 MB.');
      }
      throw err;
    });
    const avatar = await prepareAvatar(bytes);
    // Overwrite: one avatar per user whatever its format.
    await Promise.all(AVATAR_EXTS.filter((e) => e !== avatar.ext).map((e) => deps.storage.remove('avatars', `${user.id}/avatar.${e}`)));
    const url = await deps.storage.put('avatars', `${user.id}/avatar.${avatar.ext}`, avatar.data);
    const now = deps.now();
    return updateProfile(deps.db, user.id, { avatar_url: `${url}?v=${now.getTime()}` }, now);
  });
}
