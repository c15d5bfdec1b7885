import { SESSION_ENDED_COOKIE } from '@parley/common/routes';
import { afterEach, describe, expect, it } from 'vitest';
import { hasSessionHint } from './AuthProvider.tsx';

const SESSION = { user: { id: 'u1', email: 'ana@example.com' }, profile: { id: 'u1', username: 'ana' } };

afterEach(() => {
  localStorage.clear();
  document.cookie = `${SESSION_ENDED_COOKIE}=; Max-Age=0; Path=/`;
});

describe('a session ended elsewhere (the server set SESSION_ENDED_COOKIE with the page)', () => {
  it('forgets the stored session and the last list before anything is drawn from them, once', () => {
    localStorage.setItem('parley.session', JSON.stringify(SESSION));
    localStorage.setItem('parley.lastSeen', JSON.stringify({ userId: 'u1', data: [] }));
    document.cookie = `${SESSION_ENDED_COOKIE}=1; Path=/`;
    expect(hasSessionHint()).toBe(false);
    expect(JSON.parse(localStorage.getItem('parley.session') ?? 'null')).toBeNull();
    expect(JSON.parse(localStorage.getItem('parley.lastSeen') ?? 'null')).toBeNull();
    expect(document.cookie).not.toContain(SESSION_ENDED_COOKIE);
  });

  it('keeps the stored session without that signal (a warm start, offline included)', () => {
    localStorage.setItem('parley.session', JSON.stringify(SESSION));
    expect(hasSessionHint()).toBe(true);
    expect(JSON.parse(localStorage.getItem('parley.session') ?? 'null')).toEqual(SESSION);
  });
});
