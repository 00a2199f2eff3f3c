/**
 * Telling a database that is away from a query that can never succeed. The first passes: the
 * caller answers 503, or leaves an agent's batch unacknowledged so it is sent again. The second
 * is for good: the caller answers 4xx, or rejects the batch with its reason.
 */

/** Node socket errors when the server is not there or went away. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATE classes and codes of a server that is down, starting, stopping or out of room:
 * 08 connection exception, 53 insufficient resources, 57P01-57P03 shutdown and start-up, 58
 * system error, 40001/40P01 serialization failure and deadlock (retry as well).
 */
const PASSING_SQLSTATES = /^(08|53|57P0[1-3]|58|40001|40P01)/;

/** What pg's errors carry. */
interface PgLikeError {
  code?: unknown;
  message?: unknown;
}

function code(err: unknown): string | undefined {
  const c = (err as PgLikeError | undefined)?.code;
  return typeof c === 'string' ? c : undefined;
}

function message(err: unknown): string {
  const m = (err as PgLikeError | undefined)?.message;
  return typeof m === 'string' ? m : '';
}

/** The database is unreachable or went away mid-query: try again later. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (err instanceof AggregateError) return err.errors.some(isDatabaseUnavailable);
  const c = code(err);
  if (c && (NETWORK_CODES.has(c) || PASSING_SQLSTATES.test(c))) return true;
  // pg's own wording when a connection ends under a query, or a connect or query times out.
  return /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|not queryable/i.test(
    message(err),
  );
}

/**
 * The database refused the data itself: 22 data exception (a NUL byte, a number out of range),
 * 23 integrity constraint violation. Sending the same rows again gets the same answer.
 */
export function isDataRejected(err: unknown): boolean {
  const c = code(err);
  return c !== undefined && /^(22|23)/.test(c);
}
