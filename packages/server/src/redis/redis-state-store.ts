import { CredportConfigurationError, readEnv } from "@credport/core";
import { createClient } from "redis";
import type { StateCount, StateStore } from "../state/state-store.js";
import { stateStoreUnavailable } from "../state/state-store.js";

/** The part of a node-redis client this store uses (`createClient()` from `redis`). */
export interface RedisCommandClient {
  sendCommand<T = unknown>(
    args: ReadonlyArray<string>,
    options?: { abortSignal?: AbortSignal },
  ): Promise<T>;
}

export interface RedisStateStoreOptions {
  /** A node-redis client you created (and connect, and close). Give this or `url`. */
  client?: RedisCommandClient | undefined;
  /**
   * A Redis URL (`redis://…`, `rediss://…` for TLS): the store creates, connects and owns the
   * client. Defaults to `CREDPORT_REDIS_URL` when no client is given.
   */
  url?: string | undefined;
  /**
   * Namespaces every key as `credport:<prefix>:…`, so that projects (or environments) sharing one
   * Redis do not see each other's keys. Default `default`.
   */
  prefix?: string | undefined;
  /**
   * How long one call waits for Redis, in ms. Default 500. node-redis queues commands while it
   * reconnects; past this the call throws `state_store_unavailable` instead of waiting.
   */
  timeoutMs?: number | undefined;
  /** Where connection errors are reported (at most one line per 10 s). Default `console.warn`. */
  onError?: ((error: unknown) => void) | undefined;
}

/** A {@link StateStore} on Redis, and a way to close the client it created. */
export interface RedisStateStore extends StateStore {
  rememberOnce(key: string, ttlSeconds: number): Promise<boolean>;
  increment(key: string, windowSeconds: number): Promise<StateCount>;
  delete(key: string): Promise<void>;
  /** Closes the client the store created from `url` (a client you passed is yours to close). */
  close(): Promise<void>;
}

/**
 * Fixed window: the first hit creates the counter and starts its expiry, so that every counter
 * expires; later hits only count. Returns the count and the milliseconds left.
 */
const INCREMENT_SCRIPT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

const PREFIX_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * A {@link StateStore} on Redis with the official client (`redis`, node-redis), shared by every
 * instance: remember-once is `SET key <token> NX PX ttl`, a counter is one Lua script (`INCR`,
 * `PEXPIRE` on the first hit, `PTTL`). Every key has a TTL. Each call waits at most `timeoutMs`
 * (500 ms): an unreachable Redis throws `state_store_unavailable` quickly and the client reconnects
 * in the background, so the app recovers without a restart. A remember that threw but may have
 * been applied late is undone (deleted if it still holds its token), so a retry is the first.
 *
 * @example
 * import { createRedisStateStore } from "@credport/server/redis";
 * const stateStore = createRedisStateStore({ url: process.env.CREDPORT_REDIS_URL, prefix: "shop" });
 */
export function createRedisStateStore(options: RedisStateStoreOptions = {}): RedisStateStore {
  const prefix = options.prefix ?? "default";
  if (!PREFIX_PATTERN.test(prefix))
    throw stateStoreOptionError("prefix must be 1 to 64 letters, digits, '_', '.' or '-'.");
  const timeoutMs = options.timeoutMs ?? 500;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1)
    throw stateStoreOptionError("timeoutMs must be a positive integer (ms).");
  const report = throttled(
    options.onError ??
      ((error) =>
        console.warn(
          `credport: Redis state store: ${error instanceof Error ? error.message : String(error)}`,
        )),
  );

  let owned: ReturnType<typeof createClient> | undefined;
  let client: RedisCommandClient;
  if (options.client) {
    client = options.client;
  } else {
    const url = options.url ?? readEnv("CREDPORT_REDIS_URL");
    if (!url) throw stateStoreOptionError("give a client, a url, or set CREDPORT_REDIS_URL.");
    owned = createClient({
      url,
      socket: {
        connectTimeout: Math.max(timeoutMs, 1000),
        // Keep trying, at most every 2 s: a Redis that comes back is used without a restart.
        reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, 2000),
      },
    });
    // Without a listener, node-redis's `error` event would end the process.
    owned.on("error", report);
    // The store never keeps the process alive on its own: a script or a test ends with its work.
    owned.unref();
    owned.connect().catch(report);
    client = owned as unknown as RedisCommandClient;
  }
  const keyOf = (key: string) => `credport:${prefix}:${key}`;

  /** One command, bounded: aborted (and dropped from node-redis's queue) after `timeoutMs`. */
  async function send<T>(args: string[]): Promise<T> {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(stateStoreUnavailable(`Redis did not answer within ${timeoutMs} ms.`));
      }, timeoutMs);
    });
    try {
      return await Promise.race([
        client.sendCommand<T>(args, { abortSignal: controller.signal }),
        timeout,
      ]);
    } catch (error) {
      if ((error as { code?: unknown })?.code === "state_store_unavailable") throw error;
      throw stateStoreUnavailable("Redis refused or lost the command.", error);
    } finally {
      clearTimeout(timer);
    }
  }

  // A SET whose answer never came may still be applied (Redis was busy, or the answer was lost):
  // its caller was told the store failed and acted as if nothing was remembered (no session, 503).
  // Each such write carries its own token and is undone — deleted only if the value is still its
  // token — before this store uses the key again, and in the background until Redis answers, so
  // that the retry, on this instance or another, is the first.
  const uncertain = new Map<string, string>();
  let undoTimer: ReturnType<typeof setTimeout> | undefined;
  async function undo(redisKey: string, token: string): Promise<void> {
    await send(["EVAL", UNDO_SCRIPT, "1", redisKey, token]);
    if (uncertain.get(redisKey) === token) uncertain.delete(redisKey);
  }
  function undoLater(delayMs = 100): void {
    if (undoTimer !== undefined || uncertain.size === 0) return;
    undoTimer = setTimeout(async () => {
      undoTimer = undefined;
      for (const [redisKey, token] of [...uncertain]) {
        try {
          await undo(redisKey, token);
        } catch {
          undoLater(Math.min(delayMs * 2, 2000));
          return;
        }
      }
    }, delayMs);
    // Like the client: pending undos never keep a script or a test running.
    (undoTimer as { unref?: () => void }).unref?.();
  }

  return {
    async rememberOnce(key, ttlSeconds) {
      const redisKey = keyOf(key);
      const earlier = uncertain.get(redisKey);
      if (earlier !== undefined) await undo(redisKey, earlier);
      const token = crypto.randomUUID();
      try {
        const reply = await send<string | null>([
          "SET",
          redisKey,
          token,
          "NX",
          "PX",
          String(toMs(ttlSeconds)),
        ]);
        return reply === "OK";
      } catch (error) {
        // Bounded: beyond this many, the oldest uncertain write is left to its TTL.
        if (uncertain.size >= UNCERTAIN_WRITES_MAX) {
          const oldest = uncertain.keys().next().value;
          if (oldest !== undefined) uncertain.delete(oldest);
        }
        uncertain.set(redisKey, token);
        undoLater();
        throw error;
      }
    },
    async increment(key, windowSeconds): Promise<StateCount> {
      const reply = await send<[number, number]>([
        "EVAL",
        INCREMENT_SCRIPT,
        "1",
        keyOf(key),
        String(toMs(windowSeconds)),
      ]);
      return { count: Number(reply[0]), resetInMs: Number(reply[1]) };
    },
    async delete(key) {
      uncertain.delete(keyOf(key));
      await send(["DEL", keyOf(key)]);
    },
    async close() {
      clearTimeout(undoTimer);
      if (owned?.isOpen) await owned.close();
      else owned?.destroy();
    },
  };
}

/** Deletes a remembered key only if it still holds the token of the write being undone. */
const UNDO_SCRIPT =
  "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end";

/** Uncertain writes a store keeps to undo (each a key and a token). */
const UNCERTAIN_WRITES_MAX = 10_000;

const toMs = (seconds: number) => Math.max(1, Math.ceil(seconds * 1000));

function stateStoreOptionError(message: string): CredportConfigurationError {
  return new CredportConfigurationError(`credport: createRedisStateStore: ${message}`, {
    code: "invalid_option",
  });
}

/** Reports at most one error per 10 s: a Redis that is down emits one per reconnect attempt. */
function throttled(report: (error: unknown) => void): (error: unknown) => void {
  let last = -Infinity;
  return (error) => {
    const now = Date.now();
    if (now - last < 10_000) return;
    last = now;
    report(error);
  };
}
