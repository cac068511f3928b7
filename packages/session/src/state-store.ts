import {
  CredportConfigurationError,
  hmacSha256Hex,
  type ResolvedLogger,
  readEnv,
} from "@credport/core";
import {
  createMemoryStateStore,
  type MemoryStateStoreOptions,
  type StateCount,
  type StateStore,
} from "@credport/server";
import type { RedisCommandClient } from "@credport/server/redis";

type RedisStoreEntry = typeof import("@credport/server/redis");

import { RouteError } from "./routes/route-error.js";

/**
 * The one state store contract of `@credport/server`, re-exported: where the helper remembers
 * finalized verifications, webhook event IDs and rate-limit counters.
 */
export { createMemoryStateStore, type MemoryStateStoreOptions, type StateCount, type StateStore };

/** The `redis` option: a node-redis client you own, or a URL; defaults to `CREDPORT_REDIS_URL`. */
export interface CredportRedisOptions {
  /** A connected node-redis client (`createClient()` from `redis`); you close it. */
  client?: RedisCommandClient | undefined;
  /** A Redis URL. Default `CREDPORT_REDIS_URL`. */
  url?: string | undefined;
  /** Keys are `credport:<prefix>:…`. Default: the project ID, else `default`. */
  prefix?: string | undefined;
  /** How long one Redis call may wait, in ms. Default 500. */
  timeoutMs?: number | undefined;
  /**
   * Skip reading the server's `maxmemory-policy` (`CONFIG GET`, which managed Redis services often
   * refuse): you checked it is `noeviction`. Default `false`: any other policy, or a refused read,
   * refuses every call (finalize and webhooks answer 503). See `createRedisStateStore`.
   */
  assumeNoEviction?: boolean | undefined;
}

/**
 * Where the Redis store lives. A variable, not a literal: webpack (`webpackIgnore`) and esbuild
 * (worker bundlers: wrangler, the Edge Runtime) leave it out of the bundle; Node loads it at run time.
 */
const REDIS_STORE_ENTRY = "@credport/server/redis";

/**
 * A Redis store loaded on first use, so that apps without Redis never load `redis`. The import is
 * left to Node at run time (not bundled): install `redis` beside `@credport/session`.
 */
export function lazyRedisStateStore(
  options: CredportRedisOptions & { prefix: string },
  log?: ResolvedLogger,
): StateStore {
  let store: Promise<StateStore> | undefined;
  const load = () => {
    store ??= (
      import(/* webpackIgnore: true */ REDIS_STORE_ENTRY) as Promise<RedisStoreEntry>
    ).then(
      ({ createRedisStateStore }) =>
        createRedisStateStore({
          ...options,
          // Connection errors (at most one line per 10 s) through the app's logger.
          onError:
            log &&
            ((error) =>
              log.warn(
                `credport: Redis state store: ${error instanceof Error ? error.message : String(error)}`,
              )),
        }),
      (error) => {
        store = undefined;
        throw new CredportConfigurationError(
          "credport/session: CREDPORT_REDIS_URL is set but `redis` could not be loaded; install it (npm i redis).",
          { code: "missing_dependency", cause: error },
        );
      },
    );
    return store;
  };
  return {
    rememberOnce: async (key, ttl) => (await load()).rememberOnce(key, ttl),
    markDone: async (key, ttl) => (await load()).markDone(key, ttl),
    isDone: async (key) => (await load()).isDone(key),
    increment: async (key, window) => (await load()).increment(key, window),
    delete: async (key) => (await load()).delete(key),
  };
}

/**
 * The store under `<scope>:`: every key goes through `scope`, so that two apps sharing one store
 * (one Redis, one prefix) keep their rate-limit counters apart.
 */
export function scopedStateStore(store: StateStore, scope: Promise<string>): StateStore {
  const key = async (k: string) => `${await scope}:${k}`;
  return {
    rememberOnce: async (k, ttl) => store.rememberOnce(await key(k), ttl),
    markDone: async (k, ttl) => store.markDone(await key(k), ttl),
    isDone: async (k) => store.isDone(await key(k)),
    increment: async (k, window) => store.increment(await key(k), window),
    delete: async (k) => store.delete(await key(k)),
  };
}

/**
 * The scope of an app's rate-limit counters: `app-` and 16 hex digits of HMAC-SHA256 keyed with
 * the session secret it seals with (never the secret itself). Every instance of one app shares
 * that secret, two apps do not. Rotating the secret starts new counters (they last a minute).
 */
export async function appScope(sealingSecret: string): Promise<string> {
  return `app-${(await hmacSha256Hex(sealingSecret, "credport app scope")).slice(0, 16)}`;
}

/** The methods every state store has; a store without one is refused when the app is set up. */
const STATE_STORE_METHODS = ["rememberOnce", "markDone", "isDone", "increment", "delete"] as const;

/** Checks a `stateStore` option: a store made for an earlier version lacks `markDone` and `isDone`. */
export function checkStateStore(store: StateStore, label: string): StateStore {
  const missing = STATE_STORE_METHODS.filter(
    (name) => typeof (store as unknown as Record<string, unknown>)[name] !== "function",
  );
  if (missing.length > 0)
    throw new CredportConfigurationError(
      `${label}: stateStore has no ${missing.join(", ")}: a StateStore needs rememberOnce, markDone, isDone, increment and delete (see @credport/server's StateStore).`,
      { code: "invalid_option" },
    );
  return store;
}

let warnedInMemory = false;

/**
 * Says once per process, in production, that the state is in this process's memory: on a
 * platform that runs several instances, each would take a copied pending cookie or a replayed
 * webhook once of its own. `singleInstance: true` says that is on purpose.
 */
export function warnIfMemoryInProduction(
  label: string,
  singleInstance: boolean | undefined,
  log: ResolvedLogger,
): void {
  if (warnedInMemory || singleInstance === true || readEnv("NODE_ENV") !== "production") return;
  warnedInMemory = true;
  log.warn(
    `${label}: the state store is this process's memory (CREDPORT_REDIS_URL is not set). With more than one instance, a verification could give a session on each, and a webhook reach onEvent on each. Set CREDPORT_REDIS_URL to a shared Redis, or singleInstance: true if this app runs as one instance on purpose.`,
  );
}

/**
 * A store call whose failure refuses the request: `503 state_store_unavailable` (the store could
 * not say whether this already happened, so it is not done). The cause is logged, not answered.
 */
export async function storeOrRefuse<T>(
  call: () => T | Promise<T>,
  config: { label: string; log: ResolvedLogger },
): Promise<T> {
  const { label } = config;
  try {
    return await call();
  } catch (error) {
    config.log.error(
      `${label}: the state store failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    throw new RouteError(
      503,
      "state_store_unavailable",
      `${label}: the state store (e.g. Redis) is unavailable; try again shortly.`,
    );
  }
}
