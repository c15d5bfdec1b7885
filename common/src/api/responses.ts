import { z } from 'zod';
import { profileSchema, type SessionResponse, type SignInResponse, type SignUpResponse } from './auth.ts';
import type { ChatMessage, StartChatResponse, UserSearchResult, UserSummary } from './chat.ts';
import { TRANSLATION_FAILURE_REASONS, textSpan } from './translation.ts';

/**
 * Zod descriptions of the main routes' answers, for the OpenAPI document (server/src/http/openapiNotes.ts). The
 * routes answer the TypeScript types beside each schema; `Describes` below fails the typecheck when a type and its
 * schema part ways, and server/test/openapi.test.ts checks real answers against the document. Objects the document
 * does not spell out in full are loose (more fields may come).
 */

/** Compiles only when every T is a valid output of schema S (the schema describes what the route answers). */
type Describes<S extends z.ZodType, T> = T extends Known<z.output<S>> ? true : never;
/** A loose object's type without its index signature (interfaces have none), at every depth. */
type Known<T> = T extends (infer E)[] ? Known<E>[] : T extends object ? { [K in keyof T as string extends K ? never : K]: Known<T[K]> } : T;

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  admin: z.boolean().optional().describe('Present and true for administrators'),
});

export const sessionResponseSchema = z.object({ user: sessionUserSchema, profile: profileSchema }).meta({ id: 'Session' });
true satisfies Describes<typeof sessionResponseSchema, SessionResponse>;

export const signInResponseSchema = z.object({ user: sessionUserSchema, profile: profileSchema, firstSignIn: z.boolean() });
true satisfies Describes<typeof signInResponseSchema, SignInResponse>;

export const signUpResponseSchema = z.object({ user: sessionUserSchema, confirmationRequired: z.boolean() });
true satisfies Describes<typeof signUpResponseSchema, SignUpResponse>;

export const userSummarySchema = z.object({ id: z.string(), username: z.string(), email: z.string(), language: z.string().nullable() });
true satisfies Describes<typeof userSummarySchema, UserSummary>;

export const userSearchResponseSchema = z.object({
  users: z.array(z.object({ id: z.string(), username: z.string(), email: z.string().nullable() })),
});
true satisfies Describes<typeof userSearchResponseSchema, { users: UserSearchResult[] }>;

/** A message as a reader receives it: the original, and its translation into the reader's language. */
export const chatMessageSchema = z.looseObject({
  id: z.string().describe('A serial number, as a string'),
  chat_room_id: z.string(),
  sender_id: z.string().nullable(),
  client_id: z.string(),
  content: z.string().describe('The text as its sender wrote it'),
  original_language: z.string().nullable(),
  translated_content: z.string().nullable().describe("The text in this reader's language (null until translated, or not needed)"),
  target_language: z.string().nullable(),
  translation_status: z.enum(['pending', 'done', 'failed', 'not_needed']),
  translation_error: z.enum(TRANSLATION_FAILURE_REASONS).nullable(),
  unknown_spans: z.array(textSpan).nullable(),
  created_at: z.string(),
  edited_at: z.string().nullable().optional(),
  deleted_at: z.string().nullable().optional(),
}).meta({ id: 'ChatMessage' });
true satisfies Describes<typeof chatMessageSchema, ChatMessage>;

export const messageResponseSchema = z.object({ message: chatMessageSchema });
export const messagesResponseSchema = z.object({ messages: z.array(chatMessageSchema) });

export const startChatResponseSchema = z.object({
  created: z.boolean(),
  room: z.looseObject({ id: z.string(), kind: z.enum(['direct', 'group']), name: z.string() }),
  partner: userSummarySchema.extend({ chatRoomId: z.string(), relationshipContext: z.unknown() }),
});
true satisfies Describes<typeof startChatResponseSchema, StartChatResponse>;
