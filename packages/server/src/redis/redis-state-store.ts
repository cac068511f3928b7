import { CredportConfigurationError, readEnv } from "@credport/core";
import { createClient, ErrorReply } from "redis";
import type { StateCount, StateStore } from "../state/state-store.js";
import { STATE_STORE_UNAVAILABLE, stateStoreUnavailable } from "../state/state-store.js";

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
  /**
   * The store reads the server's `maxmemory-policy` (`CONFIG GET`) before its first command, and
   * after each reconnect of a client it created (a client you pass is read once), and refuses every
   * call (`state_store_unavailable`) unless it is
   * `noeviction`: every key has a TTL, so any other policy may drop a finalized verification or a
   * webhook event ID under memory pressure, and "once" would no longer hold. Managed services often
   * refuse `CONFIG` (ElastiCache, MemoryDB, some Upstash and Azure plans): then check the policy in
   * the provider's settings yourself, set it to `noeviction`, and pass `true` here to skip the read.
   * Default `false`.
   */
  assumeNoEviction?: boolean | undefined;
}

/** A {@link StateStore} on Redis, and a way to close the client it created. */
export interface RedisStateStore extends StateStore {
  rememberOnce(key: string, ttlSeconds: number): Promise<boolean>;
  markDone(key: string, ttlSeconds: number): Promise<void>;
  isDone(key: string): Promise<boolean>;
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
 * `PEXPIRE` on the first hit, `PTTL`). Every key has a TTL, so the server must not evict keys:
 * its `maxmemory-policy` is checked (`noeviction` only; see `assumeNoEviction`) before the first
 * command, and every call is refused until it is. Each call waits at most `timeoutMs`
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

  /**
   * One command, bounded: aborted (and dropped from node-redis's queue) after `timeoutMs`. An
   * error reply from the server (`ERR …`, `NOPERM …`) is thrown as it came when `rawReplyErrors`.
   */
  async function send<T>(args: string[], rawReplyErrors = false): Promise<T> {
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
      if (rawReplyErrors && isReplyError(error)) throw error;
      throw stateStoreUnavailable("Redis refused or lost the command.", error);
    } finally {
      clearTimeout(timer);
    }
  }

  // Eviction would forget a "once" key before its TTL: the policy is read before the first
  // command, again after each reconnect, and every call waits for that answer.
  let policyCheck: Promise<void> | undefined;
  owned?.on("ready", () => {
    policyCheck = undefined;
  });
  function evictionChecked(): Promise<void> {
    if (options.assumeNoEviction === true) return Promise.resolve();
    if (policyCheck === undefined) {
      const check = readEvictionPolicy(send).catch((error: unknown) => {
        // Unreachable: asked again on the next call. Refused or evicting: kept until a reconnect.
        if (error instanceof CredportConfigurationError) report(error);
        else if (policyCheck === check) policyCheck = undefined;
        throw error;
      });
      policyCheck = check;
    }
    return policyCheck;
  }

  // A SET whose answer never came may still be applied (Redis was busy, or the answer was lost):
  // its caller was told the store failed and acted as if nothing was remembered (no session, 503).
  // Each such write carries its own token and is undone — deleted only if the value is still its
  // token — before this store uses the key again, and in the background until Redis answers, so
  // that the retry, on this instance or another, is the first. Tokens are kept per call: with two
  // calls on one key in flight, the one whose SET won may be either.
  const uncertain = new Map<string, Set<string>>();
  let uncertainCount = 0;
  let undoTimer: ReturnType<typeof setTimeout> | undefined;
  function forgetToken(redisKey: string, token: string): void {
    const tokens = uncertain.get(redisKey);
    if (!tokens?.delete(token)) return;
    uncertainCount -= 1;
    if (tokens.size === 0) uncertain.delete(redisKey);
  }
  async function undoAll(redisKey: string): Promise<void> {
    for (const token of [...(uncertain.get(redisKey) ?? [])]) {
      await send(["EVAL", UNDO_SCRIPT, "1", redisKey, token]);
      forgetToken(redisKey, token);
    }
  }
  function undoLater(delayMs = 100): void {
    if (undoTimer !== undefined || uncertain.size === 0) return;
    undoTimer = setTimeout(async () => {
      undoTimer = undefined;
      for (const redisKey of [...uncertain.keys()]) {
        try {
          await undoAll(redisKey);
        } catch {
          undoLater(Math.min(delayMs * 2, 2000));
          return;
        }
      }
    }, delayMs);
    // Like the client: pending undos never keep a script or a test running.
    (undoTimer as { unref?: () => void }).unref?.();
  }
  function keepUncertain(redisKey: string, token: string): void {
    // Bounded: beyond this many, the oldest key's uncertain writes are left to their TTL.
    while (uncertainCount >= UNCERTAIN_WRITES_MAX) {
      const [oldestKey, tokens] = uncertain.entries().next().value!;
      uncertainCount -= tokens.size;
      uncertain.delete(oldestKey);
    }
    const tokens = uncertain.get(redisKey) ?? new Set<string>();
    tokens.add(token);
    uncertain.set(redisKey, tokens);
    uncertainCount += 1;
    undoLater();
  }

  return {
    async rememberOnce(key, ttlSeconds) {
      await evictionChecked();
      const redisKey = keyOf(key);
      await undoAll(redisKey);
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
        keepUncertain(redisKey, token);
        throw error;
      }
    },
    async markDone(key, ttlSeconds) {
      await evictionChecked();
      // Whether or not the hold is still there (it may have lapsed while the handler ran): done is done.
      await send(["SET", keyOf(key), DONE, "PX", String(toMs(ttlSeconds))]);
    },
    async isDone(key) {
      await evictionChecked();
      return (await send<string | null>(["GET", keyOf(key)])) === DONE;
    },
    async increment(key, windowSeconds): Promise<StateCount> {
      await evictionChecked();
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
      const redisKey = keyOf(key);
      const tokens = uncertain.get(redisKey);
      if (tokens) {
        uncertainCount -= tokens.size;
        uncertain.delete(redisKey);
      }
      await send(["DEL", redisKey]);
    },
    async close() {
      clearTimeout(undoTimer);
      if (owned?.isOpen) await owned.close();
      else owned?.destroy();
    },
  };
}

/** The value of a key marked done; an in-progress key holds its writer's token (a UUID). */
const DONE = "done";

/**
 * Reads `maxmemory-policy` and throws unless it is `noeviction`. A `CONFIG` the server refuses (a
 * managed Redis) is a configuration error naming `assumeNoEviction`; an unreachable server is the
 * usual `state_store_unavailable`, asked again on the next call.
 */
async function readEvictionPolicy(
  send: <T>(args: string[], rawReplyErrors?: boolean) => Promise<T>,
): Promise<void> {
  let reply: unknown;
  try {
    reply = await send(["CONFIG", "GET", "maxmemory-policy"], true);
  } catch (error) {
    if (!isReplyError(error)) throw error;
    throw evictionPolicyError(
      `Redis refused CONFIG GET maxmemory-policy (${error.message.slice(0, 120)}), so the store cannot check that Redis never evicts its keys. Set maxmemory-policy to noeviction in your provider's settings, then pass assumeNoEviction: true (redis.assumeNoEviction in @credport/session).`,
    );
  }
  const policy = Array.isArray(reply)
    ? reply[1]
    : reply instanceof Map
      ? reply.get("maxmemory-policy")
      : (reply as Record<string, unknown> | null)?.["maxmemory-policy"];
  if (policy !== "noeviction")
    throw evictionPolicyError(
      `Redis's maxmemory-policy is ${String(policy)}: under memory pressure it may evict a finalized verification or a webhook event ID before its TTL, and a replay would then be taken a second time. Set maxmemory-policy to noeviction (CONFIG SET maxmemory-policy noeviction, or your provider's parameter).`,
    );
}

/** An error reply from the server (node-redis `ErrorReply`, also from a client you passed). */
function isReplyError(error: unknown): error is Error {
  if (error instanceof ErrorReply) return true;
  for (let p = error; p instanceof Error; p = Object.getPrototypeOf(p))
    if (p.constructor?.name === "ErrorReply") return true;
  return false;
}

/** A configuration error with the store's code: callers refuse (503) as for an unreachable store. */
function evictionPolicyError(message: string): CredportConfigurationError {
  return new CredportConfigurationError(`credport: Redis state store: ${message}`, {
    code: STATE_STORE_UNAVAILABLE,
  });
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
