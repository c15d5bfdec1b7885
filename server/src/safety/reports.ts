import type { ReportBody } from '@parley/common';
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { notFound } from '../http/errors.ts';

/**
 * Store a report for the operators. A reported message must be the reported user's and in a conversation the
 * reporter is in; anything else is the same 404 as a message that does not exist (nothing is learnt).
 */
export async function createReport(db: Db, reporterId: string, body: ReportBody): Promise<{ id: string; createdAt: string }> {
  const user = await db.selectFrom('profiles').select('id').where('id', '=', body.userId).executeTakeFirst();
  if (!user) throw notFound('User not found');
  let messageContent: string | null = null;
  let mediaId: string | null = null;
  let linkPreview: string | null = null;
  if (body.messageId) {
    const seen = await db.selectFrom('messages as m')
      .innerJoin('chat_room_participants as p', 'p.chat_room_id', 'm.chat_room_id')
      .select(['m.id', 'm.content', 'm.attachment', 'm.link_preview'])
      .where('m.id', '=', body.messageId as never).where('m.sender_id', '=', body.userId).where('p.user_id', '=', reporterId)
      .where('m.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!seen) throw notFound('Message not found');
    // The operators read what the reporter read, even after the sender edits or deletes it.
    messageContent = seen.content;
    mediaId = seen.attachment?.id ?? null;
    // Its link card too (issue 36 item 3): the page's words as the reporter saw them.
    linkPreview = seen.link_preview ? JSON.stringify(seen.link_preview) : null;
  }
  const row = await db.insertInto('reports')
    .values({ reporter_id: reporterId, reported_user_id: body.userId, message_id: body.messageId ?? null, message_content: messageContent, link_preview: linkPreview, reason: body.reason })
    .returning(['id', 'created_at']).executeTakeFirstOrThrow();
  // Its photo, recording or file too (issue 36): a copy the sender's deletion of the message or account leaves.
  if (mediaId) {
    await db.insertInto('report_files')
      .columns(['report_id', 'kind', 'file_name', 'content_type', 'bytes'])
      .expression(db.selectFrom('chat_media').select([sql<string>`${row.id}::bigint`.as('report_id'), 'kind', 'file_name', 'content_type', 'bytes']).where('id', '=', mediaId))
      .execute();
  }
  return { id: String(row.id), createdAt: new Date(row.created_at).toISOString() };
}
