import type { ChatMessage } from '@parley/common';
import type { FastifyInstance } from 'fastify';

interface PollOptions {
  everyMs?: number;
  timeoutMs?: number;
}

/**
 * The tests' one poll-until: reads again every `everyMs` until `ok` holds (by default: a value that is not
 * undefined, null or false) and returns that value; after `timeoutMs` it fails naming `what`. Only a hang
 * fails: there is no timing assertion in it.
 */
export function until<T>(what: string, read: () => Promise<T> | T): Promise<Exclude<T, undefined | null | false>>;
export function until<T>(what: string, read: () => Promise<T> | T, ok: (value: T) => boolean, options?: PollOptions): Promise<T>;
export async function until<T>(
  what: string,
  read: () => Promise<T> | T,
  ok: (value: T) => boolean = (value) => value !== undefined && value !== null && value !== false,
  { everyMs = 50, timeoutMs = 120_000 }: PollOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`still waiting after ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** A message of a room as `cookie`'s owner reads it (GET .../messages through app.inject), or undefined. */
export async function readMessage(app: FastifyInstance, cookie: string, roomId: string, id: string): Promise<ChatMessage | undefined> {
  const res = await app.inject({ url: `/api/chats/${roomId}/messages`, headers: { cookie } });
  return (res.json() as { messages: ChatMessage[] }).messages.find((m) => m.id === id);
}

/** That message once its translation for the reader is no longer pending. */
export function settledMessage(app: FastifyInstance, cookie: string, roomId: string, id: string, options?: PollOptions): Promise<ChatMessage> {
  return until(`message ${id} translated`, () => readMessage(app, cookie, roomId, id), (m) => m !== undefined && m.translation_status !== 'pending', options) as Promise<ChatMessage>;
}
