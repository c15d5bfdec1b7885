import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgetLastSeen, rememberLastSeen, restoreLastSeen } from './lastSeen.ts';

const LIST = [{ id: 'room-1', partner: { username: 'bruno' } }];

/** One visit: a fresh QueryClient, as a reload makes; the list query answered by the server. */
async function visitAndLoadList(userId: string) {
  const client = new QueryClient();
  const stop = rememberLastSeen(client, userId);
  await client.fetchQuery({ queryKey: ['chats'], queryFn: async () => LIST });
  stop();
}

describe('the last conversation list seen on this device', () => {
  beforeEach(() => {
    localStorage.clear();
    document.head.innerHTML = '<script type="module" src="/assets/index-Aa11Bb22.js"></script>';
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => forgetLastSeen());

  it('draws the same user\'s list at once, marked stale so it is fetched again', async () => {
    await visitAndLoadList('ana');
    const next = new QueryClient();
    restoreLastSeen(next, 'ana');
    expect(next.getQueryData(['chats'])).toEqual(LIST);
    expect(next.getQueryState(['chats'])?.dataUpdatedAt).toBe(0);
    // Older than any staleTime: the list query fetches again as soon as the list is on screen.
    expect(next.getQueryCache().find({ queryKey: ['chats'] })?.isStaleByTime(60_000)).toBe(true);
  });

  it('never shows it to another user, after sign-out, after a new build, or on another screen', async () => {
    await visitAndLoadList('ana');
    const other = new QueryClient();
    restoreLastSeen(other, 'bruno');
    expect(other.getQueryData(['chats'])).toBeUndefined();

    window.history.replaceState(null, '', '/chat/room-1');
    const deepLink = new QueryClient();
    restoreLastSeen(deepLink, 'ana');
    expect(deepLink.getQueryData(['chats'])).toBeUndefined();
    window.history.replaceState(null, '', '/');

    document.head.innerHTML = '<script type="module" src="/assets/index-Cc33Dd44.js"></script>';
    const newBuild = new QueryClient();
    restoreLastSeen(newBuild, 'ana');
    expect(newBuild.getQueryData(['chats'])).toBeUndefined();

    await visitAndLoadList('ana');
    forgetLastSeen();
    const afterSignOut = new QueryClient();
    restoreLastSeen(afterSignOut, 'ana');
    expect(afterSignOut.getQueryData(['chats'])).toBeUndefined();
  });

  it('keeps only the list, not the messages of a conversation', async () => {
    const client = new QueryClient();
    const stop = rememberLastSeen(client, 'ana');
    await client.fetchQuery({ queryKey: ['chats', 'room-1', 'messages'], queryFn: async () => ['secret'] });
    stop();
    expect(localStorage.getItem('parley.lastSeen')).toBeNull();
  });
});
