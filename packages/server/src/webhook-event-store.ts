import { hmacSha256Hex } from "@credport/core";
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

/**
 * The state store key under which an event ID is remembered: `webhook-event:<scope>:<eventId>`
 * with a scope (see {@link webhookEventScope}), `webhook-event:<eventId>` without.
 */
export const webhookEventKey = (eventId: string, scope?: string) =>
  scope === undefined ? `webhook-event:${eventId}` : `webhook-event:${scope}:${eventId}`;

/**
 * The scope of an endpoint's event IDs: 16 hex digits of HMAC-SHA256 keyed with the endpoint's
 * secret over a fixed label (never the secret itself). Every instance of one app shares it; two
 * apps with their own endpoints (their own secrets) on one store do not, so each handles each of
 * its events once. A secret rotated within an event's retry period (72 h) starts a new scope.
 */
export async function webhookEventScope(secret: string): Promise<string> {
  return (await hmacSha256Hex(secret, "credport webhook event scope")).slice(0, 16);
}

/**
 * A {@link WebhookEventStore} that keeps its IDs in a {@link StateStore}, scoped to the endpoint
 * when its `secret` is given (see {@link webhookEventScope}).
 */
export function webhookEventStoreOver(
  store: StateStore,
  options: { secret?: string | undefined } = {},
): WebhookEventStore {
  const { secret } = options;
  const scope = secret === undefined ? undefined : webhookEventScope(secret);
  const key = async (eventId: string) => webhookEventKey(eventId, await scope);
  return {
    remember: async (eventId, ttlSeconds) => store.rememberOnce(await key(eventId), ttlSeconds),
    forget: async (eventId) => store.delete(await key(eventId)),
  };
}

/**
 * How long a delivery holds its event "in progress" (10 min): a duplicate that arrives meanwhile
 * is asked to come back later. If the process ends while `onEvent` runs, the hold lapses and the
 * next delivery handles the event.
 */
export const WEBHOOK_EVENT_IN_PROGRESS_SECONDS = 600;

/** What a delivery finds when it takes its event: its to handle, being handled, or handled. */
export type WebhookEventClaim = "first" | "in_progress" | "done";

/**
 * Where the webhook route keeps each event's state: taken ("in progress") while `onEvent` runs,
 * "done" only once it succeeded, released when it failed, so that a duplicate arriving meanwhile
 * is neither handled twice nor acknowledged for an event that may yet fail.
 */
export interface WebhookEventLedger {
  /**
   * Takes the event for this delivery, or says why not. Throws when the store fails, leaving
   * nothing taken (a Redis write whose answer was lost is undone by the store itself).
   */
  claim(eventId: string): Promise<WebhookEventClaim>;
  /** `onEvent` succeeded: the event is done for `doneSeconds` (72 h). */
  done(eventId: string): Promise<void>;
  /** `onEvent` failed: the next delivery handles the event. */
  release(eventId: string): Promise<void>;
}

/**
 * A {@link WebhookEventLedger} over a {@link StateStore}, scoped to the endpoint's secret. Over a
 * deprecated {@link WebhookEventStore}, which can only remember, an event is "done" as soon as it
 * is taken (the behaviour of earlier versions).
 */
export function webhookEventLedger(
  store: StateStore | WebhookEventStore,
  options: { secret: string; doneSeconds: number },
): WebhookEventLedger {
  if (!("rememberOnce" in store)) {
    return {
      async claim(id) {
        try {
          return (await store.remember(id, options.doneSeconds)) ? "first" : "done";
        } catch (error) {
          // It may have recorded the ID and lost only its answer: forget it, best effort.
          await (async () => store.forget?.(id))().catch(() => {});
          throw error;
        }
      },
      done: async () => {},
      release: async (id) => {
        await store.forget?.(id);
      },
    };
  }
  const scope = webhookEventScope(options.secret);
  const key = async (eventId: string) => webhookEventKey(eventId, await scope);
  return {
    async claim(eventId) {
      const k = await key(eventId);
      if (await store.rememberOnce(k, WEBHOOK_EVENT_IN_PROGRESS_SECONDS)) return "first";
      // Taken: by a delivery still running (or one that failed and is releasing it), or done.
      return (await store.isDone(k)) ? "done" : "in_progress";
    },
    done: async (eventId) => store.markDone(await key(eventId), options.doneSeconds),
    release: async (eventId) => store.delete(await key(eventId)),
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
