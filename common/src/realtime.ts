import { z } from 'zod';

export { REALTIME_PROTOCOL_VERSION, type ServerEvent, type ServerEventType } from './realtimeProtocol.ts';

/**
 * Client -> server frames: keep-alive, 'typing' (the user is writing in a room: relayed to the room's
 * other members as a 'typing' event, nothing stored) and 'viewing' (web push: the conversation on screen). Everything else goes over HTTP (idempotent sends).
 */
export const clientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('typing'), roomId: z.string().min(1).max(64) }),
  /**
   * Which conversation this tab shows while the page is visible (null: none, or hidden). The server
   * keeps it per session and sends no push to a device that is looking at that conversation.
   */
  z.object({ type: z.literal('viewing'), roomId: z.string().min(1).max(64).nullable() }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

export const REALTIME_LIMITS = { maxFrameBytes: 1024, framesPerMinute: 120, socketsPerSession: 10, socketsPerUser: 30 } as const;

/** Close code of a chat socket over REALTIME_LIMITS.socketsPerSession or socketsPerUser (on this node). */
export const REALTIME_TOO_MANY_SOCKETS = { code: 4008, reason: 'too many sockets' } as const;
