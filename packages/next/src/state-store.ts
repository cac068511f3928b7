/**
 * Remembers that something happened, for a while, so that it happens once: the helper records each
 * finalized verification here, so that replaying the finalize request (with the same pending
 * cookie) mints no second session. Back it with a shared store (Redis `SET key 1 NX EX ttl`, your
 * database) when several instances serve the routes.
 */
export interface StateStore {
  /**
   * Records `key` for `ttlSeconds`. Resolves `true` the first time, `false` while the key is still
   * remembered. Must be atomic across instances. A throw refuses the request (500).
   */
  rememberOnce(key: string, ttlSeconds: number): boolean | Promise<boolean>;
}

export interface MemoryStateStoreOptions {
  /** How many keys to keep at most; the oldest give way. Default 10,000. */
  maxEntries?: number | undefined;
  /** For tests: the current time in ms. */
  now?: (() => number) | undefined;
}

/**
 * A {@link StateStore} in this process's memory: enough for one instance; keys are lost on restart.
 * Bounded: expired keys go first, then the oldest when `maxEntries` are still remembered.
 */
export function createMemoryStateStore(options: MemoryStateStoreOptions = {}): StateStore {
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  // Insertion order is close to expiry order (the TTLs are similar), so the first entries go first.
  const expiries = new Map<string, number>();
  return {
    rememberOnce(key, ttlSeconds) {
      const at = now();
      const known = expiries.get(key);
      if (known !== undefined && known > at) return false;
      expiries.delete(key);
      // Room is made only for a new key, so that a lookup never drops the key it looks for.
      for (const [k, expiry] of expiries) {
        if (expiry > at && expiries.size < maxEntries) break;
        expiries.delete(k);
      }
      expiries.set(key, at + ttlSeconds * 1000);
      return true;
    },
  };
}
