/**
 * Remembers webhook event IDs, so that a delivery replayed inside the signature's tolerance window
 * (by an attacker, or by the sender retrying) is handled once. Back it with a shared store (Redis,
 * your database) when several instances receive webhooks.
 */
export interface WebhookEventStore {
  /**
   * Records `eventId` for `ttlSeconds`. Resolves `true` the first time, `false` while the ID is
   * still remembered. Must be atomic across instances (e.g. Redis `SET key 1 NX EX ttl`).
   */
  remember(eventId: string, ttlSeconds: number): boolean | Promise<boolean>;
  /** Drops `eventId` again, so that a delivery whose handling failed is taken when it comes back. */
  forget?(eventId: string): void | Promise<void>;
}

export interface MemoryWebhookEventStoreOptions {
  /** How many IDs to keep at most; the oldest give way. Default 10,000. */
  maxEntries?: number | undefined;
  /** For tests: the current time in ms. */
  now?: (() => number) | undefined;
}

/**
 * A {@link WebhookEventStore} in this process's memory: enough for one instance; IDs are lost on
 * restart.
 */
export function createMemoryWebhookEventStore(
  options: MemoryWebhookEventStoreOptions = {},
): WebhookEventStore {
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  // Insertion order is expiry order for one ttl, so the first entries are the first to go.
  const expiries = new Map<string, number>();
  return {
    remember(eventId, ttlSeconds) {
      const at = now();
      // Looked up before room is made: a full store must not evict the very ID being replayed.
      const known = expiries.get(eventId);
      if (known !== undefined && known > at) return false;
      expiries.delete(eventId);
      for (const [id, expiry] of expiries) {
        if (expiry > at && expiries.size < maxEntries) break;
        expiries.delete(id);
      }
      expiries.set(eventId, at + ttlSeconds * 1000);
      return true;
    },
    forget(eventId) {
      expiries.delete(eventId);
    },
  };
}
