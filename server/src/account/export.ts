import { MENTION_ALL, type AccountExport, type ExportedConversation, type ExportedMessage, type MessageAttachment, type MessageMention, type StoredLinkPreview } from '@parley/common';
import type { Db } from '../db/connect.ts';
import { notFound } from '../http/errors.ts';

const iso = (d: Date | string) => new Date(d).toISOString();
/** Messages whose translations are read per query (an IN list of this many ids). */
const BATCH = 1000;

/**
 * "Download my data": the account, the profile, every conversation the person is in with the messages they can
 * see (sent and received, each with its translations), the glossaries of those conversations, whom they blocked
 * and what they reported. Built in memory: a person's own history is small next to the server's limits.
 */
export async function exportAccount(db: Db, userId: string, now: Date): Promise<AccountExport> {
  const user = await db.selectFrom('users').select(['id', 'email', 'email_confirmed_at', 'created_at', 'role']).where('id', '=', userId).executeTakeFirst();
  const profile = await db.selectFrom('profiles').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user || !profile) throw notFound('No such user');
  const { id: _id, email: _email, ...profileFields } = profile;

  const memberships = await db.selectFrom('chat_room_participants as me').innerJoin('chat_rooms as r', 'r.id', 'me.chat_room_id')
    .select(['r.id', 'r.kind', 'r.name', 'me.joined_at', 'me.relationship_context']).where('me.user_id', '=', userId)
    .orderBy('r.created_at').execute();
  const roomIds = memberships.map((m) => m.id);
  const members = roomIds.length
    ? await db.selectFrom('chat_room_participants as p').leftJoin('profiles as pr', 'pr.id', 'p.user_id')
      .select(['p.chat_room_id', 'p.user_id', 'pr.username']).where('p.chat_room_id', 'in', roomIds).execute()
    : [];
  const names = new Map(members.map((m) => [m.user_id, m.username]));

  const conversations: ExportedConversation[] = [];
  for (const room of memberships) {
    let query = db.selectFrom('messages').select(['id', 'sender_id', 'content', 'original_language', 'created_at', 'attachment', 'system_event', 'link_preview', 'mentions'])
      .where('chat_room_id', '=', room.id).orderBy('id');
    // A group member sees the room from joining on, here as in the app.
    if (room.kind === 'group') query = query.where('created_at', '>=', room.joined_at);
    const rows = await query.execute();
    const mentioned = await mentionNames(db, rows.flatMap((r) => r.mentions ?? []));
    const documents = await documentTexts(db, rows.map((r) => r.attachment?.id).filter((id): id is string => Boolean(id)));
    const translations = new Map<string, ExportedMessage['translations']>();
    for (let i = 0; i < rows.length; i += BATCH) {
      const ids = rows.slice(i, i + BATCH).map((r) => r.id);
      const found = await db.selectFrom('message_translations').select(['message_id', 'language', 'content', 'status'])
        .where('message_id', 'in', ids).orderBy('language').execute();
      for (const t of found) {
        const list = translations.get(String(t.message_id)) ?? [];
        list.push({ language: t.language, text: t.content, status: t.status });
        translations.set(String(t.message_id), list);
      }
    }
    conversations.push({
      id: room.id,
      kind: room.kind,
      name: room.name,
      members: members.filter((m) => m.chat_room_id === room.id && m.user_id !== userId).map((m) => m.username),
      joinedAt: iso(room.joined_at),
      relationship: room.relationship_context ?? null,
      messages: rows.map((r) => ({
        id: String(r.id),
        sentAt: iso(r.created_at),
        from: r.sender_id === userId ? 'me' : r.sender_id ? (names.get(r.sender_id) ?? null) : null,
        original: { language: r.original_language, text: r.content },
        translations: translations.get(String(r.id)) ?? [],
        attachment: r.attachment ? exportedAttachment(r.attachment, documents) : null,
        system: r.system_event ? r.system_event.kind : null,
        linkPreview: r.link_preview ? exportedLinkPreview(r.link_preview) : null,
        mentions: r.mentions?.map((m) => (m.id === MENTION_ALL ? { name: m.name, username: null, everyone: true as const } : { name: m.name, username: mentioned.get(m.id) ?? null })) ?? null,
      })),
    });
  }

  const glossaries = roomIds.length
    ? await db.selectFrom('conversation_glossary').select(['chat_room_id', 'source_phrase', 'target_phrase', 'source_language', 'target_language', 'updated_at'])
      .where('chat_room_id', 'in', roomIds).orderBy('id').execute()
    : [];
  const blocked = await db.selectFrom('user_blocks as b').innerJoin('profiles as p', 'p.id', 'b.blocked_id')
    .select(['p.username', 'b.created_at']).where('b.blocker_id', '=', userId).orderBy('b.created_at').execute();
  const reports = await db.selectFrom('reports as r').leftJoin('profiles as p', 'p.id', 'r.reported_user_id')
    .select(['p.username', 'r.message_id', 'r.reason', 'r.created_at']).where('r.reporter_id', '=', userId).orderBy('r.created_at').execute();

  return {
    format: 'parley-account-export',
    version: 1,
    exportedAt: now.toISOString(),
    account: { id: user.id, email: user.email, emailConfirmed: user.email_confirmed_at !== null, createdAt: iso(user.created_at), role: user.role },
    profile: { ...profileFields, created_at: iso(profile.created_at), updated_at: iso(profile.updated_at) },
    conversations,
    glossaries: glossaries.map((g) => ({
      roomId: g.chat_room_id, source: g.source_phrase, target: g.target_phrase,
      sourceLanguage: g.source_language, targetLanguage: g.target_language, updatedAt: iso(g.updated_at),
    })),
    blocked: blocked.map((b) => ({ username: b.username, blockedAt: iso(b.created_at) })),
    reports: reports.map((r) => ({ reportedUsername: r.username, messageId: r.message_id, reason: r.reason, createdAt: iso(r.created_at) })),
  };
}

/** A link card (issue 36 item 3): its texts and translations (the image stays on the server: the page's, not the person's). */
function exportedLinkPreview(p: StoredLinkPreview): ExportedMessage['linkPreview'] {
  return { url: p.url, siteName: p.siteName, title: p.title, description: p.description, translations: p.translations };
}

/** Files (issue 36): their name, size and pages, and the text read from a document. */
function exportedAttachment(a: MessageAttachment, documents: Map<string, string[]>) {
  const base = { kind: a.kind, ...(a.mime ? { mime: a.mime } : {}) };
  if (a.kind !== 'file') return base;
  return { ...base, name: a.name ?? null, size: a.size ?? null, pages: a.pages ?? null, text: documents.get(a.id)?.join('\n\n') ?? null };
}

async function documentTexts(db: Db, mediaIds: string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  for (let i = 0; i < mediaIds.length; i += BATCH) {
    const rows = await db.selectFrom('chat_documents').select(['media_id', 'paragraphs'])
      .where('media_id', 'in', mediaIds.slice(i, i + BATCH)).where('status', '=', 'ready').execute();
    for (const r of rows) found.set(r.media_id, typeof r.paragraphs === 'string' ? (JSON.parse(r.paragraphs) as string[]) : r.paragraphs);
  }
  return found;
}

/** The usernames of the people mentioned, by id, now (a deleted account, or MENTION_DELETED, has none). */
async function mentionNames(db: Db, mentions: readonly MessageMention[]): Promise<Map<string, string>> {
  const ids = [...new Set(mentions.map((m) => m.id).filter((id) => UUID.test(id)))];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('profiles').select(['id', 'username']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.username]));
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
