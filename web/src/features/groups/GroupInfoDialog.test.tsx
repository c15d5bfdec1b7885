import type { ReactNode } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConversationListItem, RoomMember } from '@parley/common';
import { I18nProvider } from '../../lib/i18n.tsx';
import { GroupInfoDialog } from './GroupInfoDialog.tsx';

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }) }));

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const member = (id: string, language: string, is_admin = false): RoomMember => ({ id, username: id, language, is_admin, joined_at: '' });
const MEMBERS = [member('me', 'en'), member('ana', 'es', true), member('li', 'fr')];
const room = (isAdmin: boolean): ConversationListItem => ({
  id: 'g1', kind: 'group', name: 'Trip', created_at: '', memberCount: 3, avatarInitials: 'T', register: 'friends', isAdmin,
  lastMessage: null, otherUser: null, unreadCount: 0,
});

function setup(isAdmin: boolean) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    return url.endsWith('/leave') ? json({ left: true }) : json({ room: room(isAdmin), members: MEMBERS.filter((m) => m.id !== 'li') });
  }));
  const onLeft = vi.fn();
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <I18nProvider initialLanguage="en">{children}</I18nProvider>
    </QueryClientProvider>
  );
  render(<GroupInfoDialog room={room(isAdmin)} members={MEMBERS} myId="me" open onOpenChange={() => {}} onLeft={onLeft} />, { wrapper });
  return { calls, onLeft };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('GroupInfoDialog', () => {
  it('lists the members with language and admin mark, admins first; a member has no admin actions', () => {
    setup(false);
    const rows = screen.getAllByTestId('group-member');
    expect(rows.map((r) => r.dataset.username)).toEqual(['ana', 'li', 'me']);
    expect(within(rows[0]!).getByTestId('group-admin-mark').textContent).toBe('Admin');
    expect(within(rows[1]!).getByTestId('group-member-language').textContent).toBe('French');
    expect(within(rows[2]!).getByText('(you)')).toBeTruthy();
    expect(screen.queryByTestId('group-member-menu')).toBeNull();
    expect(screen.queryByTestId('group-add-members')).toBeNull();
    expect(screen.queryByTestId('group-rename-input')).toBeNull();
  });

  it('lets an admin remove a member after confirming', async () => {
    const { calls } = setup(true);
    expect(screen.getAllByTestId('group-member-menu')).toHaveLength(2); // not on our own row
    const li = screen.getAllByTestId('group-member').find((r) => r.dataset.username === 'li')!;
    fireEvent.pointerDown(within(li).getByTestId('group-member-menu'), { button: 0, ctrlKey: false });
    fireEvent.click(await screen.findByTestId('group-remove-member'));
    expect(screen.getByTestId('group-remove-dialog').textContent).toContain('Remove li from Trip?');
    fireEvent.click(screen.getByTestId('group-remove-confirm'));
    await waitFor(() => expect(calls).toContain('DELETE /api/chats/g1/members/li'));
  });

  it('leaves after confirming', async () => {
    const { calls, onLeft } = setup(false);
    fireEvent.click(screen.getByTestId('group-leave'));
    expect(screen.getByTestId('group-leave-dialog').textContent).toContain('Leave Trip?');
    fireEvent.click(screen.getByTestId('group-leave-confirm'));
    await waitFor(() => expect(onLeft).toHaveBeenCalled());
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual(['POST /api/chats/g1/leave']);
  });
});
