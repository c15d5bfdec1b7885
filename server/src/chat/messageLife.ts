import { firstLink, MESSAGE_EDIT_WINDOW_MS, type ChatMessage } from '@parley/common';
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { AppError, notFound } from '../http/errors.ts';
import { refuseBlockedSend } from '../safety/blocks.ts';
import { requireMembership } from './membership.ts';
import { loadExtras, replyPreview } from './messageExtras.ts';
import type { SendDeps } from './messageSender.ts';
import { resolveMentions } from './mentions.ts';
import { sendContext } from './messageSender.ts';
import { presentMessage, viewFor, type MessageRow } from './presenters.ts';
import { publishViews, roomReaders } from './readers.ts';

/** Someone else's message and a missing one get this same answer (nothing is learnt about others' messages). */
export const messageNotFound = () => notFound('Message not found');

/** The caller's own message in the room (after the membership check), locked when `tx` is a transaction. */
async function ownMessage(db: Db, roomId: string, userId: string, messageId: string, lock = false): Promise<MessageRow> {
  if (!/^\d{1,18}$/.test(messageId)) throw messageNotFound();
  let q = db.selectFrom('messages').selectAll().where('id', '=', messageId as never).where('chat_room_id', '=', roomId).where('sender_id', '=', userId);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw messageNotFound();
  return row;
}

export interface MessageCommand {
  userId: string;
  roomId: string;
  messageId: string;
}

/**
 * Edit one's own text message within MESSAGE_EDIT_WINDOW_MS (the same checks as a send). In one
 * transaction: the content changes, `edited_at` is set, the language goes back to the sender's (the
 * jobs detect it again), and every reader language's row (and any language read in the room now)
 * goes back to `pending` with a NEW job id and job; the corrections of the old text go with it. A job
 * of the old text still in flight cannot apply its result: the worker applies a result only to the row
 * whose job_id is its own (translationJobs.ts). Readers get `message.edited`, then `message.translated`
 * per language as each job ends; a resume finds it through changed_at.
 */
export async function editMessage(deps: SendDeps & { now: () => Date }, input: MessageCommand & { content: string }): Promise<{ message: ChatMessage }> {
  const { db, jobs } = deps;
  await requireMembership(db, input.roomId, input.userId);
  const current = await ownMessage(db, input.roomId, input.userId, input.messageId);
  // A webhook's post is the other system's words: its creator may delete it, not rewrite it.
  if (current.deleted_at || current.system_event || current.attachment || current.via_webhook) {
    throw new AppError(400, 'message_not_editable', current.deleted_at ? 'This message was deleted' : 'Only text messages one wrote can be edited');
  }
  if (deps.now().getTime() - new Date(current.created_at).getTime() > MESSAGE_EDIT_WINDOW_MS) {
    throw new AppError(403, 'edit_window_passed', 'Messages can be edited for 24 hours after sending');
  }
  const room = await sendContext(db, input.roomId, input.userId);
  if (room.kind === 'direct') await refuseBlockedSend(db, input.roomId, input.userId);
  if (current.content === input.content) return { message: await presentFor(db, current, input.userId) };
  if (jobs.full) throw new AppError(503, 'service_busy', 'Too many messages are waiting for translation. Try again in a moment.', { 'retry-after': '5' });
  if (room.targets.length) await deps.budget?.check(input.userId);
  const mentions = await resolveMentions(db, input.roomId, input.userId, room.kind, input.content);

  const edited = await db.transaction().execute(async (tx) => {
    const row = await tx.updateTable('messages')
      .set({
        content: input.content, edited_at: deps.now(), original_language: room.senderLanguage ?? current.original_language,
        mentions: mentions ? JSON.stringify(mentions) : null,
        // A link card goes when its link is no longer the text's first; an edit makes none (linkPreviews/README.md).
        ...(current.link_preview && firstLink(input.content) !== current.link_preview.url ? { link_preview: null } : {}),
      })
      .where('id', '=', current.id).where('deleted_at', 'is', null)
      .returningAll().executeTakeFirst();
    if (!row) throw new AppError(400, 'message_not_editable', 'This message was deleted');
    const reset = await tx.updateTable('message_translations')
      .set({
        content: null, status: 'pending', error: null, unknown_spans: null, attempts: 0,
        job_id: sql<string>`gen_random_uuid()`, queued_at: sql<Date>`now()`,
        machine_translation: null, corrected_by: null, corrected_at: null,
      })
      .where('message_id', '=', row.id)
      .returningAll().execute();
    await jobs.insertJobs(tx, reset.map((r) => ({ message_id: String(r.message_id), language: r.language, job_id: String(r.job_id) })));
    const missing = room.targets.filter((l) => !reset.some((r) => r.language === l));
    const added = await jobs.addTranslations(tx, String(row.id), missing);
    const at = new Date(row.edited_at!).toISOString();
    const recorded = await deps.eventLog.record(tx, [{ type: 'message.edited', roomId: input.roomId, messageId: String(row.id), actorId: input.userId, at }]);
    return { row, rows: [...reset, ...added], recorded };
  });
  edited.recorded.wake();
  if (edited.rows.length) jobs.queued();
  const [readers, extras] = await Promise.all([roomReaders(db, input.roomId), loadExtras(db, [edited.row])]);
  const reply = edited.row.reply_to_id ? extras.replies.get(String(edited.row.reply_to_id)) : undefined;
  const reactions = extras.reactions.get(String(edited.row.id)) ?? [];
  publishViews(deps.events, 'message.edited', edited.row, edited.rows, readers, undefined, { reply, reactions });
  const me = readers.find((r) => r.id === input.userId);
  const view = viewFor(edited.row, edited.rows, input.userId, me?.language ?? null, readers);
  return { message: presentMessage(edited.row, view, { reply: reply ? replyPreview(reply, input.userId, me?.language ?? null) : undefined, reactions }) };
}

/**
 * Delete one's own message for everyone, at any time (as Telegram; WhatsApp and Signal limit it to a
 * few days, which protects nothing the sender could not ask for anyway). In one transaction: content
 * '', `deleted_at`, the attachment description and quote dropped, and its translation rows, reactions
 * and media bytes (chat_media) deleted from storage. Pending translation jobs then find no row and end
 * quietly. Every member gets `message.deleted`; the list's preview and unread counts skip it. Deleting
 * twice answers the same.
 */
export async function deleteMessage(deps: Pick<SendDeps, 'db' | 'events' | 'eventLog'>, input: MessageCommand): Promise<{ message: ChatMessage }> {
  const { db } = deps;
  await requireMembership(db, input.roomId, input.userId);
  const result = await db.transaction().execute(async (tx) => {
    const current = await ownMessage(tx, input.roomId, input.userId, input.messageId, true);
    if (current.system_event) throw messageNotFound();
    if (current.deleted_at) return { row: current, changed: false };
    const row = await tx.updateTable('messages')
      .set({
        content: '', deleted_at: sql<Date>`now()`, attachment: null, reply_to_id: null, link_preview: null,
      })
      .where('id', '=', current.id)
      .returningAll().executeTakeFirstOrThrow();
    await tx.deleteFrom('message_translations').where('message_id', '=', current.id).execute();
    await tx.deleteFrom('message_reactions').where('message_id', '=', current.id).execute();
    if (current.attachment?.id) await tx.deleteFrom('chat_media').where('id', '=', current.attachment.id).where('chat_room_id', '=', input.roomId).execute();
    // A notification still showing the message on a phone says it was deleted instead (push, an event consumer).
    const at = new Date(row.deleted_at!).toISOString();
    const recorded = await deps.eventLog.record(tx, [{ type: 'message.deleted', roomId: input.roomId, messageId: String(row.id), actorId: input.userId, at }]);
    return { row, changed: true, recorded };
  });
  if (result.changed) {
    result.recorded?.wake();
    const readers = await roomReaders(db, input.roomId);
    deps.events.publish(readers.map((r) => r.id), {
      v: 1, type: 'message.deleted', roomId: input.roomId, messageId: String(result.row.id), deletedAt: new Date(result.row.deleted_at!).toISOString(),
    });
  }
  return { message: presentMessage(result.row, undefined, { reactions: [] }) };
}

/** One message as `readerId` sees it now (translations, quote, reactions). */
async function presentFor(db: Db, row: MessageRow, readerId: string): Promise<ChatMessage> {
  const [rows, readers, extras] = await Promise.all([
    db.selectFrom('message_translations').selectAll().where('message_id', '=', row.id).execute(),
    roomReaders(db, row.chat_room_id),
    loadExtras(db, [row]),
  ]);
  const me = readers.find((r) => r.id === readerId);
  const reply = row.reply_to_id ? replyPreview(extras.replies.get(String(row.reply_to_id)), readerId, me?.language ?? null) : undefined;
  return presentMessage(row, viewFor(row, rows, readerId, me?.language ?? null, readers), { reply, reactions: extras.reactions.get(String(row.id)) ?? [] });
}
