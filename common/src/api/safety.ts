import { z } from 'zod';
import { safeText } from '../text.ts';
import { userIdParam } from './params.ts';

import { REPORT_REASON_MAX } from './safetyRoutes.ts';

export { CANNOT_MESSAGE, REPORT_REASON_MAX, SAFETY_API } from './safetyRoutes.ts';

export const blockBody = z.object({ userId: z.uuid('userId must be a user id') }).strict();
export const blockParams = z.object({ userId: userIdParam });

export const reportBody = z.object({
  userId: z.uuid('userId must be a user id'),
  /** The message reported, when it is one: it must be the reported user's, in a conversation of the reporter's. */
  messageId: z.string().regex(/^\d{1,18}$/, 'messageId must be a message id').optional(),
  reason: safeText().trim().min(1, 'Say why you report this').max(REPORT_REASON_MAX, `A reason can be at most ${REPORT_REASON_MAX} characters`),
}).strict();
export type ReportBody = z.infer<typeof reportBody>;

export interface BlockedUser {
  id: string;
  username: string;
  blockedAt: string;
}

export interface BlockResponse {
  blocked: true;
  /** false when the block already existed (blocking twice is a 200 that changes nothing). */
  created: boolean;
}

export interface BlockListResponse {
  users: BlockedUser[];
}

export interface ReportResponse {
  report: { id: string; createdAt: string };
}
