import { LIMITS } from '@parley/common/client';
import type { ChatMessage } from '@parley/common';
import { chatApi } from './chatApi.ts';
import { compareIds } from './messages.ts';

/**
 * Where a conversation resumes after its socket reopens: the newest message id received in a way
 * that leaves nothing missed before it (the history, a resume, the socket's own events). Our own
 * sends answered over HTTP do not move it: while the socket was down the partner may have written
 * in between, and resuming after our message would skip theirs.
 */
export class ResumeMark {
  private mark: string | undefined;

  /** Rows from the history, a resume or the socket: the mark moves to the newest. */
  received(messages: readonly ChatMessage[]): void {
    for (const m of messages) if (this.mark === undefined || compareIds(m.id, this.mark) > 0) this.mark = m.id;
  }

  /**
   * The history: from the server every row counts; from the offline copy only up to the mark it
   * was saved with (it also holds our own sends answered over HTTP, which must not move the mark).
   */
  receivedHistory(history: { messages: readonly ChatMessage[]; resumeMark?: string | null }): void {
    const { resumeMark } = history;
    if (resumeMark === undefined) return this.received(history.messages);
    this.received(resumeMark === null ? [] : history.messages.filter((m) => compareIds(m.id, resumeMark) <= 0));
  }

  get current(): string | undefined {
    return this.mark;
  }
}

type MessagesApi = Pick<typeof chatApi, 'messages' | 'resume'>;

/**
 * What was missed since `mark`: the resume (newer messages, and the earlier ones that changed
 * shortly before the mark: a lower id that committed late, a translation stored while we were
 * away), then further pages while they come full. Without a mark: the latest history.
 */
export async function fetchMissed(roomId: string, mark: string | undefined, api: MessagesApi = chatApi): Promise<ChatMessage[]> {
  if (mark === undefined) return api.messages(roomId);
  const all = await api.resume(roomId, mark);
  let page = all;
  while (page.length >= LIMITS.messagesPage) {
    const last = page.reduce((max, m) => (compareIds(m.id, max) > 0 ? m.id : max), page[0]!.id);
    page = await api.messages(roomId, last);
    all.push(...page);
  }
  return all;
}
