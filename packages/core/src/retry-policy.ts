/** Backoff between attempts: exponential from `initialDelayMs`, capped, with 50–100 % jitter. */
export interface BackoffOptions {
  /** Default 500 ms. */
  initialDelayMs?: number;
  /** Default 5,000 ms; also the longest Retry-After the client waits for. */
  maxDelayMs?: number;
}

export const DEFAULT_BACKOFF = { initialDelayMs: 500, maxDelayMs: 5000 } as const;

/** Delay before retry number `retry` (1-based). */
export function backoffDelay(
  retry: number,
  backoff: Required<BackoffOptions>,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(backoff.initialDelayMs * 2 ** (retry - 1), backoff.maxDelayMs);
  const jittered = exponential * (0.5 + random() * 0.5);
  return Math.max(jittered, Math.min(backoff.initialDelayMs, backoff.maxDelayMs));
}

/** `Retry-After` in seconds (delta form, or an HTTP date). */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+(\.\d+)?$/.test(header.trim())) return Number(header);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - now) / 1000);
}
