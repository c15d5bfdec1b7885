import { createRateLimit, type RateLimit } from '../http/rateLimit.ts';

export interface AuthLimits {
  signInPerAccount: number;
  signInPerAddress: number;
  signUpPerAccount: number;
  signUpPerAddress: number;
  windowSeconds: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  signInPerAccount: 10,
  signInPerAddress: 50,
  signUpPerAccount: 5,
  signUpPerAddress: 20,
  windowSeconds: 15 * 60,
};

/** Sign-in and sign-up attempts counted per account (e-mail) and per client address. */
export class AuthRateLimiter {
  private readonly limits: Record<'signIn' | 'signUp', [perAccount: RateLimit, perAddress: RateLimit]>;

  constructor(limits: AuthLimits) {
    const make = (points: number, name: string) =>
      createRateLimit({ name, points, durationSec: limits.windowSeconds, tooMany: (s) => `Too many attempts. Try again in ${s} seconds.` });
    this.limits = {
      signIn: [make(limits.signInPerAccount, 'in-acct'), make(limits.signInPerAddress, 'in-addr')],
      signUp: [make(limits.signUpPerAccount, 'up-acct'), make(limits.signUpPerAddress, 'up-addr')],
    };
  }

  /** Count one attempt; throws a 429 AppError with Retry-After when either budget is spent. */
  async consume(kind: 'signIn' | 'signUp', account: string, address: string): Promise<void> {
    const [perAccount, perAddress] = this.limits[kind];
    await Promise.all([perAccount.consume(account.toLowerCase()), perAddress.consume(address)]);
  }
}
