import { createMemoryStateStore } from "./state/memory-store.js";
import type { StateStore } from "./state/state-store.js";

/**
 * Remembers webhook event IDs, so that a delivery replayed (by an attacker, or by the sender
 * retrying) is handled once.
 *
 * @deprecated Pass a {@link StateStore} as `stateStore` instead (one store for everything the
 * helpers remember; `createRedisStateStore` from `@credport/server/redis` on a fleet). Kept
 * working for one version.
 */
export interface WebhookEventStore {
  /**
   * Records `eventId` for `ttlSeconds`. Resolves `true` the first time, `false` while the ID is
   * still remembered. Must be atomic across instances (e.g. Redis `SET key 1 NX PX ttl`).
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

/** The state store key under which an event ID is remembered. */
export const webhookEventKey = (eventId: string) => `webhook-event:${eventId}`;

/** A {@link WebhookEventStore} that keeps its IDs in a {@link StateStore}. */
export function webhookEventStoreOver(store: StateStore): WebhookEventStore {
  return {
    remember: (eventId, ttlSeconds) => store.rememberOnce(webhookEventKey(eventId), ttlSeconds),
    forget: (eventId) => store.delete(webhookEventKey(eventId)),
  };
}

/**
 * A {@link WebhookEventStore} in this process's memory: enough for one instance; IDs are lost on
 * restart.
 *
 * @deprecated Use `createMemoryStateStore()` as `stateStore`.
 */
export function createMemoryWebhookEventStore(
  options: MemoryWebhookEventStoreOptions = {},
): WebhookEventStore {
  return webhookEventStoreOver(createMemoryStateStore(options));
}
