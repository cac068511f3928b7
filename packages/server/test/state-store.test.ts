// One contract, two stores: every case runs on the memory store and on a real redis-server.
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryStateStore, type StateStore } from "../src/index.js";
import { createRedisStateStore, type RedisStateStore } from "../src/redis/index.js";
import { type RedisServer, startRedisServer } from "./support/redis-server.js";

let redis: RedisServer;
let redisStore: RedisStateStore;
beforeAll(async () => {
  redis = await startRedisServer();
  redisStore = createRedisStateStore({ url: redis.url, prefix: "contract" });
});
afterAll(async () => {
  await redisStore?.close();
  await redis?.kill();
});

const memoryStore = createMemoryStateStore();
const unique = () => `k${Math.random().toString(36).slice(2)}`;

describe.each([
  ["memory", () => memoryStore as StateStore],
  ["redis", () => redisStore as StateStore],
])("the %s state store", (_name, store) => {
  it("remembers a key once, forgets it on delete", async () => {
    const key = unique();
    expect(await store().rememberOnce(key, 60)).toBe(true);
    expect(await store().rememberOnce(key, 60)).toBe(false);
    await store().delete(key);
    expect(await store().rememberOnce(key, 60)).toBe(true);
  });

  it("tells a key in progress from one marked done; done is kept for its new TTL", async () => {
    const key = unique();
    expect(await store().isDone(key)).toBe(false);
    expect(await store().rememberOnce(key, 60)).toBe(true);
    expect(await store().isDone(key)).toBe(false);
    await store().markDone(key, 0.2);
    expect(await store().isDone(key)).toBe(true);
    expect(await store().rememberOnce(key, 60)).toBe(false);
    await new Promise((r) => setTimeout(r, 250));
    expect(await store().isDone(key)).toBe(false);
    // A hold that lapsed while the handler ran: done is still recorded.
    const lapsed = unique();
    expect(await store().rememberOnce(lapsed, 0.05)).toBe(true);
    await new Promise((r) => setTimeout(r, 80));
    await store().markDone(lapsed, 60);
    expect(await store().isDone(lapsed)).toBe(true);
    expect(await store().rememberOnce(lapsed, 60)).toBe(false);
  });

  it("lets a remembered key expire", async () => {
    const key = unique();
    expect(await store().rememberOnce(key, 0.05)).toBe(true);
    await new Promise((r) => setTimeout(r, 80));
    expect(await store().rememberOnce(key, 60)).toBe(true);
  });

  it("counts hits in a fixed window that starts at the first hit", async () => {
    const key = unique();
    const first = await store().increment(key, 0.2);
    expect(first.count).toBe(1);
    expect(first.resetInMs).toBeGreaterThan(100);
    expect(first.resetInMs).toBeLessThanOrEqual(200);
    expect((await store().increment(key, 0.2)).count).toBe(2);
    const third = await store().increment(key, 0.2);
    expect(third.count).toBe(3);
    expect(third.resetInMs).toBeLessThanOrEqual(first.resetInMs);
    await new Promise((r) => setTimeout(r, 230));
    expect((await store().increment(key, 0.2)).count).toBe(1);
  });

  it("is atomic under concurrency: one of 50 racing rememberOnce wins, 50 increments count 50", async () => {
    const key = unique();
    const wins = await Promise.all(Array.from({ length: 50 }, () => store().rememberOnce(key, 60)));
    expect(wins.filter(Boolean)).toHaveLength(1);
    const counter = unique();
    const counts = await Promise.all(
      Array.from({ length: 50 }, () => store().increment(counter, 60)),
    );
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
  });
});

describe("the memory state store when full", () => {
  it("a flood of counters never pushes a remembered key out", async () => {
    const store = createMemoryStateStore({ maxEntries: 10 });
    expect(await store.rememberOnce("finalized:ver_1", 600)).toBe(true);
    for (let i = 0; i < 100; i++) await store.increment(`rate:browser:${i}`, 60);
    expect(await store.rememberOnce("finalized:ver_1", 600)).toBe(false);
  });

  it("never drops a live remembered key: full, it refuses (state_store_unavailable) until one expires", async () => {
    let now = 0;
    const store = createMemoryStateStore({ maxEntries: 3, now: () => now });
    for (const k of ["a", "b", "c"]) expect(await store.rememberOnce(k, 100)).toBe(true);
    expect(() => store.rememberOnce("d", 100)).toThrow(
      expect.objectContaining({
        code: "state_store_unavailable",
        message: expect.stringMatching(/maxEntries/),
      }),
    );
    for (const k of ["a", "b", "c"]) expect(await store.rememberOnce(k, 100)).toBe(false);
    now = 100_000;
    expect(await store.rememberOnce("d", 100)).toBe(true);
  });

  it("counters: expired ones give way first, then the oldest", async () => {
    let now = 0;
    const store = createMemoryStateStore({ maxEntries: 2, now: () => now });
    await store.increment("a", 10);
    await store.increment("b", 100);
    now = 20_000; // "a" has expired
    await store.increment("c", 100);
    expect((await store.increment("b", 100)).count).toBe(2);
    await store.increment("d", 100); // full of live counters: "b", the oldest, gives way
    expect((await store.increment("c", 100)).count).toBe(2);
    expect((await store.increment("b", 100)).count).toBe(1);
  });
});

describe("the Redis state store", () => {
  it("namespaces every key under credport:<prefix>: and gives each a TTL", async () => {
    const { createClient } = await import("redis");
    const client = createClient({ url: redis.url });
    client.on("error", () => {});
    await client.connect();
    try {
      const store = createRedisStateStore({ client, prefix: "shop-prod" });
      await store.rememberOnce("finalized:ver_1", 600);
      await store.increment("rate:address:abc", 60);
      const keys = (await client.keys("*")).filter((k) => k.includes("shop-prod")).sort();
      expect(keys).toEqual([
        "credport:shop-prod:finalized:ver_1",
        "credport:shop-prod:rate:address:abc",
      ]);
      for (const key of keys) {
        const ttl = await client.pTTL(key);
        expect(ttl).toBeGreaterThan(0);
      }
    } finally {
      await client.close();
    }
  });

  it("refuses a prefix that would break the namespace, naming the option", () => {
    expect(() => createRedisStateStore({ url: redis.url, prefix: "a:b" })).toThrow(
      expect.objectContaining({
        code: "invalid_option",
        message: expect.stringContaining("prefix"),
      }),
    );
    expect(() => createRedisStateStore({ url: redis.url, timeoutMs: 0 })).toThrow(/timeoutMs/);
  });

  it("fails fast (state_store_unavailable within the timeout) while Redis is down, and recovers without a new store", async () => {
    const own = await startRedisServer();
    const warnings: unknown[] = [];
    const store = createRedisStateStore({
      url: own.url,
      timeoutMs: 200,
      onError: (e) => warnings.push(e),
    });
    try {
      expect(await store.rememberOnce("a", 60)).toBe(true);
      await own.kill();
      for (const call of [() => store.rememberOnce("b", 60), () => store.increment("c", 60)]) {
        const started = Date.now();
        await expect(call()).rejects.toMatchObject({ code: "state_store_unavailable" });
        expect(Date.now() - started).toBeLessThan(1000);
      }
      expect(warnings.length).toBeGreaterThan(0);
      await own.start();
      const deadline = Date.now() + 5000;
      let recovered = false;
      while (!recovered && Date.now() < deadline) {
        recovered = await store.rememberOnce("b", 60).then(
          (v) => v,
          () => false,
        );
        if (!recovered) await new Promise((r) => setTimeout(r, 100));
      }
      expect(recovered).toBe(true);
    } finally {
      await store.close();
      await own.kill();
    }
  });

  it("a remember whose answer came too late is undone: the caller was told it failed, so the key stays free", async () => {
    // A Lua script that keeps Redis busy for 800 ms, sent on a client of its own: the store's SET
    // waits behind it, is applied after the store's timeout, and its caller got state_store_unavailable.
    const blocker = createClient({ url: redis.url });
    await blocker.connect();
    const store = createRedisStateStore({ url: redis.url, prefix: "late", timeoutMs: 200 });
    try {
      expect(await store.rememberOnce("warm-up", 60)).toBe(true);
      const key = unique();
      const busy = blocker.eval(BUSY_FOR_800_MS);
      await new Promise((r) => setTimeout(r, 50));
      await expect(store.rememberOnce(key, 60)).rejects.toMatchObject({
        code: "state_store_unavailable",
      });
      await busy;
      // The caller refused the action (no session, 503): its retry must be the first, once.
      expect(await store.rememberOnce(key, 60)).toBe(true);
      expect(await store.rememberOnce(key, 60)).toBe(false);
      // Another instance (another store) sees the key free too once the late write is undone.
      const other = unique();
      const busyAgain = blocker.eval(BUSY_FOR_800_MS);
      await new Promise((r) => setTimeout(r, 50));
      await expect(store.rememberOnce(other, 60)).rejects.toMatchObject({
        code: "state_store_unavailable",
      });
      await busyAgain;
      const second = createRedisStateStore({ url: redis.url, prefix: "late" });
      try {
        await expect.poll(() => second.rememberOnce(other, 60), { timeout: 3000 }).toBe(true);
      } finally {
        await second.close();
      }
    } finally {
      await store.close();
      await blocker.close();
    }
  });
});

describe("the Redis state store, two calls in flight on one key", () => {
  it("two remembers of one key that both time out on a busy Redis are both undone: the retry is the first", async () => {
    // Two finalizes of one verification, racing on one instance while Redis is busy: both SETs are
    // applied late (one wins), both callers were told the store failed. Each call's token is kept,
    // so the winner's write is undone too and the key is free for the retry.
    const blocker = createClient({ url: redis.url });
    await blocker.connect();
    const store = createRedisStateStore({ url: redis.url, prefix: "late-pair", timeoutMs: 200 });
    try {
      expect(await store.rememberOnce("warm-up", 60)).toBe(true);
      const key = unique();
      const busy = blocker.eval(BUSY_FOR_800_MS);
      await new Promise((r) => setTimeout(r, 50));
      const both = await Promise.allSettled([
        store.rememberOnce(key, 60),
        store.rememberOnce(key, 60),
      ]);
      expect(both.map((r) => r.status)).toEqual(["rejected", "rejected"]);
      await busy;
      expect(await store.rememberOnce(key, 60)).toBe(true);
      expect(await store.rememberOnce(key, 60)).toBe(false);
    } finally {
      await store.close();
      await blocker.close();
    }
  });
});

describe("the Redis state store and the server's eviction policy", () => {
  // Every key has a TTL, so any policy but noeviction may drop a "once" key under memory pressure:
  // a copied pending cookie would then finalize twice, a replayed webhook reach onEvent twice.
  it.each(["volatile-lru", "allkeys-lru"])(
    "refuses to remember or count on a server whose maxmemory-policy is %s, naming the policy and the fix",
    async (policy) => {
      const own = await startRedisServer(["--maxmemory-policy", policy]);
      const store = createRedisStateStore({ url: own.url, onError: () => {} });
      try {
        for (const call of [() => store.rememberOnce("a", 60), () => store.increment("b", 60)])
          await expect(call()).rejects.toMatchObject({
            code: "state_store_unavailable",
            message: expect.stringMatching(
              new RegExp(`maxmemory-policy is ${policy}.*noeviction`, "s"),
            ),
          });
        // Nothing was written.
        const probe = createClient({ url: own.url });
        await probe.connect();
        try {
          expect(await probe.keys("*")).toEqual([]);
        } finally {
          await probe.close();
        }
      } finally {
        await store.close();
        await own.kill();
      }
    },
  );

  it("a server that refuses CONFIG GET (managed Redis) is refused with a clear error, unless assumeNoEviction says it was checked", async () => {
    const own = await startRedisServer(["--rename-command", "CONFIG", ""]);
    const store = createRedisStateStore({ url: own.url, onError: () => {} });
    const trusted = createRedisStateStore({ url: own.url, assumeNoEviction: true });
    try {
      await expect(store.rememberOnce("a", 60)).rejects.toMatchObject({
        code: "state_store_unavailable",
        message: expect.stringMatching(/CONFIG GET maxmemory-policy.*assumeNoEviction/s),
      });
      expect(await trusted.rememberOnce("a", 60)).toBe(true);
      expect(await trusted.rememberOnce("a", 60)).toBe(false);
    } finally {
      await store.close();
      await trusted.close();
      await own.kill();
    }
  });

  it("a noeviction server (Redis's default) is used", async () => {
    // The file's server runs with the default policy, checked on the first call.
    expect(await redisStore.rememberOnce(unique(), 60)).toBe(true);
  });
});

/** Keeps the Redis server busy for 800 ms (Lua scripts run alone; the default time limit is 5 s). */
const BUSY_FOR_800_MS = `local t = redis.call('TIME'); local start = t[1] * 1000000 + t[2]
while true do local n = redis.call('TIME'); if n[1] * 1000000 + n[2] - start > 800000 then break end end
return 1`;
