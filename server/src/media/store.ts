import type { AttachmentKind } from '@parley/common';
import type { Db } from '../db/connect.ts';
import { notFound } from '../http/errors.ts';
import { formerReader } from '../chat/membership.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One answer for a malformed id, a missing file, a missing room and a room the caller is not in. */
export const mediaNotFound = () => notFound('File not found');

export async function insertMedia(db: Db, row: { roomId: string; uploaderId: string; kind: AttachmentKind; contentType: string; bytes: Buffer; fileName?: string }): Promise<string> {
  const inserted = await db
    .insertInto('chat_media')
    .values({ chat_room_id: row.roomId, uploader_id: row.uploaderId, kind: row.kind, content_type: row.contentType, bytes: row.bytes, file_name: row.fileName ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function deleteMedia(db: Db, id: string): Promise<void> {
  await db.deleteFrom('chat_media').where('id', '=', id).execute();
}

/** The file, only for a participant of its room (one query: membership is part of the lookup). */
export async function readMedia(db: Db, input: { roomId: string; mediaId: string; userId: string }) {
  if (!UUID.test(input.roomId) || !UUID.test(input.mediaId)) throw mediaNotFound();
  const row = await db
    .selectFrom('chat_media as m')
    .innerJoin('chat_room_participants as p', (j) => j.onRef('p.chat_room_id', '=', 'm.chat_room_id').on('p.user_id', '=', input.userId))
    .select(['m.content_type', 'm.bytes', 'm.created_at', 'm.kind', 'm.file_name'])
    .where('m.id', '=', input.mediaId)
    .where('m.chat_room_id', '=', input.roomId)
    .executeTakeFirst();
  const found = row ?? (await readFormerMedia(db, input));
  if (!found) throw mediaNotFound();
  return { contentType: found.content_type, bytes: Buffer.from(found.bytes), createdAt: found.created_at, kind: found.kind, fileName: found.file_name };
}

/** A group's removed member reads the media of the history they keep (chat's one read check), nothing later. */
async function readFormerMedia(db: Db, input: { roomId: string; mediaId: string; userId: string }) {
  const access = await formerReader(db, input.roomId, input.userId);
  if (!access?.until) return undefined;
  return db
    .selectFrom('chat_media as m')
    .select(['m.content_type', 'm.bytes', 'm.created_at', 'm.kind', 'm.file_name'])
    .where('m.id', '=', input.mediaId)
    .where('m.chat_room_id', '=', input.roomId)
    .where('m.created_at', '>=', access.joined_at)
    .where('m.created_at', '<=', access.until.at)
    .executeTakeFirst();
}
