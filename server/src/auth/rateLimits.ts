import { setTimeout as sleep } from 'node:timers/promises';
import { createFailureCount, createRateLimit, type FailureCount, type RateLimit } from '../http/rateLimit.ts';

export interface AuthLimits {
  /** Failed sign-ins to one account from one client address (the owner elsewhere is not affected). */
  signInPerAccount: number;
  /** Failed sign-ins from one client address, to any account. */
  signInPerAddress: number;
  /** Failed sign-ins to one account from all addresses together: the ceiling (default 10 x signInPerAccount). */
  signInAccountCeiling?: number;
  signUpPerAccount: number;
  signUpPerAddress: number;
  /**
   * Sign-ups from one client address answered 409 email_taken (confirmation off: the answer tells the address has
   * an account), per hour; then that client's sign-ups answer 429 until the hour is over (default: signUpPerAddress).
   */
  signUpTakenPerAddress?: number;
  windowSeconds: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  signInPerAccount: 10,
  signInPerAddress: 50,
  signInAccountCeiling: 100,
  signUpPerAccount: 5,
  signUpPerAddress: 10,
  signUpTakenPerAddress: 3,
  windowSeconds: 15 * 60,
};

/** The longest a failed sign-in answer is held back when an account draws failures from many addresses. */
export const MAX_FAILURE_DELAY_MS = 4000;

/**
 * How long to hold back the answer to a failed sign-in when the account has `failures` in the window from all
 * addresses: nothing up to `free`, then 250 ms doubling per failure, at most MAX_FAILURE_DELAY_MS. Only failures
 * wait, so the owner with the right password never does.
 */
export function failureDelayMs(failures: number, free: number): number {
  if (failures <= free) return 0;
  return Math.min(MAX_FAILURE_DELAY_MS, 250 * 2 ** (failures - free - 1));
}

const tooMany = (s: number) => `Too many attempts. Try again in ${s} seconds.`;

/**
 * Sign-up attempts counted per account (e-mail) and per client address; sign-in FAILURES counted per
 * (account, address), per address and per account (a much higher ceiling, with growing delays before it).
 * A successful sign-in costs nothing and clears its (account, address) failures. Ten wrong passwords from
 * someone else therefore no longer lock the owner out.
 */
export class AuthRateLimiter {
  private readonly signUp: [perAccount: RateLimit, perAddress: RateLimit];
  private readonly signUpTaken: FailureCount;
  private readonly signIn: { pair: FailureCount; address: FailureCount; account: FailureCount };

  constructor(
    private readonly limits: AuthLimits,
    private readonly wait: (ms: number) => Promise<unknown> = (ms) => sleep(ms),
  ) {
    const durationSec = limits.windowSeconds;
    this.signUp = [
      createRateLimit({ name: 'up-acct', points: limits.signUpPerAccount, durationSec, tooMany }),
      createRateLimit({ name: 'up-addr', points: limits.signUpPerAddress, durationSec, tooMany }),
    ];
    this.signUpTaken = createFailureCount({
      name: 'up-taken-addr', points: limits.signUpTakenPerAddress ?? limits.signUpPerAddress, durationSec: Math.max(3_600, durationSec), tooMany,
    });
    this.signIn = {
      pair: createFailureCount({ name: 'in-fail-pair', points: limits.signInPerAccount, durationSec, tooMany }),
      address: createFailureCount({ name: 'in-fail-addr', points: limits.signInPerAddress, durationSec, tooMany }),
      account: createFailureCount({ name: 'in-fail-acct', points: limits.signInAccountCeiling ?? limits.signInPerAccount * 10, durationSec, tooMany }),
    };
  }

  /** Count one sign-up attempt; throws a 429 AppError with Retry-After when either budget is spent. */
  async consumeSignUp(account: string, address: string): Promise<void> {
    const [perAccount, perAddress] = this.signUp;
    await this.signUpTaken.check(address);
    await Promise.all([perAccount.consume(account.toLowerCase()), perAddress.consume(address)]);
  }

  /** A sign-up from `address` was answered email_taken: a client may learn that only a few times an hour. */
  async signUpTakenAnswered(address: string): Promise<void> {
    await this.signUpTaken.fail(address);
  }

  /**
   * Runs one sign-in attempt: refused with a 429 before `attempt` when a failure budget is spent; a failure
   * (attempt throws) is counted and answered after its delay; a success clears this address's failures.
   */
  async signInAttempt<T>(account: string, address: string, attempt: () => Promise<T>): Promise<T> {
    const acct = account.toLowerCase();
    const pairKey = `${acct}|${address}`;
    await Promise.all([this.signIn.pair.check(pairKey), this.signIn.address.check(address), this.signIn.account.check(acct)]);
    let result: T;
    try {
      result = await attempt();
    } catch (err) {
      const [, , accountFailures] = await Promise.all([
        this.signIn.pair.fail(pairKey), this.signIn.address.fail(address), this.signIn.account.fail(acct),
      ]);
      const delay = failureDelayMs(accountFailures, this.limits.signInPerAccount);
      if (delay > 0) await this.wait(delay);
      throw err;
    }
    await this.signIn.pair.reset(pairKey);
    return result;
  }
}
