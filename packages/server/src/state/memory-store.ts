import type { StateCount, StateStore } from "./state-store.js";
import { stateStoreUnavailable } from "./state-store.js";

export interface MemoryStateStoreOptions {
  /**
   * How many keys of each kind to keep at most: remembered keys (finalized verifications, event
   * IDs) and counters are bounded apart. Default 10,000 each.
   */
  maxEntries?: number | undefined;
  /** For tests: the current time in ms. */
  now?: (() => number) | undefined;
}

interface Entry {
  expiresAt: number;
  count: number;
  done: boolean;
}

/**
 * A {@link StateStore} in this process's memory: enough for ONE instance; keys are lost on
 * restart, and a second instance does not see them (a replayed webhook or finalize reaching it
 * is taken again; each instance counts its own rate limits).
 *
 * Bounded, two kinds apart, so that counters (which anyone can create by starting verifications)
 * never push a remembered key out. Counters: expired ones go first, then the oldest (a lost
 * counter only lets a start through). Remembered keys are never dropped before they expire: when
 * `maxEntries` are live, `rememberOnce` throws `state_store_unavailable` (the caller refuses, 503)
 * rather than forget one, since a forgotten key would let a copied cookie or a replayed webhook
 * through a second time.
 */
export function createMemoryStateStore(options: MemoryStateStoreOptions = {}): StateStore {
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  // Insertion order is close to expiry order (the TTLs of one kind are equal), so the first go first.
  const remembered = new Map<string, Entry>();
  const counters = new Map<string, Entry>();
  const live = (entries: Map<string, Entry>, key: string, at: number) => {
    const entry = entries.get(key);
    if (entry !== undefined && entry.expiresAt > at) return entry;
    entries.delete(key);
    return undefined;
  };
  /** Drops expired entries from the front until there is room or a live one is reached. */
  const dropExpired = (entries: Map<string, Entry>, at: number) => {
    for (const [k, e] of entries) {
      if (e.expiresAt > at || entries.size < maxEntries) break;
      entries.delete(k);
    }
  };
  return {
    rememberOnce(key, ttlSeconds) {
      const at = now();
      if (live(remembered, key, at)) return false;
      dropExpired(remembered, at);
      // The front is live, but an expired key may sit behind it (a shorter TTL): sweep once. Only
      // when full, and only here: remembered keys come from verified results and signed events.
      if (remembered.size >= maxEntries)
        for (const [k, e] of remembered) if (e.expiresAt <= at) remembered.delete(k);
      if (remembered.size >= maxEntries)
        throw stateStoreUnavailable(
          `the memory state store holds ${maxEntries} live keys and forgets none before they expire; raise maxEntries or use a shared store (Redis).`,
        );
      remembered.set(key, { expiresAt: at + ttlSeconds * 1000, count: 1, done: false });
      return true;
    },
    markDone(key, ttlSeconds) {
      const at = now();
      // Whether or not the hold is still there (it may have lapsed while the handler ran).
      remembered.delete(key);
      remembered.set(key, { expiresAt: at + ttlSeconds * 1000, count: 1, done: true });
    },
    isDone(key) {
      return live(remembered, key, now())?.done ?? false;
    },
    increment(key, windowSeconds): StateCount {
      const at = now();
      const entry = live(counters, key, at);
      if (entry) {
        entry.count += 1;
        return { count: entry.count, resetInMs: entry.expiresAt - at };
      }
      dropExpired(counters, at);
      // Still full of live counters: the oldest gives way (it only resets a limit).
      while (counters.size >= maxEntries) counters.delete(counters.keys().next().value!);
      counters.set(key, { expiresAt: at + windowSeconds * 1000, count: 1, done: false });
      return { count: 1, resetInMs: windowSeconds * 1000 };
    },
    delete(key) {
      remembered.delete(key);
      counters.delete(key);
    },
  };
}
