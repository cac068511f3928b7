import type { StateCount, StateStore } from "./state-store.js";

export interface MemoryStateStoreOptions {
  /** How many keys to keep at most; the oldest give way. Default 10,000. */
  maxEntries?: number | undefined;
  /** For tests: the current time in ms. */
  now?: (() => number) | undefined;
}

interface Entry {
  expiresAt: number;
  count: number;
}

/**
 * A {@link StateStore} in this process's memory: enough for ONE instance; keys are lost on
 * restart, and a second instance does not see them (a replayed webhook or finalize reaching it
 * is taken again; each instance counts its own rate limits). Bounded: expired keys go first, then
 * the oldest when `maxEntries` are still remembered.
 */
export function createMemoryStateStore(options: MemoryStateStoreOptions = {}): StateStore {
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  // Insertion order is close to expiry order (the TTLs of one kind are equal), so the first go first.
  const entries = new Map<string, Entry>();
  const live = (key: string, at: number) => {
    const entry = entries.get(key);
    if (entry !== undefined && entry.expiresAt > at) return entry;
    entries.delete(key);
    return undefined;
  };
  // Room is made only for a new key, so that a lookup never drops the key it looks for.
  const add = (key: string, entry: Entry, at: number) => {
    for (const [k, e] of entries) {
      if (e.expiresAt > at && entries.size < maxEntries) break;
      entries.delete(k);
    }
    entries.set(key, entry);
  };
  return {
    rememberOnce(key, ttlSeconds) {
      const at = now();
      if (live(key, at)) return false;
      add(key, { expiresAt: at + ttlSeconds * 1000, count: 1 }, at);
      return true;
    },
    increment(key, windowSeconds): StateCount {
      const at = now();
      const entry = live(key, at);
      if (entry) {
        entry.count += 1;
        return { count: entry.count, resetInMs: entry.expiresAt - at };
      }
      add(key, { expiresAt: at + windowSeconds * 1000, count: 1 }, at);
      return { count: 1, resetInMs: windowSeconds * 1000 };
    },
    delete(key) {
      entries.delete(key);
    },
  };
}
