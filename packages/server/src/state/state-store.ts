import { CredportError } from "@credport/core";

/**
 * What the Credport helpers must remember across requests and instances: webhook event IDs (each
 * event handled once), finalized verifications (one session per verification) and rate-limit
 * counters. Every entry expires. The default ({@link createMemoryStateStore}) lives in one
 * process's memory: right for one instance only. On a fleet (several instances, serverless), use
 * one shared store, e.g. `createRedisStateStore` from `@credport/server/redis`.
 *
 * Keys are given without a namespace (`webhook-event:<scope>:evt_…`); a shared store adds its own
 * (`credport:<prefix>:`). A method that cannot reach its backend throws (see
 * {@link stateStoreUnavailable}); it must never wait without bound. A store must never drop a
 * remembered key before its TTL (Redis: `maxmemory-policy noeviction`): "once" would not hold.
 */
export interface StateStore {
  /**
   * Records `key` for `ttlSeconds`. Resolves `true` the first time, `false` while the key is still
   * remembered. Atomic across instances (Redis `SET key 1 NX PX ttl`).
   */
  rememberOnce(key: string, ttlSeconds: number): boolean | Promise<boolean>;
  /**
   * Counts one hit in the fixed window `key`, which starts at the first hit and lasts
   * `windowSeconds`. Resolves the hits counted so far in this window (this one included) and the
   * milliseconds until the window ends. Atomic across instances.
   */
  increment(key: string, windowSeconds: number): StateCount | Promise<StateCount>;
  /**
   * Marks a key that {@link StateStore.rememberOnce} took as done, and keeps it `ttlSeconds` from
   * now: "in progress" until then (e.g. a webhook event whose handler still runs), "done" after
   * (the handler succeeded). Sets the key even if its hold lapsed meanwhile. Redis:
   * `SET key done PX ttl`.
   */
  markDone(key: string, ttlSeconds: number): void | Promise<void>;
  /** Whether `key` is remembered and marked done (see {@link StateStore.markDone}). */
  isDone(key: string): boolean | Promise<boolean>;
  /** Forgets `key` (remembered or counted), e.g. an event ID whose handling failed. */
  delete(key: string): void | Promise<void>;
}

/** A fixed-window count: hits so far, and the time left in the window. */
export interface StateCount {
  count: number;
  resetInMs: number;
}

/** The code of the error a store throws when its backend does not answer in time. */
export const STATE_STORE_UNAVAILABLE = "state_store_unavailable";

/** The error a store throws when its backend is unreachable or slow; the cause is kept. */
export function stateStoreUnavailable(message: string, cause?: unknown): CredportError {
  return new CredportError(`credport: ${message}`, { code: STATE_STORE_UNAVAILABLE, cause });
}
