import type { ReactNode } from 'react';
import { act, cleanup, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserSearch } from './useUserSearch.ts';
import { useDebouncedValue } from './useDebouncedValue.ts';

const fetchMock = vi.fn(async (_url: string) =>
  new Response(JSON.stringify({ users: [{ id: 'u1', username: 'bruno', email: 'bruno@example.com' }] }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  }),
);

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const advance = (ms: number) => act(async () => {
  await vi.advanceTimersByTimeAsync(ms);
});

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useDebouncedValue', () => {
  it('settles on the last value once it stops changing for the delay', async () => {
    const { result, rerender } = renderHook(({ v }) => useDebouncedValue(v, 300), { initialProps: { v: 'a' } });
    rerender({ v: 'ab' });
    await advance(200);
    rerender({ v: 'abc' });
    await advance(299);
    expect(result.current).toBe('a');
    await advance(1);
    expect(result.current).toBe('abc');
  });
});

describe('useUserSearch', () => {
  it('searches once, 300 ms after the typing pauses, for the trimmed query', async () => {
    const { result, rerender } = renderHook(({ q }) => useUserSearch(q), { initialProps: { q: '' }, wrapper });
    for (const q of ['b', 'br', ' bru ']) {
      rerender({ q });
      await advance(100);
    }
    expect(result.current.searching).toBe(true);
    await advance(199);
    expect(fetchMock).not.toHaveBeenCalled();
    await advance(1);
    await advance(10);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/users/search?q=bru');
    expect(result.current.term).toBe('bru');
    expect(result.current.users?.map((u) => u.username)).toEqual(['bruno']);
    expect(result.current.searching).toBe(false);
  });

  it('never searches for a blank query', async () => {
    const { result, rerender } = renderHook(({ q }) => useUserSearch(q), { initialProps: { q: '' }, wrapper });
    rerender({ q: '   ' });
    await advance(1000);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(result.current.term).toBe('');
    expect(result.current.users).toBeUndefined();
    expect(result.current.searching).toBe(false);
  });

  it('clears the results at once when the box is emptied', async () => {
    const { result, rerender } = renderHook(({ q }) => useUserSearch(q), { initialProps: { q: 'bru' }, wrapper });
    await advance(310);
    expect(result.current.users).toHaveLength(1);
    rerender({ q: '' });
    expect(result.current.users).toBeUndefined();
    expect(result.current.term).toBe('');
  });

  it('does not search while disabled (dialog closed)', async () => {
    renderHook(() => useUserSearch('bruno', false), { wrapper });
    await advance(1000);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
