/** Backoff between attempts: exponential from `initialDelayMs`, capped, with 50–100 % jitter. */
export interface BackoffOptions {
  /** Default 500 ms. */
  initialDelayMs?: number | undefined;
  /** Default 5,000 ms; also the longest Retry-After the client waits for. */
  maxDelayMs?: number | undefined;
}

export const DEFAULT_BACKOFF = { initialDelayMs: 500, maxDelayMs: 5000 } as const;

/** Delay before retry number `retry` (1-based). */
export function backoffDelay(
  retry: number,
  backoff: { initialDelayMs: number; maxDelayMs: number },
  random: () => number = Math.random,
): number {
  const exponential = Math.min(backoff.initialDelayMs * 2 ** (retry - 1), backoff.maxDelayMs);
  const jittered = exponential * (0.5 + random() * 0.5);
  return Math.max(jittered, Math.min(backoff.initialDelayMs, backoff.maxDelayMs));
}

/** The three HTTP-date forms all start with a day name (RFC 9110 §5.6.7). */
const HTTP_DATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? /;

/**
 * `Retry-After` in seconds: delta seconds (digits only) or an HTTP date. Anything else — a
 * negative number, an exponent, a word — is `undefined`, and the caller falls back to its backoff.
 */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  if (!HTTP_DATE.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - now) / 1000);
}

/**
 * Statuses retried with the same idempotency key: 408 (the server gave up waiting for the request),
 * 429 (when its Retry-After is within the backoff cap) and every 5xx.
 */
export const isRetryableStatus = (status: number) =>
  status === 408 || status === 429 || status >= 500;
