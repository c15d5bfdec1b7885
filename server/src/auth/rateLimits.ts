import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../http/errors.ts';

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
  private readonly limiters;

  constructor(limits: AuthLimits) {
    const make = (points: number, keyPrefix: string) =>
      new RateLimiterMemory({ points, duration: limits.windowSeconds, keyPrefix });
    this.limiters = {
      signIn: [make(limits.signInPerAccount, 'in-acct'), make(limits.signInPerAddress, 'in-addr')],
      signUp: [make(limits.signUpPerAccount, 'up-acct'), make(limits.signUpPerAddress, 'up-addr')],
    } as const;
  }

  /** Count one attempt; throws a 429 AppError with Retry-After when either budget is spent. */
  async consume(kind: 'signIn' | 'signUp', account: string, address: string): Promise<void> {
    const [perAccount, perAddress] = this.limiters[kind];
    try {
      await Promise.all([perAccount.consume(account.toLowerCase()), perAddress.consume(address)]);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      const seconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      throw new AppError(429, 'rate_limited', `Too many attempts. Try again in ${seconds} seconds.`, {
        'retry-after': String(seconds),
      });
    }
  }
}
