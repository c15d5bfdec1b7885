import type { ReactNode } from 'react';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@parley/common';
import { RealtimeClient, RealtimeProvider } from '../../lib/realtime.ts';
import { OutboxProvider } from './useOutbox.ts';
import { useConversation } from './useConversation.ts';

const ROOM = 'room-1';
const ME = 'me';
const PARTNER = 'partner';

/** The browser socket, driven by the test. */
class FakeSocket extends EventTarget {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static instances: FakeSocket[] = [];
  readyState = 0;
  binaryType = 'blob';
  constructor(readonly url: string) {
    super();
    FakeSocket.instances.push(this);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  receive(data: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  drop() {
    this.readyState = 3;
    this.dispatchEvent(Object.assign(new Event('close'), { code: 1006, reason: '', wasClean: false }));
  }
}
const socket = () => FakeSocket.instances.at(-1) as FakeSocket;
/** partysocket creates its socket on the next turn. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

const row = (id: number, sender: string, patch: Partial<ChatMessage> = {}): ChatMessage => ({
  id: String(id), chat_room_id: ROOM, sender_id: sender, client_id: `client-${id}-xxxx`, content: `message ${id}`,
  original_language: 'es', translated_content: `translation ${id}`, target_language: 'en', translation_status: 'done',
  translation_error: null, unknown_spans: null, created_at: new Date().toISOString(), ...patch,
});

/**
 * The server's side of the conversation: it stores sends and answers history and resumes as
 * server/src/chat/messages.ts does (a resume also returns the rows in `recentlyChanged`).
 */
function fakeServer(initial: ChatMessage[]) {
  const rows = [...initial];
  const recentlyChanged = new Set<string>();
  const gets: string[] = [];
  /** Answer the next history request as the service worker's offline copy would. */
  let offlineCopy: { messages: ChatMessage[]; resumeMark: string | null } | undefined;
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === `/api/chats/${ROOM}/read`) return json({ lastReadMessageId: rows.at(-1)?.id ?? '0' });
    if (url.pathname !== `/api/chats/${ROOM}/messages`) return json({ error: { code: 'not_found', message: 'no' } }, 404);
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { content: string; clientId: string };
      const message = row(rows.length + 1, ME, { content: body.content, client_id: body.clientId, translation_status: 'pending', translated_content: null });
      rows.push(message);
      return json({ message }, 201);
    }
    gets.push(url.search);
    const resume = url.searchParams.get('resume');
    if (resume) return json({ messages: rows.filter((m) => Number(m.id) > Number(resume) || recentlyChanged.has(m.id)) });
    if (offlineCopy) {
      const copy = offlineCopy;
      offlineCopy = undefined;
      return json(copy);
    }
    return json({ messages: rows.slice(-50) });
  });
  return { rows, recentlyChanged, gets, fetch, answerFromOfflineCopy: (copy: typeof offlineCopy) => (offlineCopy = copy) };
}

function setup(server: ReturnType<typeof fakeServer>) {
  vi.stubGlobal('fetch', server.fetch);
  const realtime = new RealtimeClient({ url: 'ws://test/api/realtime', WebSocket: FakeSocket, heartbeatMs: 60_000 });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider client={realtime}>
        <OutboxProvider userId={ME}>{children}</OutboxProvider>
      </RealtimeProvider>
    </QueryClientProvider>
  );
  const hook = renderHook(() => useConversation({ roomId: ROOM, myId: ME, onGone: vi.fn(), onSendError: vi.fn() }), { wrapper });
  return { realtime, hook, ids: () => hook.result.current.messages.map((m) => m.id) };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  FakeSocket.instances = [];
});

describe('useConversation after the socket reopens', () => {
  it('resumes from the newest message received, not from our own send answered while the socket was down, and ends with the stored translations', async () => {
    const server = fakeServer([row(1, PARTNER), row(2, PARTNER, { translation_status: 'pending', translated_content: null })]);
    const { realtime, hook, ids } = setup(server);
    realtime.start();
    await tick();
    await act(async () => socket().open());
    await waitFor(() => expect(ids()).toEqual(['1', '2']));

    // Live: the partner's third message arrives on the socket.
    const third = row(3, PARTNER);
    server.rows.push(third);
    act(() => socket().receive({ v: 1, type: 'message.created', message: third }));
    await waitFor(() => expect(ids()).toEqual(['1', '2', '3']));

    // The socket drops. Meanwhile the partner writes twice, message 2's translation is stored
    // (its node died before announcing it), and our own send is answered over HTTP as message 6.
    act(() => socket().drop());
    server.rows.push(row(4, PARTNER), row(5, PARTNER));
    server.rows[1] = row(2, PARTNER);
    server.recentlyChanged.add('2');
    await act(async () => hook.result.current.send('sent while offline'));
    await waitFor(() => expect(ids()).toEqual(['1', '2', '3', '6']));

    // It reopens: the resume starts after 3, the newest message received with nothing missed before it.
    server.gets.length = 0;
    realtime.reconnect();
    await tick();
    await act(async () => socket().open());
    await waitFor(() => expect(ids()).toEqual(['1', '2', '3', '4', '5', '6']));
    expect(server.gets).toEqual(['?resume=3']);
    const second = hook.result.current.messages.find((m) => m.id === '2');
    expect(second).toMatchObject({ translation_status: 'done', translated_content: 'translation 2' });
  });

  it('resumes when the socket first opens after the conversation loaded without it', async () => {
    const server = fakeServer([row(1, PARTNER)]);
    const { realtime, ids } = setup(server);
    await waitFor(() => expect(ids()).toEqual(['1']));
    // Written before this tab's socket was ever open: no event will bring it.
    server.rows.push(row(2, PARTNER));
    realtime.start();
    await tick();
    await act(async () => socket().open());
    await waitFor(() => expect(ids()).toEqual(['1', '2']));
    expect(server.gets).toEqual(['', '?resume=1']);
  });

  it('opened from the offline copy, resumes from the mark saved with it, not from our own send in it', async () => {
    const server = fakeServer([row(1, PARTNER), row(2, PARTNER), row(3, PARTNER), row(4, ME)]);
    // Saved while the socket was down: 4 is our own send answered over HTTP; 3 never reached us.
    server.answerFromOfflineCopy({ messages: [row(1, PARTNER), row(2, PARTNER), row(4, ME)], resumeMark: '2' });
    const { realtime, ids } = setup(server);
    await waitFor(() => expect(ids()).toEqual(['1', '2', '4']));
    realtime.start();
    await tick();
    await act(async () => socket().open());
    await waitFor(() => expect(ids()).toEqual(['1', '2', '3', '4']));
    expect(server.gets).toEqual(['', '?resume=2']);
  });
});
