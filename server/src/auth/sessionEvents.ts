import { EventEmitter } from 'node:events';

export type SessionEndReason = 'signed_out' | 'expired';
export type SessionEndedListener = (sessionId: string, reason: SessionEndReason) => void;

/**
 * The one place that says "this session ended" (sign-out, idle or absolute expiry). Every socket
 * server (chat, voice) subscribes and closes the sockets opened with that session. In-process
 * today; a cluster routes the same two calls through a shared bus.
 */
export interface SessionEvents {
  ended(sessionId: string, reason: SessionEndReason): void;
  /** Subscribe; returns the unsubscribe function. */
  onEnded(listener: SessionEndedListener): () => void;
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
  };
}
