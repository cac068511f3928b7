/**
 * Attempt deadlines. Where timers can be unref'd (Node, Bun), every attempt shares one timer: a
 * `setTimeout` + `clearTimeout` per attempt cost ~7 µs of a ~350 µs loopback status read, while
 * adding to and deleting from a set costs nothing measurable. The shared timer is armed for the
 * earliest deadline and, being unref'd, never keeps a process alive by itself (an attempt's socket
 * does). Elsewhere (browsers, Deno, edge runtimes, where a timer may belong to the request that
 * armed it) each attempt keeps its own timer.
 */

interface Deadline {
  at: number;
  expire: () => void;
}

/** Node refuses delays above 2^31 - 1 ms (it fires them after 1 ms); longer ones are re-armed. */
const LONGEST_DELAY_MS = 2 ** 31 - 1;

const pending = new Set<Deadline>();
let timer: ReturnType<typeof setTimeout> | undefined;
let armedAt = Number.POSITIVE_INFINITY;
let shared: boolean | undefined;

/** Calls `expire` after `ms` unless the returned function is called first. */
export function armDeadline(ms: number, expire: () => void): () => void {
  shared ??= canUnref();
  if (!shared) {
    const own = setTimeout(expire, ms);
    return () => clearTimeout(own);
  }
  const deadline: Deadline = { at: performance.now() + ms, expire };
  pending.add(deadline);
  if (deadline.at < armedAt) arm(deadline.at);
  return () => {
    pending.delete(deadline);
  };
}

function arm(at: number): void {
  if (timer !== undefined) clearTimeout(timer);
  armedAt = at;
  const delay = Math.min(Math.max(0, Math.ceil(at - performance.now())), LONGEST_DELAY_MS);
  timer = setTimeout(expireDue, delay);
  (timer as { unref?: () => void }).unref?.();
}

function expireDue(): void {
  timer = undefined;
  armedAt = Number.POSITIVE_INFINITY;
  // Timers count whole milliseconds: one due within the next millisecond is due now.
  const now = performance.now() + 1;
  let next = Number.POSITIVE_INFINITY;
  for (const deadline of pending) {
    if (deadline.at <= now) {
      pending.delete(deadline);
      deadline.expire();
    } else if (deadline.at < next) next = deadline.at;
  }
  if (next !== Number.POSITIVE_INFINITY && next < armedAt) arm(next);
}

function canUnref(): boolean {
  const probe = setTimeout(() => {}, 0);
  clearTimeout(probe);
  return typeof (probe as { unref?: unknown }).unref === "function";
}
