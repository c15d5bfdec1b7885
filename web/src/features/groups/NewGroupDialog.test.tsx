import type { ReactNode } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConversationListItem, GroupResponse } from '@parley/common';
import { I18nProvider } from '../../lib/i18n.tsx';
import { NewGroupDialog } from './NewGroupDialog.tsx';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), toast) }));

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const USERS = [
  { id: '00000000-0000-4000-8000-000000000002', username: 'bruno', email: 'bruno@example.com' },
  { id: '00000000-0000-4000-8000-000000000003', username: 'claire', email: 'claire@example.com' },
];
const room: ConversationListItem = {
  id: 'g1', kind: 'group', name: 'Trip', created_at: '', memberCount: 3, avatarInitials: 'T', register: 'friends', isAdmin: true,
  lastMessage: null, otherUser: null, unreadCount: 0,
};

function setup(answer: (body: unknown) => Response) {
  const posted: unknown[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/users/search')) {
      const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
      return json({ users: USERS.filter((u) => u.username.startsWith(q)) });
    }
    const body: unknown = JSON.parse(String(init?.body));
    posted.push(body);
    return answer(body);
  }));
  const onCreated = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <I18nProvider initialLanguage="en">{children}</I18nProvider>
    </QueryClientProvider>
  );
  render(<NewGroupDialog open onOpenChange={() => {}} onCreated={onCreated} />, { wrapper });
  return { posted, onCreated };
}

async function pick(username: string) {
  fireEvent.change(screen.getByTestId('group-people-search'), { target: { value: username } });
  // The search waits for a pause in typing, then the answer: on a loaded machine that can outlast findBy's 1 s.
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(username) }, { timeout: 10_000 }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('NewGroupDialog', () => {
  it('creates a group of the people picked, with its name and tone, and opens it', async () => {
    const { posted, onCreated } = setup(() => json({ room, members: [] } satisfies GroupResponse, 201));
    const create = screen.getByTestId('group-create');
    fireEvent.change(screen.getByTestId('group-name-input'), { target: { value: '  Trip  ' } });
    await pick('bruno');
    expect(screen.getByTestId('group-chosen-count').textContent).toBe('Pick at least 2 people.');
    expect((create as HTMLButtonElement).disabled).toBe(true);
    await pick('claire');
    expect(screen.getByTestId('group-chosen-count').textContent).toBe('2 people chosen');
    fireEvent.click(screen.getByTestId('group-tone-family'));
    fireEvent.click(create);
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith({ roomId: 'g1', name: 'Trip', kind: 'group', partner: null }));
    expect(posted).toEqual([{ name: 'Trip', memberIds: USERS.map((u) => u.id), register: 'family' }]);
  }, 30_000);

  it("says why the server refused, in the UI's language", async () => {
    setup(() => json({ error: { code: 'unknown_member', message: 'server English' } }, 400));
    fireEvent.change(screen.getByTestId('group-name-input'), { target: { value: 'Trip' } });
    await pick('bruno');
    await pick('claire');
    fireEvent.click(screen.getByTestId('group-create'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('The group could not be created', { description: 'One of these people no longer has an account.' }));
  }, 30_000);
});
