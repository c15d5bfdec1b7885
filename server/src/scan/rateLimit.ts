import { SCAN_LIMITS } from '@parley/common';
import { createRateLimit, type RateLimit } from '../http/rateLimit.ts';

export type ScanLimiter = RateLimit;

/** Scans per user per window (default 20 a minute): OCR is the most expensive call of the API. */
export function createScanLimiter(points: number = SCAN_LIMITS.perMinute, windowSeconds = 60): ScanLimiter {
  return createRateLimit({ name: 'scan', points, durationSec: windowSeconds, tooMany: (s) => `Too many scans. Try again in ${s} seconds.` });
}
