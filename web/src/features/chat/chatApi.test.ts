import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { openChatFromStart, withRetry } from './chatApi.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('withRetry', () => {
  it('retries network failures with the same attempt until it succeeds', async () => {
    vi.useFakeTimers();
    const attempt = vi.fn()
      .mockRejectedValueOnce(new ApiError(0, 'network_error', 'offline'))
      .mockRejectedValueOnce(new ApiError(503, 'unavailable', 'busy'))
      .mockResolvedValueOnce('ok');
    const result = withRetry(attempt, 4, 100);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toBe('ok');
    expect(attempt).toHaveBeenCalledTimes(3);
  });

  it('does not retry a refusal (404, 400) and gives up after the last try', async () => {
    const notFound = vi.fn().mockRejectedValue(new ApiError(404, 'not_found', 'Conversation not found'));
    await expect(withRetry(notFound, 4, 1)).rejects.toMatchObject({ status: 404 });
    expect(notFound).toHaveBeenCalledTimes(1);
    const offline = vi.fn().mockRejectedValue(new ApiError(0, 'network_error', 'offline'));
    await expect(withRetry(offline, 3, 1)).rejects.toMatchObject({ status: 0 });
    expect(offline).toHaveBeenCalledTimes(3);
  });

  it('waits out a short 429 but not a long one', async () => {
    const long = vi.fn().mockRejectedValue(new ApiError(429, 'rate_limited', 'slow down', 30));
    await expect(withRetry(long, 4, 1)).rejects.toMatchObject({ status: 429 });
    expect(long).toHaveBeenCalledTimes(1);
  });
});

describe('openChatFromStart', () => {
  it('opens the room with the partner', () => {
    const partner = { id: 'u2', username: 'bruno', email: 'b@example.com', language: 'es' };
    const chat = openChatFromStart({
      created: true,
      room: { id: 'r1', kind: 'direct', memberCount: 2, avatarInitials: 'B', register: null, isAdmin: false, name: 'Chat: bruno', created_at: '', lastMessage: null, otherUser: partner, unreadCount: 0 },
      partner: { ...partner, chatRoomId: 'r1', relationshipContext: null },
    });
    expect(chat).toEqual({ roomId: 'r1', name: 'Chat: bruno', partner });
  });
});
