import { CredportConfigurationError } from "@credport/core";
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
): StateStore {
  let store: Promise<StateStore> | undefined;
  const load = () => {
    store ??= (
      import(/* webpackIgnore: true */ REDIS_STORE_ENTRY) as Promise<RedisStoreEntry>
    ).then(
      ({ createRedisStateStore }) => createRedisStateStore(options),
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
    increment: async (key, window) => (await load()).increment(key, window),
    delete: async (key) => (await load()).delete(key),
  };
}

/**
 * A store call whose failure refuses the request: `503 state_store_unavailable` (the store could
 * not say whether this already happened, so it is not done). The cause is logged, not answered.
 */
export async function storeOrRefuse<T>(call: () => T | Promise<T>, label: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    console.error(
      `${label}: the state store failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    throw new RouteError(
      503,
      "state_store_unavailable",
      `${label}: the state store (e.g. Redis) is unavailable; try again shortly.`,
    );
  }
}
