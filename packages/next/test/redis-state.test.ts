// Two app instances on one real redis-server (no mock): each guarantee holds across them, and
// the fault behaviour while Redis is down, then recovery without restarting the app.
import { type CredportNextConfig, createCredportHandlers } from "@credport/next";
import { Credport } from "@credport/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type RedisServer, startRedisServer } from "../../server/test/support/redis-server.js";
import { testConfig } from "./support/config.js";
import { APP, BASE, setUpMockService } from "./support/mock-service.js";
import { SESSION_COOKIE, TestBrowser } from "./support/test-browser.js";

const service = setUpMockService();
const secret = service.project.webhookSecret;
let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.kill();
});

type Handlers = ReturnType<typeof createCredportHandlers>;

/** Two instances of the app (two Redis clients), as two servers behind a load balancer would be. */
function fleet(seen: string[], overrides: Partial<CredportNextConfig> = {}): [Handlers, Handlers] {
  const prefix = `t${Math.random().toString(36).slice(2, 10)}`;
  const config = () =>
    testConfig(service.project, {
      redis: { url: redis.url, prefix, timeoutMs: 300 },
      webhook: { secret, onEvent: (e) => void seen.push(e.id) },
      ...overrides,
    });
  return [createCredportHandlers(config()), createCredportHandlers(config())];
}

async function verifiedPending(h: Handlers) {
  const browser = new TestBrowser(h);
  const id = await browser.start();
  service.verify(id);
  return { id, cookie: browser.cookieHeader() };
}
async function finalize(h: Handlers, id: string, cookie: string) {
  const b = new TestBrowser(h);
  const started = Date.now();
  const res = await b.send("POST", "session", { verificationId: id }, { cookie });
  return {
    status: res.status,
    code: res.body.code,
    session: b.jar.has(SESSION_COOKIE),
    ms: Date.now() - started,
  };
}
async function aSignedEvent() {
  const credport = new Credport({ secretKey: service.project.secretKey, baseUrl: BASE });
  const v = await credport.verifications.create({ policyId: "preset_age_over_18" });
  await credport.verifications.cancel(v.id);
  return service.model.webhooks.events.at(-1)!;
}
const deliver = (h: Handlers, e: { payload: string; signature: string }) =>
  h.POST(
    new Request(`${APP}/api/credport/webhooks`, {
      method: "POST",
      headers: { "webhook-signature": e.signature, "content-type": "application/json" },
      body: e.payload,
    }),
  );

describe("two instances on one Redis", () => {
  it("a verification finalizes once, an event reaches onEvent once, and a browser's start limit is shared", async () => {
    const seen: string[] = [];
    const [a, b] = fleet(seen);
    const { id, cookie } = await verifiedPending(a);
    expect(await finalize(a, id, cookie)).toMatchObject({ status: 200, session: true });
    expect(await finalize(b, id, cookie)).toMatchObject({
      status: 409,
      code: "verification_already_finalized",
      session: false,
    });

    const event = await aSignedEvent();
    expect((await deliver(a, event)).status).toBe(204);
    expect((await deliver(b, event)).status).toBe(200);
    expect(seen).toEqual([JSON.parse(event.payload).id]);

    // One browser alternating between the instances: 5 starts in all, not 5 on each.
    const browser = new TestBrowser(a);
    await browser.start();
    const other = new TestBrowser(b);
    for (const [k, v] of browser.jar) other.jar.set(k, v);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await (i % 2 ? browser : other).send("POST", "verifications", {})).status);
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
  }, 15_000);

  it("a duplicate delivered to the other instance while onEvent runs is not acknowledged (409 webhook_event_in_progress); the first fails, the redelivery is handled", async () => {
    const seen: string[] = [];
    let failFirst!: () => void;
    const firstFails = new Promise<void>((resolve) => {
      failFirst = resolve;
    });
    let calls = 0;
    const [a, b] = fleet(seen, {
      webhook: {
        secret,
        onEvent: async (e) => {
          calls += 1;
          if (calls === 1) {
            await firstFails;
            throw new Error("the handler's database is down");
          }
          seen.push(e.id);
        },
      },
    });
    const event = await aSignedEvent();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const first = deliver(a, event);
      await expect.poll(() => calls).toBe(1);
      const duplicate = await deliver(b, event);
      expect(duplicate.status).toBe(409);
      expect(duplicate.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await duplicate.json()).toMatchObject({ code: "webhook_event_in_progress" });
      failFirst();
      expect((await first).status).toBe(500);
      expect((await deliver(b, event)).status).toBe(204);
      expect((await deliver(a, event)).status).toBe(200);
      expect(seen).toEqual([JSON.parse(event.payload).id]);
    } finally {
      errors.mockRestore();
    }
  }, 15_000);

  it("CREDPORT_REDIS_URL alone selects Redis", async () => {
    vi.stubEnv("CREDPORT_REDIS_URL", redis.url);
    vi.stubEnv("CREDPORT_REDIS_PREFIX", `env${Date.now()}`);
    try {
      const a = createCredportHandlers(testConfig(service.project));
      const b = createCredportHandlers(testConfig(service.project));
      const { id, cookie } = await verifiedPending(a);
      expect((await finalize(a, id, cookie)).status).toBe(200);
      expect((await finalize(b, id, cookie)).code).toBe("verification_already_finalized");
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("Redis down: finalize 503 state_store_unavailable without a cookie, in bounded time; a webhook 503; starts fail open. Back up: the same verification finalizes and the event is handled, without a restart", async () => {
    const seen: string[] = [];
    const [a, b] = fleet(seen);
    const { id, cookie } = await verifiedPending(a);
    const event = await aSignedEvent();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      await redis.kill();
      const refused = await finalize(b, id, cookie);
      expect(refused).toMatchObject({
        status: 503,
        code: "state_store_unavailable",
        session: false,
      });
      expect(refused.ms).toBeLessThan(1500);
      const webhook = await deliver(a, event);
      expect(webhook.status).toBe(503);
      expect(await webhook.json()).toMatchObject({ code: "state_store_unavailable" });
      expect(seen).toEqual([]);
      expect((await new TestBrowser(a).send("POST", "verifications", {})).status).toBe(201);
      expect(warnings).toHaveBeenCalledWith(expect.stringContaining("let through"));

      await redis.start();
      let back = await finalize(b, id, cookie);
      for (let i = 0; back.status === 503 && i < 50; i++) {
        await new Promise((r) => setTimeout(r, 100));
        back = await finalize(b, id, cookie);
      }
      expect(back).toMatchObject({ status: 200, session: true });
      expect((await deliver(b, event)).status).toBe(204);
      expect((await deliver(a, event)).status).toBe(200);
      expect(seen).toEqual([JSON.parse(event.payload).id]);
    } finally {
      errors.mockRestore();
      warnings.mockRestore();
    }
  });
});
