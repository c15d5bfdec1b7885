import { z } from 'zod';

export { REALTIME_PROTOCOL_VERSION, type ServerEvent, type ServerEventType } from './realtimeProtocol.ts';

/** Client -> server frames: only keep-alive; everything else goes over HTTP (idempotent sends). */
export const clientFrameSchema = z.discriminatedUnion('type', [z.object({ type: z.literal('ping') })]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

export const REALTIME_LIMITS = { maxFrameBytes: 1024, framesPerMinute: 120, socketsPerSession: 10, socketsPerUser: 30 } as const;

/** Close code of a chat socket over REALTIME_LIMITS.socketsPerSession or socketsPerUser (on this node). */
export const REALTIME_TOO_MANY_SOCKETS = { code: 4008, reason: 'too many sockets' } as const;
