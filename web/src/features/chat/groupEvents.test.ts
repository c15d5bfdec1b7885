import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ConversationListItem, RoomMember } from '@parley/common';
import { CHATS_KEY } from './chatApi.ts';
import { applyGroupEvent } from './groupEvents.ts';
import { membersKey, formerKey } from './members.ts';

const room: ConversationListItem = {
  id: 'g1', kind: 'group', name: 'Trip', created_at: '', memberCount: 3, avatarInitials: 'T', register: 'friends', isAdmin: false,
  lastMessage: null, otherUser: null, unreadCount: 0,
};
const member = (id: string, is_admin = false): RoomMember => ({ id, username: id, language: 'en', is_admin, joined_at: '' });

function client() {
  const c = new QueryClient();
  c.setQueryData(CHATS_KEY, [room, { ...room, id: 'g2', name: 'Other' }]);
  c.setQueryData(membersKey('g1'), [member('ana', true), member('me'), member('li')]);
  return c;
}
const list = (c: QueryClient) => c.getQueryData<ConversationListItem[]>(CHATS_KEY)!;
const members = (c: QueryClient) => c.getQueryData<RoomMember[]>(membersKey('g1'))!.map((m) => `${m.id}${m.is_admin ? '*' : ''}`);

describe('applyGroupEvent', () => {
  it('adds and removes members and keeps the count', () => {
    const c = client();
    applyGroupEvent(c, { v: 1, type: 'group.member_added', roomId: 'g1', members: [member('marc')], memberCount: 4 }, 'me');
    expect(members(c)).toEqual(['ana*', 'me', 'li', 'marc']);
    applyGroupEvent(c, { v: 1, type: 'group.member_removed', roomId: 'g1', userId: 'li', memberCount: 3 }, 'me');
    expect(members(c)).toEqual(['ana*', 'me', 'marc']);
    expect(list(c).map((r) => r.memberCount)).toEqual([3, 3]);
  });

  it('keeps the name of a member who is removed among the former members (their words keep their author), until they are added again', () => {
    const c = client();
    const names = () => c.getQueryData<{ id: string; username: string }[]>(formerKey('g1'))?.map((f) => f.username);
    applyGroupEvent(c, { v: 1, type: 'group.member_removed', roomId: 'g1', userId: 'li', memberCount: 2 }, 'me');
    expect(names()).toEqual(['li']);
    applyGroupEvent(c, { v: 1, type: 'group.member_removed', roomId: 'g1', userId: 'li', memberCount: 2 }, 'me');
    expect(names()).toEqual(['li']);
    applyGroupEvent(c, { v: 1, type: 'group.member_added', roomId: 'g1', members: [member('li')], memberCount: 3 }, 'me');
    expect(names()).toEqual([]);
    expect(members(c)).toEqual(['ana*', 'me', 'li']);
  });

  it('renames, changes the tone, and makes us admin only in that room', () => {
    const c = client();
    applyGroupEvent(c, { v: 1, type: 'group.renamed', roomId: 'g1', name: 'Lisbon' }, 'me');
    applyGroupEvent(c, { v: 1, type: 'group.register_changed', roomId: 'g1', register: 'formal' }, 'me');
    applyGroupEvent(c, { v: 1, type: 'group.admin_granted', roomId: 'g1', userId: 'me' }, 'me');
    expect(list(c).map((r) => [r.name, r.register, r.isAdmin])).toEqual([['Lisbon', 'formal', true], ['Other', 'friends', false]]);
    expect(members(c)).toEqual(['ana*', 'me*', 'li']);
  });
});
