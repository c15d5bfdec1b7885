import type { ReactNode } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConversationListItem } from '@parley/common';
import { I18nProvider } from '../../lib/i18n.tsx';
import { ConversationList } from './ConversationList.tsx';
import { DeleteConversationDialog } from './DeleteConversationDialog.tsx';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), toast) }));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function Wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <I18nProvider initialLanguage="en">{children}</I18nProvider>
    </QueryClientProvider>
  );
}

const item = (patch: Partial<ConversationListItem> = {}): ConversationListItem => ({
  id: 'r1',
  kind: 'direct',
  name: 'Chat: bruno',
  created_at: new Date().toISOString(),
  memberCount: 2,
  avatarInitials: 'B',
  register: null,
  isAdmin: false,
  lastMessage: { content: '¿Dónde está la estación de tren más cercana, por favor?', created_at: new Date().toISOString(), sender_username: 'bruno', isFromCurrentUser: false },
  otherUser: { id: 'u2', username: 'bruno', email: 'bruno@example.com', language: 'es' },
  unreadCount: 12,
  ...patch,
});

const props = { onOpen: vi.fn(), onFindPeople: vi.fn(), onBrowsePartners: vi.fn() };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('ConversationList', () => {
  it('shows five skeletons while loading', () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
    render(<ConversationList {...props} />, { wrapper: Wrapper });
    expect(screen.getByTestId('conversation-skeletons').children).toHaveLength(5);
  });

  it('shows the empty state with Find People and the language partners', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ conversations: [] })));
    render(<ConversationList {...props} />, { wrapper: Wrapper });
    expect(await screen.findByText('No conversations yet')).toBeTruthy();
    expect(screen.getByText('Start chatting with someone to see your conversations here')).toBeTruthy();
    fireEvent.click(screen.getByTestId('find-people'));
    fireEvent.click(screen.getByTestId('browse-partners'));
    expect(props.onFindPeople).toHaveBeenCalled();
    expect(props.onBrowsePartners).toHaveBeenCalled();
  });

  it('shows name, time, preview cut at 40 and the 9+ badge; a click opens the chat', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ conversations: [item()] })));
    render(<ConversationList {...props} />, { wrapper: Wrapper });
    expect((await screen.findByTestId('conversation-name')).textContent).toBe('bruno');
    expect(screen.getByTestId('conversation-time').textContent).toBe('now');
    expect(screen.getByTestId('conversation-preview').textContent).toBe('bruno: ¿Dónde está la estación de tren más cerc…');
    expect(screen.getByTestId('unread-badge').textContent).toBe('9+');
    fireEvent.click(screen.getByTestId('conversation-open'));
    expect(props.onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'r1' }));
  });
});

describe('DeleteConversationDialog', () => {
  const confirm = async (response: Response | Error) => {
    const fetchMock = vi.fn(async () => {
      if (response instanceof Error) throw response;
      return response;
    });
    vi.stubGlobal('fetch', fetchMock);
    const onClose = vi.fn();
    render(<DeleteConversationDialog item={item()} onClose={onClose} />, { wrapper: Wrapper });
    expect(screen.getByText('Are you sure you want to delete your conversation with bruno? This action cannot be undone and will permanently delete all messages.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByTestId('delete-confirm'));
    });
    return { fetchMock, onClose };
  };

  it('deletes and says so', async () => {
    const { fetchMock, onClose } = await confirm(json({ deleted: true }));
    expect(fetchMock).toHaveBeenCalledWith('/api/chats/r1', expect.objectContaining({ method: 'DELETE' }));
    expect(toast.success).toHaveBeenCalledWith('Success', { description: 'Conversation deleted successfully.' });
    expect(onClose).toHaveBeenCalled();
  });

  it('explains a refusal (false)', async () => {
    await confirm(json({ deleted: false }));
    expect(toast.error).toHaveBeenCalledWith('Error', { description: "You don't have permission to delete this conversation." });
  });

  it('reports a failure', async () => {
    await confirm(new TypeError('Failed to fetch'));
    expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Failed to delete conversation. Please try again.' });
  });
});
