import { createRateLimit, type RateLimit } from '../http/rateLimit.ts';

/** Mails one address (e-mail) and one client (IP) may ask for, per window. */
export interface MailLimits {
  perAccount: number;
  perAddress: number;
  windowSeconds: number;
}

export const DEFAULT_MAIL_LIMITS: MailLimits = { perAccount: 5, perAddress: 20, windowSeconds: 3_600 };

export type MailRequestKind = 'passwordReset' | 'confirmation';

/**
 * Limits on asking for a mail (a reset, a new confirmation link), per e-mail address and per client
 * address. Counted for any e-mail, with an account or not, so a 429 tells nothing about accounts.
 */
export class MailRateLimiter {
  private readonly limits: Record<MailRequestKind, [perAccount: RateLimit, perAddress: RateLimit]>;

  constructor(limits: MailLimits) {
    const make = (points: number, name: string) =>
      createRateLimit({ name, points, durationSec: limits.windowSeconds, tooMany: (s) => `Too many requests. Try again in ${s} seconds.` });
    this.limits = {
      passwordReset: [make(limits.perAccount, 'reset-acct'), make(limits.perAddress, 'reset-addr')],
      confirmation: [make(limits.perAccount, 'confirm-acct'), make(limits.perAddress, 'confirm-addr')],
    };
  }

  async consume(kind: MailRequestKind, email: string, address: string): Promise<void> {
    const [perAccount, perAddress] = this.limits[kind];
    await Promise.all([perAccount.consume(email.toLowerCase()), perAddress.consume(address)]);
  }
}
