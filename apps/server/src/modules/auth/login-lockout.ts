/**
 * The login lockout (README, Accounts). Failures are counted per account (the user, however it
 * was named: email or username; what was typed when no account matches) and per address:
 * - 5 failures of one account from one address in 15 minutes lock that pair;
 * - 20 failures from one address in 15 minutes, over any logins, lock that address;
 * - once one account has 20 failures in 24 hours, from all addresses, each attempt waits
 *   30 s × 2^(failures − 20), at most 15 minutes, after the account's latest failure.
 * An address the account logged in from in the last 90 days skips the last two: a stranger's
 * guesses elsewhere never keep the owner out. A locked attempt is refused before the password
 * is checked, so its answer says nothing about the password.
 */
export const LOCKOUT = {
  windowS: 15 * 60,
  pairMax: 5,
  addressMax: 20,
  accountWindowS: 24 * 60 * 60,
  accountMax: 20,
  firstDelayS: 30,
  maxDelayS: 15 * 60,
  knownAddressDays: 90,
} as const;

export interface LoginCounts {
  /** Failures of this account from this address in the window. */
  pair: number;
  /** Failures from this address, over any logins, in the window. */
  address: number;
  /** Failures of this account from all addresses in the account window. */
  account: number;
  /** Seconds since the account's latest failure; null when it has none. */
  sinceLastS: number | null;
  /** The account logged in from this address within knownAddressDays. */
  known: boolean;
}

/** The wait the account-wide ceiling imposes after the account's latest failure. */
export function accountDelayS(failures: number): number {
  if (failures < LOCKOUT.accountMax) return 0;
  return Math.min(LOCKOUT.firstDelayS * 2 ** (failures - LOCKOUT.accountMax), LOCKOUT.maxDelayS);
}

/** Whether this attempt may have its password checked. */
export function mayTry(c: LoginCounts): boolean {
  if (c.pair >= LOCKOUT.pairMax) return false;
  if (c.known) return true;
  if (c.address >= LOCKOUT.addressMax) return false;
  const delay = accountDelayS(c.account);
  return delay === 0 || c.sinceLastS === null || c.sinceLastS >= delay;
}
