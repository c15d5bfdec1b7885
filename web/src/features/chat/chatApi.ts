import { CHAT_API } from '@parley/common/client';
import type { ChatMessage, RoomMembersResponse, MessageReaction, ReactionEmoji, ConversationListItem, RoomKind, PickerRelationshipType, RelationshipContext, GlossaryEntryView, StartChatResponse, TranslationPreview, UserSummary } from '@parley/common';
import { api, apiFetch, isApiError } from '../../lib/api.ts';

/** React Query key of the conversation list. */
export const CHATS_KEY = ['chats'] as const;

/** The conversation on screen: its room, its name, its kind and the partner (null in a group, or when they left). */
export interface OpenChat {
  roomId: string;
  name: string;
  kind: RoomKind;
  partner: UserSummary | null;
}

export function openChatFromListItem(item: ConversationListItem): OpenChat {
  return { roomId: item.id, name: item.name, kind: item.kind, partner: item.otherUser };
}

export function openChatFromStart(response: StartChatResponse): OpenChat {
  const { chatRoomId, relationshipContext: _context, ...partner } = response.partner;
  return { roomId: chatRoomId, name: response.room.name, kind: 'direct', partner: partner.username ? partner : response.room.otherUser };
}

export const chatApi = {
  list: async (signal?: AbortSignal) =>
    (await api.get<{ conversations: ConversationListItem[] }>(CHAT_API.chats, signal)).conversations,
  start: (userId: string, relationshipType?: PickerRelationshipType) =>
    api.post<StartChatResponse>(CHAT_API.chats, { userId, relationshipType }),
  remove: (roomId: string) => api.delete<{ deleted: boolean }>(CHAT_API.chat(roomId)),
  markRead: (roomId: string) => api.post<{ lastReadMessageId: string }>(CHAT_API.read(roomId)),
  getContext: async (roomId: string, signal?: AbortSignal) =>
    (await api.get<{ relationshipContext: RelationshipContext | null }>(CHAT_API.context(roomId), signal)).relationshipContext,
  saveContext: async (roomId: string, description: string) =>
    (await apiFetch<{ relationshipContext: RelationshipContext }>(CHAT_API.context(roomId), { method: 'PUT', body: { description } }))
      .relationshipContext,
  messages: async (roomId: string, after?: string, signal?: AbortSignal) => {
    const query = after ? `?after=${encodeURIComponent(after)}` : '';
    return (await api.get<{ messages: ChatMessage[] }>(`${CHAT_API.messages(roomId)}${query}`, signal)).messages;
  },
  /**
   * The latest history. Its offline copy (written by the conversation, served by the service worker
   * when the network fails) also carries the resume mark it was written with; the server's never does.
   */
  history: (roomId: string, signal?: AbortSignal) =>
    api.get<{ messages: ChatMessage[]; resumeMark?: string | null }>(CHAT_API.messages(roomId), signal),
  /** A jump to a message: the page around it (server/src/chat/messages.ts). */
  around: async (roomId: string, messageId: string, signal?: AbortSignal) =>
    (await api.get<{ messages: ChatMessage[] }>(`${CHAT_API.messages(roomId)}?around=${encodeURIComponent(messageId)}`, signal)).messages,
  /** After a reconnect: what came after `mark` (the newest message held) and what changed shortly before it. */
  resume: async (roomId: string, mark: string, signal?: AbortSignal) =>
    (await api.get<{ messages: ChatMessage[] }>(`${CHAT_API.messages(roomId)}?resume=${encodeURIComponent(mark)}`, signal)).messages,
  preview: (roomId: string, content: string, signal?: AbortSignal) =>
    apiFetch<TranslationPreview>(CHAT_API.preview(roomId), { method: 'POST', body: { content }, signal }),
  correct: (roomId: string, messageId: string, text: string, glossary?: { sourcePhrase: string; targetPhrase: string }) =>
    apiFetch<{ message: ChatMessage; entry: GlossaryEntryView | null }>(CHAT_API.translation(roomId, messageId), { method: 'PUT', body: { text, ...(glossary ? { glossary } : {}) } }),
  glossary: async (roomId: string, signal?: AbortSignal) =>
    (await api.get<{ entries: GlossaryEntryView[] }>(CHAT_API.glossary(roomId), signal)).entries,
  updateGlossaryEntry: async (roomId: string, entryId: string, sourcePhrase: string, targetPhrase: string) =>
    (await apiFetch<{ entry: GlossaryEntryView }>(CHAT_API.glossaryEntry(roomId, entryId), { method: 'PUT', body: { sourcePhrase, targetPhrase } })).entry,
  deleteGlossaryEntry: (roomId: string, entryId: string) => apiFetch<{ deleted: boolean }>(CHAT_API.glossaryEntry(roomId, entryId), { method: 'DELETE' }),
  send: async (roomId: string, content: string, clientId: string, replyTo?: string, noLinkPreview?: boolean) =>
    (await api.post<{ message: ChatMessage }>(CHAT_API.messages(roomId), { content, clientId, ...(replyTo ? { replyTo } : {}), ...(noLinkPreview ? { linkPreview: false } : {}) })).message,
  /** The life of a message (issue 25): edit one's own text, delete it for everyone, react. */
  edit: async (roomId: string, messageId: string, content: string) =>
    (await apiFetch<{ message: ChatMessage }>(CHAT_API.message(roomId, messageId), { method: 'PATCH', body: { content } })).message,
  deleteMessage: async (roomId: string, messageId: string) =>
    (await apiFetch<{ message: ChatMessage }>(CHAT_API.message(roomId, messageId), { method: 'DELETE' })).message,
  react: async (roomId: string, messageId: string, emoji: ReactionEmoji, active: boolean) =>
    (await api.post<{ reactions: MessageReaction[] }>(CHAT_API.reactions(roomId, messageId), { emoji, active })).reactions,
  /** A room's members and former members (a group's, or a pair's two). */
  members: (roomId: string, signal?: AbortSignal) => api.get<RoomMembersResponse>(CHAT_API.members(roomId), signal),
  /** Leave a group (a pair is deleted with remove). */
  leave: (roomId: string) => api.post<unknown>(CHAT_API.leave(roomId), {}),
  retryTranslation: async (roomId: string, messageId: string) =>
    (await api.post<{ message: ChatMessage }>(CHAT_API.retryTranslation(roomId, messageId))).message,
};

export const isNotFound = (error: unknown) => isApiError(error) && error.status === 404;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Run `attempt` again on a network failure, a gateway error or a short 429, up to `tries` times.
 * Sends reuse the same client id on every attempt, so a retry can never store a message twice.
 */
export async function withRetry<T>(attempt: () => Promise<T>, tries = 4, baseDelayMs = 600): Promise<T> {
  for (let i = 1; ; i += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= tries || !isApiError(error)) throw error;
      const retryable = error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504;
      const shortWait = error.status === 429 && (error.retryAfter ?? Infinity) <= 5;
      if (!retryable && !shortWait) throw error;
      await sleep(shortWait ? (error.retryAfter ?? 1) * 1000 : baseDelayMs * 2 ** (i - 1));
    }
  }
}
