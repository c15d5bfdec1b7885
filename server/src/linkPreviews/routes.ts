import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LINK_PREVIEW_API, linkPreviewBody, linkPreviewSettingsBody, messageParams, type LinkPreviewResponse, type LinkPreviewSettings } from '@parley/common';
import { requireReadAccess } from '../chat/membership.ts';
import { currentUser, type RequireUser } from '../auth/requireUser.ts';
import type { Db } from '../db/connect.ts';
import { errorBody } from '../http/errors.ts';
import { createRateLimit } from '../http/rateLimit.ts';
import { IMAGE_BUCKET, imageKeyOf, normalizeUrl, previewOf, type PreviewFetchOptions } from './cache.ts';
import { linkPreviewsEnabled, setLinkPreviewsEnabled } from './settings.ts';

/** Records the console's change in the audit log (admin/audit.ts, wired in app.ts), in the change's transaction. */
export type LinkPreviewAudit = (tx: Db, entry: { actorId: string; enabled: boolean; address: string | null }) => Promise<void>;

export interface LinkPreviewRouteDeps extends PreviewFetchOptions {
  requireUser: RequireUser;
  requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  audit: LinkPreviewAudit;
  now: () => Date;
  /** Composer look-ups per user per minute (default 30). */
  perMinute?: number | undefined;
}

export async function linkPreviewRoutes(app: FastifyInstance, deps: LinkPreviewRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const limit = createRateLimit({
    name: 'linkPreview', points: deps.perMinute ?? 30, durationSec: 60,
    tooMany: (s) => `Too many link previews. Try again in ${s} seconds.`,
  });

  // The composer's card for the link being written: fetched by the server (cached), in the page's own words; its
  // image shows once the message is sent (served to the room's members only).
  r.post(LINK_PREVIEW_API.preview, { onRequest: deps.requireUser, schema: { body: linkPreviewBody } }, async (request): Promise<LinkPreviewResponse> => {
    await limit.consume(currentUser(request).id);
    if (!(await linkPreviewsEnabled(db))) return { enabled: false, preview: null };
    const card = await previewOf(deps, request.body.url);
    if (card.status !== 'ok') return { enabled: true, preview: null };
    return {
      enabled: true,
      preview: { url: request.body.url, siteName: card.site_name, title: card.title, description: card.description, image: null, translated: false },
    };
  });

  // A message's card image: to those who may read the message (the room's 404 to anyone else).
  r.get('/api/chats/:roomId/messages/:messageId/link-preview/image', { onRequest: deps.requireUser, schema: { params: messageParams } }, async (request, reply) => {
    const { roomId, messageId } = request.params;
    const access = await requireReadAccess(db, roomId, currentUser(request).id);
    let q = db.selectFrom('messages').select('link_preview').where('id', '=', messageId as never).where('chat_room_id', '=', roomId).where('deleted_at', 'is', null);
    if (access.kind === 'group') q = q.where('created_at', '>=', access.joined_at);
    if (access.until) q = q.where('id', '<=', access.until.messageId as never);
    const stored = (await q.executeTakeFirst())?.link_preview;
    const file = stored?.image ? await deps.storage.get(IMAGE_BUCKET, imageKeyOf(normalizeUrl(stored.url))) : undefined;
    if (!file) return reply.status(404).send(errorBody('not_found', 'No such image'));
    return reply.header('content-type', 'image/jpeg').header('cache-control', 'private, max-age=86400').send(Buffer.from(file.bytes));
  });

  r.get(LINK_PREVIEW_API.adminSettings, { onRequest: deps.requireAdmin }, async (): Promise<LinkPreviewSettings> => ({ enabled: await linkPreviewsEnabled(db) }));
  r.put(LINK_PREVIEW_API.adminSettings, { onRequest: deps.requireAdmin, schema: { body: linkPreviewSettingsBody } }, async (request): Promise<LinkPreviewSettings> => {
    const { enabled } = request.body;
    await db.transaction().execute(async (tx) => {
      await setLinkPreviewsEnabled(tx, enabled, deps.now());
      await deps.audit(tx, { actorId: currentUser(request).id, enabled, address: request.ip });
    });
    await linkPreviewsEnabled(db); // this node's consumer goes by the new value at once
    return { enabled };
  });
}
