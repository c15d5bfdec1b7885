import { EventEmitter } from 'node:events';

export type SessionEndReason = 'signed_out' | 'expired';
export type SessionEndedListener = (sessionId: string, reason: SessionEndReason) => void;
export type UserChangedListener = (userId: string) => void;

/**
 * The one place that says "this session ended" (sign-out, idle or absolute expiry). Every socket
 * server (chat, voice) subscribes and closes the sockets opened with that session. In-process
 * today; a cluster routes the same two calls through a shared bus.
 */
export interface SessionEvents {
  ended(sessionId: string, reason: SessionEndReason): void;
  /** Subscribe; returns the unsubscribe function. */
  onEnded(listener: SessionEndedListener): () => void;
  /** What a session says of its account changed (the role): every node forgets its cached sessions of the user. */
  userChanged(userId: string): void;
  onUserChanged(listener: UserChangedListener): () => void;
}

export function createSessionEvents(): SessionEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    ended: (sessionId, reason) => void emitter.emit('ended', sessionId, reason),
    onEnded(listener) {
      emitter.on('ended', listener);
      return () => emitter.off('ended', listener);
    },
    userChanged: (userId) => void emitter.emit('user', userId),
    onUserChanged(listener) {
      emitter.on('user', listener);
      return () => emitter.off('user', listener);
    },
  };
}
