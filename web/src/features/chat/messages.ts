import type { ChatMessage, LinkPreviewView, MessageReaction } from '@parley/common';

/** A message on screen: a server row, or the optimistic copy of one of ours still on its way. */
export type ViewMessage = ChatMessage & {
  local?: boolean;
  /** Failed sends of a waiting message. */
  failedAttempts?: number;
  /** A photo or recording still uploading (media/useMediaUploads): its bytes on this device. */
  upload?: { url: string; failed: boolean };
};

export type MessagesAction =
  | { type: 'merge'; messages: readonly ChatMessage[] }
  /** message.deleted: deleted for everyone. */
  | { type: 'deleted'; messageId: string; deletedAt: string }
  /** message.reactions: the message's reactions now. */
  | { type: 'reactions'; messageId: string; reactions: MessageReaction[] }
  /** message.link_preview: the card of the message's first link, in this reader's language. */
  | { type: 'linkPreview'; messageId: string; preview: LinkPreviewView }
  | { type: 'local'; message: ViewMessage }
  | { type: 'drop'; clientId: string };

const LOCAL_PREFIX = 'local:';

/** The optimistic copy shown the moment we press send, replaced by the server row when it arrives. */
export function localMessage(input: { roomId: string; senderId: string; clientId: string; content: string; now?: Date; replyTo?: string | undefined }): ViewMessage {
  return {
    id: `${LOCAL_PREFIX}${input.clientId}`,
    chat_room_id: input.roomId,
    sender_id: input.senderId,
    client_id: input.clientId,
    content: input.content,
    original_language: null,
    translated_content: null,
    target_language: null,
    translation_status: 'pending',
    translation_error: null,
    unknown_spans: null,
    created_at: (input.now ?? new Date()).toISOString(),
    local: true,
    ...(input.replyTo ? { reply_to: { id: input.replyTo, sender_id: null, content: '', translated_content: null, deleted: false } } : {}),
  };
}

/** Message ids are decimal strings of a bigint sequence: compare by length, then lexically. */
export function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

const settled = (m: ChatMessage) => m.translation_status !== 'pending';

/** Which text a copy shows: deleted beats everything, then the latest edit ('' before any). */
const version = (m: ChatMessage) => (m.deleted_at ? '~' : (m.edited_at ?? ''));

/**
 * Of two copies of one message, keep the more advanced: a deletion or a later edit beats an older
 * text, a settled translation beats a pending one, a correction beats the machine's. What an event
 * leaves out (the quote and reactions of a translation's event) is kept from the copy on screen.
 */
function newer(existing: ViewMessage, incoming: ChatMessage): ViewMessage {
  if (existing.local) return incoming;
  const [was, now] = [version(existing), version(incoming)];
  if (was > now) return existing;
  if (now > was) return keepExtras(existing, incoming);
  return keepExtras(existing, newerTranslation(existing, incoming));
}

function keepExtras(existing: ViewMessage, chosen: ViewMessage): ViewMessage {
  if (chosen === existing) return existing;
  const keep: Partial<ViewMessage> = {};
  if (chosen.reply_to === undefined && existing.reply_to !== undefined && !chosen.deleted_at) keep.reply_to = existing.reply_to;
  if (chosen.reactions === undefined && existing.reactions !== undefined) keep.reactions = chosen.deleted_at ? [] : existing.reactions;
  // A copy of the same text read before the card was made (a translation's event) does not take it away; a deletion
  // or an edit (which drops a card whose link is gone) does.
  if (!chosen.link_preview && existing.link_preview && version(chosen) === version(existing)) keep.link_preview = existing.link_preview;
  return Object.keys(keep).length ? { ...chosen, ...keep } : chosen;
}

/** Two copies of the same text: a settled translation beats a pending one, a correction beats the machine's. */
function newerTranslation(existing: ViewMessage, incoming: ChatMessage): ViewMessage {
  if (settled(existing) && !settled(incoming)) return existing;
  // A correction is newer than any copy without it (a resume read just before it was made).
  if (existing.corrected_at && (!incoming.corrected_at || incoming.corrected_at < existing.corrected_at)) return existing;
  return incoming;
}

function sameMessage(a: ViewMessage, b: ChatMessage): boolean {
  return a.id === b.id || (a.client_id === b.client_id && a.sender_id === b.sender_id);
}

/** Server rows by id; our optimistic copies last, in the order they were sent. */
function order(messages: ViewMessage[]): ViewMessage[] {
  const server = messages.filter((m) => !m.local).sort((a, b) => compareIds(a.id, b.id));
  return [...server, ...messages.filter((m) => m.local)];
}

/**
 * Fold server rows into what is on screen. The POST answer and the socket's message.created
 * both deliver our message, and message.translated delivers it again: one copy is kept, matched
 * by id or (for the optimistic copy) by client id.
 */
export function mergeMessages(current: readonly ViewMessage[], incoming: readonly ChatMessage[]): ViewMessage[] {
  if (incoming.length === 0) return current as ViewMessage[];
  const next = [...current];
  for (const message of incoming) {
    const index = next.findIndex((m) => sameMessage(m, message));
    if (index === -1) next.push(message);
    else next[index] = newer(next[index] as ViewMessage, message);
  }
  // A server row may have replaced an optimistic copy while another copy of it exists by id.
  const seen = new Set<string>();
  const unique = next.filter((m) => (seen.has(m.id) ? false : (seen.add(m.id), true)));
  return order(unique);
}

export function messagesReducer(state: ViewMessage[], action: MessagesAction): ViewMessage[] {
  switch (action.type) {
    case 'merge':
      return mergeMessages(state, action.messages);
    case 'local':
      return state.some((m) => m.client_id === action.message.client_id && m.sender_id === action.message.sender_id)
        ? state
        : [...state, action.message];
    case 'drop':
      return state.filter((m) => !(m.local && m.client_id === action.clientId));
    case 'deleted':
      return state.map((m) => (m.id === action.messageId ? deletedCopy(m, action.deletedAt) : m));
    case 'reactions':
      return state.map((m) => (m.id === action.messageId && !m.deleted_at ? { ...m, reactions: action.reactions } : m));
    case 'linkPreview':
      return state.map((m) => (m.id === action.messageId && !m.deleted_at ? { ...m, link_preview: action.preview } : m));
  }
}

/** What is left of a message deleted for everyone: the fact, in the reader's language, drawn by the list. */
export function deletedCopy(message: ViewMessage, deletedAt: string): ViewMessage {
  const { attachment: _attachment, reply_to: _reply, ...rest } = message;
  return {
    ...rest, content: '', translated_content: null, translation_status: 'not_needed', translation_error: null, unknown_spans: null,
    machine_translation: null, corrected_by: null, corrected_at: null, deleted_at: deletedAt, reactions: [],
  };
}

/** A random url-safe id (16 bytes, base64url) for one message; works outside secure contexts too. */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
