import type { ChatMessage, DocumentProblem, DocumentTextResponse, MessageAttachment } from '@parley/common';
import { requireReadAccess } from '../../chat/membership.ts';
import { sendContext, type SendInput } from '../../chat/messageSender.ts';
import type { Db } from '../../db/connect.ts';
import { isLanguageCode } from '@parley/common';
import { deleteMedia, insertMedia, mediaNotFound } from '../store.ts';
import { cleanFileName, detectFile } from './detect.ts';
import { countPages, UnreadableDocument } from './extract.ts';
import { jsonList, type DocumentJobs } from './jobs.ts';

export interface DocumentDeps {
  db: Db;
  /** Chat's send: the file's message is a message like any other (content '' and the attachment). */
  send: (input: SendInput) => Promise<{ message: ChatMessage; created: boolean }>;
  jobs: DocumentJobs;
}

export interface FileUpload {
  senderId: string;
  roomId: string;
  clientId: string;
  bytes: Buffer;
  name: string | undefined;
}

/**
 * Files in a conversation. Sending: membership (the room's 404) -> a retry of a stored client id returns that message
 * -> the bytes decide the type (detect.ts) -> a document's pages are counted at once for the card (an encrypted or
 * broken PDF is still sent, as a download the reader is told cannot be read) -> the chat_media row (kind 'file',
 * the cleaned name), its chat_documents row, the message -> the `read` job extracts and translates in the background.
 */
export function createDocumentService(deps: DocumentDeps) {
  const { db } = deps;

  async function previouslySent(input: FileUpload) {
    const row = await db.selectFrom('messages').select(['content', 'attachment'])
      .where('chat_room_id', '=', input.roomId).where('sender_id', '=', input.senderId).where('client_id', '=', input.clientId)
      .executeTakeFirst();
    return row ? deps.send({ senderId: input.senderId, roomId: input.roomId, clientId: input.clientId, content: row.content, attachment: row.attachment ?? undefined }) : null;
  }

  return {
    checkSender: (roomId: string, senderId: string) => sendContext(db, roomId, senderId),

    async sendFile(input: FileUpload): Promise<{ message: ChatMessage; created: boolean }> {
      await sendContext(db, input.roomId, input.senderId);
      const again = await previouslySent(input);
      if (again) return again;
      const name = cleanFileName(input.name);
      const detected = detectFile(input.bytes, name);
      let pages: number | null = null;
      let problem: DocumentProblem | null = null;
      if (detected.document) {
        try {
          pages = await countPages(detected.document, input.bytes);
        } catch (err) {
          problem = err instanceof UnreadableDocument ? err.problem : 'corrupt';
        }
      }
      const status = !detected.document ? 'download' : problem ? 'unreadable' : 'reading';
      const id = await insertMedia(db, { roomId: input.roomId, uploaderId: input.senderId, kind: 'file', contentType: detected.contentType, bytes: input.bytes, fileName: name });
      const attachment: MessageAttachment = { id, kind: 'file', mime: detected.contentType, name, size: input.bytes.length, document: detected.document, pages, note: null };
      try {
        await db.insertInto('chat_documents').values({
          media_id: id, chat_room_id: input.roomId, sender_id: input.senderId, file_name: name, document_kind: detected.document,
          status, problem, pages, search_text: name,
        }).execute();
        const result = await deps.send({ senderId: input.senderId, roomId: input.roomId, clientId: input.clientId, content: '', attachment });
        if (result.message.attachment?.id !== id) {
          await deleteMedia(db, id);
          return result;
        }
        await db.updateTable('chat_documents').set({ message_id: result.message.id }).where('media_id', '=', id).execute();
        if (status === 'reading') await deps.jobs.queueRead(id);
        return result;
      } catch (err) {
        await deleteMedia(db, id).catch(() => undefined);
        throw err;
      }
    },

    /**
     * What the reader shows: the original paragraphs and the caller's language's translation (asked for now when it
     * was never made: a member who joined later or changed language). Members and readers of the history only.
     */
    async readText(input: { roomId: string; mediaId: string; userId: string }): Promise<DocumentTextResponse> {
      const access = await requireReadAccess(db, input.roomId, input.userId).catch(() => {
        throw mediaNotFound();
      });
      const doc = await db.selectFrom('chat_documents').selectAll()
        .where('media_id', '=', input.mediaId).where('chat_room_id', '=', input.roomId).executeTakeFirst();
      if (!doc || (access.until && (!doc.message_id || BigInt(doc.message_id) > BigInt(access.until.messageId)))) throw mediaNotFound();
      const me = await db.selectFrom('profiles').select('language').where('id', '=', input.userId).executeTakeFirst();
      const language = isLanguageCode(me?.language) ? me.language : null;
      const original = jsonList(doc.paragraphs);
      let translation: DocumentTextResponse['translation'] = null;
      if (doc.status === 'ready' && language) {
        if (language === doc.source_language) {
          translation = { language, status: 'not_needed', done: 0, total: 0, paragraphs: [] };
        } else {
          let row = await translationRow(db, input.mediaId, language);
          if (!row) {
            await deps.jobs.ensureTranslation(input.mediaId, language);
            row = await translationRow(db, input.mediaId, language);
          }
          if (row) translation = { language, status: row.status, done: row.done, total: row.total, paragraphs: jsonList(row.paragraphs) };
        }
      }
      return {
        status: doc.status === 'download' ? 'unreadable' : doc.status,
        problem: doc.status === 'download' ? null : doc.problem,
        sourceLanguage: doc.source_language, pages: doc.pages, truncated: doc.truncated, original, translation,
      };
    },
  };
}

const translationRow = (db: Db, mediaId: string, language: string) =>
  db.selectFrom('document_translations').select(['status', 'done', 'total', 'paragraphs'])
    .where('media_id', '=', mediaId).where('language', '=', language).executeTakeFirst();

export type DocumentService = ReturnType<typeof createDocumentService>;
