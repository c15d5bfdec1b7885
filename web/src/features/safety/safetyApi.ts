import { SAFETY_API } from '@parley/common/client';
import type { BlockListResponse, BlockResponse, ReportBody, ReportResponse } from '@parley/common';
import { api } from '../../lib/api.ts';

export const BLOCKS_KEY = ['safety', 'blocks'] as const;

/** Block and report (server/src/safety/). */
export const safetyApi = {
  blocked: (signal?: AbortSignal) => api.get<BlockListResponse>(SAFETY_API.blocks, signal),
  block: (userId: string) => api.post<BlockResponse>(SAFETY_API.blocks, { userId }),
  unblock: (userId: string) => api.delete<{ removed: boolean }>(SAFETY_API.block.replace(':userId', encodeURIComponent(userId))),
  report: (body: ReportBody) => api.post<ReportResponse>(SAFETY_API.reports, body),
};
