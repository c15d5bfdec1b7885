import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addMembersBody, createGroupBody, leaveGroupBody, memberParams, messageParams, roomParams, updateGroupBody,
  CHAT_API, correctTranslationBody, editMessageBody, reactionBody, type ReactionEmoji, glossaryEntryBody, glossaryParams, messageSearchQuery, messagesQuery, previewTranslationBody, saveContextBody, searchUsersQuery, sendMessageBody, startChatBody,
  type PickerRelationshipType, type StartChatResponse,
} from '@parley/common';
import { z } from 'zod';
import { currentUser, type RequireUser } from '../auth/requireUser.ts';
import { retryOnConnectionLoss } from '../db/availability.ts';
import type { Db } from '../db/connect.ts';
import { createRateLimit } from '../http/rateLimit.ts';
import type { TranslationBudget } from '../http/translationBudget.ts';
import { previewTranslation } from './draftPreview.ts';
import { correctTranslation, deleteGlossaryEntry, listGlossary, updateGlossaryEntry } from './glossary.ts';
import { retryTranslation, sendMessage } from './messageSender.ts';
import { listMessages } from './messages.ts';
import { readAudience, readMarks } from './receipts.ts';
import { searchMessages } from './messageSearch.ts';
import { deleteMessage, editMessage } from './messageLife.ts';
import { setReaction } from './reactions.ts';
import { contextFromBody, deleteRoom, getContext, getConversation, listConversations, markRead, partnerOf, saveContext, startChat } from './rooms.ts';
import { searchUsers } from './search.ts';
import { addMembers, createGroup, leaveGroup, listMembers, makeAdmin, removeMember, updateGroup } from './groups.ts';
import type { SendContexts } from './sendContexts.ts';
import type { TranslationJobs } from './translationJobs.ts';
import type { EventLog } from '../events/index.ts';
import type { ChatTranslator, EventPublisher } from './types.ts';

export interface ChatRouteDeps {
  db: Db;
  requireUser: RequireUser;
  jobs: TranslationJobs;
  /** For draft previews (sends are translated by the jobs). */
  translator: ChatTranslator;
  events: EventPublisher;
  /** The send path's cached membership and direction; told when a room or context changes. */
  contexts: SendContexts;
  /** Messages a user may send per 10 seconds. */
  sendsPer10s?: number;
  /** Draft previews a user may ask for per 10 seconds (default 40). */
  previewsPer10s?: number | undefined;
  /** The users' translation budget (sends that need translating, previews). */
  budget?: TranslationBudget | undefined;
  /** User searches a user may make per minute (default 60). */
  searchesPerMinute?: number;
  /** Counted for metrics. */
  onMessageStored?: () => void;
  /** Where changes record their domain events (push, webhooks...), in their transaction. */
  eventLog: EventLog;
  /** Whether one of these sessions' devices is not showing the room now (a send's push may be needed). */
  away(roomId: string, sessionIds: readonly string[]): Promise<boolean>;
  /** The clock of the edit window (tests move it). */
  now?: () => Date;
}

export async function chatRoutes(app: FastifyInstance, deps: ChatRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, events, contexts } = deps;
  const sendLimit = createRateLimit({
    name: 'send', points: deps.sendsPer10s ?? 30, durationSec: 10,
    tooMany: (s) => `You are sending too fast. Try again in ${s} seconds.`,
  });
  // Previews follow typing pauses (one per ~350 ms at most), so this is generous for a person.
  const previewLimit = createRateLimit({
    name: 'preview', points: deps.previewsPer10s ?? 40, durationSec: 10,
    tooMany: (s) => `Too many previews. Try again in ${s} seconds.`,
  });
  // The dialog searches after a 300 ms pause: a person types far fewer than one a second for a minute.
  const searchLimit = createRateLimit({
    name: 'search', points: deps.searchesPerMinute ?? 60, durationSec: 60,
    tooMany: (s) => `Too many searches. Try again in ${s} seconds.`,
  });
  // Message search: also after a 300 ms pause, with "show more" pages.
  const messageSearchLimit = createRateLimit({
    name: 'messageSearch', points: deps.searchesPerMinute ?? 60, durationSec: 60,
    tooMany: (s) => `Too many searches. Try again in ${s} seconds.`,
  });
  app.addHook('onRequest', deps.requireUser);

  r.get(CHAT_API.searchMessages, { schema: { querystring: messageSearchQuery } }, async (request) => {
    const user = currentUser(request);
    await messageSearchLimit.consume(user.id);
    return searchMessages(db, user.id, request.query);
  });

  r.get(CHAT_API.searchUsers, { schema: { querystring: searchUsersQuery } }, async (request) => {
    const user = currentUser(request);
    await searchLimit.consume(user.id);
    return { users: await searchUsers(db, user.id, request.query.q) };
  });

  r.get(CHAT_API.chats, async (request) => ({ conversations: await listConversations(db, currentUser(request).id) }));

  r.post(CHAT_API.chats, { schema: { body: startChatBody } }, async (request, reply) => {
    const me = currentUser(request).id;
    const { roomId, created } = await startChat(db, me, request.body.userId, request.body.relationshipType as PickerRelationshipType | undefined);
    if (request.body.relationshipType) contexts.changed();
    const [room, partner, context] = await Promise.all([getConversation(db, me, roomId), partnerOf(db, roomId, me), getContext(db, roomId, me)]);
    if (created) {
      events.publish([me], { v: 1, type: 'room.created', room });
      events.publish([request.body.userId], { v: 1, type: 'room.created', room: await getConversation(db, request.body.userId, roomId) });
    }
    const body: StartChatResponse = {
      created, room,
      partner: { ...(partner ?? { id: request.body.userId, username: '', email: '', language: null }), chatRoomId: roomId, relationshipContext: context },
    };
    return reply.status(created ? 201 : 200).send(body);
  });

  // Groups (issue 22): every command checks membership and role and publishes its own events.
  const groupDeps = { db, events, contexts, eventLog: deps.eventLog };
  r.post(CHAT_API.groups, { schema: { body: createGroupBody } }, async (request, reply) =>
    reply.status(201).send(await createGroup(groupDeps, currentUser(request).id, request.body)));
  r.get(`${CHAT_API.chats}/:roomId/members`, { schema: { params: roomParams } }, async (request) =>
    listMembers(db, currentUser(request).id, request.params.roomId));
  r.post(`${CHAT_API.chats}/:roomId/members`, { schema: { params: roomParams, body: addMembersBody } }, async (request) =>
    addMembers(groupDeps, currentUser(request).id, request.params.roomId, request.body.userIds));
  r.delete(`${CHAT_API.chats}/:roomId/members/:userId`, { schema: { params: memberParams } }, async (request) =>
    removeMember(groupDeps, currentUser(request).id, request.params.roomId, request.params.userId));
  r.post(`${CHAT_API.chats}/:roomId/members/:userId/admin`, { schema: { params: memberParams } }, async (request) =>
    makeAdmin(groupDeps, currentUser(request).id, request.params.roomId, request.params.userId));
  r.patch(`${CHAT_API.chats}/:roomId/group`, { schema: { params: roomParams, body: updateGroupBody } }, async (request) =>
    updateGroup(groupDeps, currentUser(request).id, request.params.roomId, request.body));
  r.post(`${CHAT_API.chats}/:roomId/leave`, { schema: { params: roomParams, body: leaveGroupBody.optional() } }, async (request) =>
    leaveGroup(groupDeps, currentUser(request).id, request.params.roomId, request.body?.successorId));

  r.delete(`${CHAT_API.chats}/:roomId`, { schema: { params: roomParams } }, async (request) => {
    const result = await deleteRoom(db, currentUser(request).id, request.params.roomId);
    if (result.deleted) contexts.changed();
    if (result.deleted) events.publish(result.participants, { v: 1, type: 'room.deleted', roomId: request.params.roomId });
    return { deleted: result.deleted };
  });

  // Mark read, then tell the reader's sockets and the members who may see it (read receipts on both
  // sides, no block either way: chat/receipts.ts) (REST route and RPC alike).
  const markReadAndPublish = async (me: string, roomId: string) => {
    const lastReadMessageId = await markRead(db, me, roomId);
    events.publish(await readAudience(db, me, roomId), { v: 1, type: 'read.updated', roomId, userId: me, lastReadMessageId });
    return lastReadMessageId;
  };

  r.get(`${CHAT_API.chats}/:roomId/reads`, { schema: { params: roomParams } }, async (request) => ({
    reads: await readMarks(db, currentUser(request).id, request.params.roomId),
  }));

  r.post(`${CHAT_API.chats}/:roomId/read`, { schema: { params: roomParams } }, async (request) => ({
    lastReadMessageId: await markReadAndPublish(currentUser(request).id, request.params.roomId),
  }));

  r.get(`${CHAT_API.chats}/:roomId/context`, { schema: { params: roomParams } }, async (request) => ({
    relationshipContext: await getContext(db, request.params.roomId, currentUser(request).id),
  }));

  r.put(`${CHAT_API.chats}/:roomId/context`, { schema: { params: roomParams, body: saveContextBody } }, async (request) => {
    const relationshipContext = await saveContext(db, request.params.roomId, currentUser(request).id, contextFromBody(request.body));
    contexts.changed();
    return { relationshipContext };
  });

  r.get(`${CHAT_API.chats}/:roomId/messages`, { schema: { params: roomParams, querystring: messagesQuery } }, async (request) => ({
    messages: await listMessages(db, currentUser(request).id, request.params.roomId, request.query, deps.jobs),
  }));

  r.post(`${CHAT_API.chats}/:roomId/messages`, { schema: { params: roomParams, body: sendMessageBody } }, async (request, reply) => {
    const me = currentUser(request).id;
    await sendLimit.consume(me);
    // Safe to repeat after a lost connection: the client id makes the insert idempotent.
    const { message, created } = await retryOnConnectionLoss(() =>
      sendMessage(
        { db, jobs: deps.jobs, events, contexts, budget: deps.budget, eventLog: deps.eventLog, away: deps.away },
        { senderId: me, roomId: request.params.roomId, content: request.body.content, clientId: request.body.clientId, replyTo: request.body.replyTo, linkPreview: request.body.linkPreview },
      ),
    ).catch(contexts.refuseDeletedRoom);
    if (created) deps.onMessageStored?.();
    return reply.status(created ? 201 : 200).send({ message });
  });

  r.post(`${CHAT_API.chats}/:roomId/messages/:messageId/retry-translation`, { schema: { params: messageParams } }, async (request) => {
    const me = currentUser(request).id;
    await sendLimit.consume(me);
    const { message } = await retryTranslation(
      { db, jobs: deps.jobs, events },
      { userId: me, roomId: request.params.roomId, messageId: request.params.messageId },
    );
    return { message };
  });

  // The life of a message (issue 25): edit and delete one's own, react to any (messageLife.ts, reactions.ts).
  r.patch(`${CHAT_API.chats}/:roomId/messages/:messageId`, { schema: { params: messageParams, body: editMessageBody } }, async (request) => {
    const me = currentUser(request).id;
    await sendLimit.consume(me);
    const { roomId, messageId } = request.params;
    return editMessage(
      { db, jobs: deps.jobs, events, budget: deps.budget, eventLog: deps.eventLog, away: deps.away, now: deps.now ?? (() => new Date()) },
      { userId: me, roomId, messageId, content: request.body.content },
    );
  });

  r.delete(`${CHAT_API.chats}/:roomId/messages/:messageId`, { schema: { params: messageParams } }, async (request) => {
    const { roomId, messageId } = request.params;
    return deleteMessage({ db, events, eventLog: deps.eventLog }, { userId: currentUser(request).id, roomId, messageId });
  });

  r.post(`${CHAT_API.chats}/:roomId/messages/:messageId/reactions`, { schema: { params: messageParams, body: reactionBody } }, async (request) => {
    const me = currentUser(request).id;
    await sendLimit.consume(me);
    const { roomId, messageId } = request.params;
    return setReaction({ db, events, eventLog: deps.eventLog }, { userId: me, roomId, messageId, emoji: request.body.emoji as ReactionEmoji, active: request.body.active });
  });

  r.post(`${CHAT_API.chats}/:roomId/preview`, { schema: { params: roomParams, body: previewTranslationBody } }, async (request) => {
    const me = currentUser(request).id;
    await previewLimit.consume(me);
    const spend = deps.budget ? (chars: number) => deps.budget!.spend(me, chars) : undefined;
    return previewTranslation(db, deps.translator, { senderId: me, roomId: request.params.roomId, content: request.body.content, spend });
  });

  // Fix a translation once: the corrected row goes to both participants like a new translation.
  r.put(`${CHAT_API.chats}/:roomId/messages/:messageId/translation`, { schema: { params: messageParams, body: correctTranslationBody } }, async (request) => {
    const { roomId, messageId } = request.params;
    return correctTranslation(db, events, { userId: currentUser(request).id, roomId, messageId, text: request.body.text, glossary: request.body.glossary });
  });

  r.get(`${CHAT_API.chats}/:roomId/glossary`, { schema: { params: roomParams } }, async (request) => ({
    entries: await listGlossary(db, currentUser(request).id, request.params.roomId),
  }));

  r.put(`${CHAT_API.chats}/:roomId/glossary/:entryId`, { schema: { params: glossaryParams, body: glossaryEntryBody } }, async (request) => ({
    entry: await updateGlossaryEntry(db, currentUser(request).id, request.params.roomId, request.params.entryId, request.body),
  }));

  r.delete(`${CHAT_API.chats}/:roomId/glossary/:entryId`, { schema: { params: glossaryParams } }, async (request) => {
    await deleteGlossaryEntry(db, currentUser(request).id, request.params.roomId, request.params.entryId);
    return { deleted: true };
  });

  // The spec's remote procedures, for clients written against them.
  r.post('/api/rpc/delete_chat_room', { schema: { body: z.object({ room_id: z.string().max(64) }) } }, async (request) => {
    const result = await deleteRoom(db, currentUser(request).id, request.body.room_id);
    if (result.deleted) contexts.changed();
    if (result.deleted) events.publish(result.participants, { v: 1, type: 'room.deleted', roomId: request.body.room_id });
    return result.deleted;
  });
  r.post('/api/rpc/mark_chat_room_messages_read', { schema: { body: z.object({ room_id: z.string().max(64) }) } }, async (request) => {
    await markReadAndPublish(currentUser(request).id, request.body.room_id);
    return null;
  });
}
