import { createRateLimit, type RateLimit } from '../http/rateLimit.ts';

/** Mail requests one client (IP) may make, per window. */
export interface MailLimits {
  perAddress: number;
  windowSeconds: number;
}

export const DEFAULT_MAIL_LIMITS: MailLimits = { perAddress: 20, windowSeconds: 3_600 };

export type MailRequestKind = 'passwordReset' | 'confirmation';

/**
 * Limits on asking for a mail (a reset, a new confirmation link), per client address only: a 429 is
 * always the asker's own doing. Per account there is no 429 an outsider could cause for the owner; the
 * account is sent at most one link a minute instead (accountMail.ts mailedRecently), answered the same.
 */
export class MailRateLimiter {
  private readonly limits: Record<MailRequestKind, RateLimit>;

  constructor(limits: MailLimits) {
    const make = (name: string) =>
      createRateLimit({ name, points: limits.perAddress, durationSec: limits.windowSeconds, tooMany: (s) => `Too many requests. Try again in ${s} seconds.` });
    this.limits = { passwordReset: make('reset-addr'), confirmation: make('confirm-addr') };
  }

  async consume(kind: MailRequestKind, address: string): Promise<void> {
    await this.limits[kind].consume(address);
  }
}
