// Two instances of the same app on one Redis, for every framework: a presentation gives one session
// across the fleet, a webhook reaches onEvent once across the fleet (a duplicate of an event still
// being handled is not acknowledged), and a browser's start limit counts its starts on every
// instance. Two apps sharing one Redis and prefix keep their events and counters apart, and a Redis
// that may evict keys is refused. The state is Debian's redis-server, started for this file.
import { Credport, signWebhookPayload, type WebhookEvent } from "@credport/server";
import { createRedisStateStore, type RedisStateStore } from "@credport/server/redis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  keepRedisBusy,
  type RedisServer,
  startRedisServer,
} from "../../../server/test/support/redis-server.js";
import { sessionOptions, setUpService } from "../support/apps.js";
import { frameworks, type RunningApp } from "../support/frameworks.js";
import { HttpBrowser, send } from "../support/http-client.js";

const env = setUpService();
let redis: RedisServer;
let evicting: RedisServer;
beforeAll(async () => {
  [redis, evicting] = await Promise.all([
    startRedisServer(),
    startRedisServer(["--maxmemory-policy", "volatile-lru"]),
  ]);
});
afterAll(async () => {
  await redis?.kill();
  await evicting?.kill();
});

/** A signed event the service sent for a verification of this project: its payload, signature and ID. */
async function aSignedEvent() {
  const credport = new Credport({
    secretKey: env.service.project.secretKey,
    baseUrl: env.service.url,
  });
  const v = await credport.verifications.create({ policyId: "preset_age_over_18" });
  await credport.verifications.cancel(v.id);
  const { payload, signature } = env.service.model.webhooks.events.at(-1)!;
  return { payload, signature, id: JSON.parse(payload).id as string };
}

const deliver = (url: string, event: { payload: string; signature: string }) =>
  send(url, "/api/credport/webhooks", {
    method: "POST",
    headers: { "webhook-signature": event.signature, "content-type": "application/json" },
    body: event.payload,
  });

describe.each(frameworks)("$name: two instances on one Redis", (framework) => {
  const events: WebhookEvent[] = [];
  const handled = (e: WebhookEvent) => void events.push(e);
  let onEvent: (e: WebhookEvent) => void | Promise<void> = handled;
  let stores: RedisStateStore[] = [];
  let instances: RunningApp[] = [];
  beforeAll(async () => {
    // Each instance its own client, as separate processes would have; one prefix, one fleet.
    stores = [0, 1].map(() =>
      createRedisStateStore({
        url: redis.url,
        prefix: `fleet-${framework.name.replace(/\W/g, "")}`,
      }),
    );
    instances = await Promise.all(
      stores.map((stateStore) =>
        framework.start({
          ...sessionOptions(env.service, events),
          webhook: { secret: env.service.project.webhookSecret, onEvent: (e) => onEvent(e) },
          stateStore,
        }),
      ),
    );
  });
  afterAll(async () => {
    await Promise.all(instances.map((i) => i.close()));
    await Promise.all(stores.map((s) => s.close()));
  });

  it("one presentation, finalized on both instances at once with a copied pending cookie: one session", async () => {
    const browser = new HttpBrowser(instances[0]!.url);
    const id = await browser.start();
    env.service.verify(id);
    const cookie = browser.cookieHeader();
    const results = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const replay = new HttpBrowser(instances[i % 2]!.url);
        const res = await replay.finalize(id, { cookie });
        return { status: res.status, code: res.json.code, session: replay.hasSession() };
      }),
    );
    expect(results.filter((r) => r.session)).toHaveLength(1);
    // The others are refused as replays (or, on a machine too busy for Redis's 500 ms, as an
    // unavailable store): never a second session.
    for (const r of results.filter((r) => !r.session))
      expect(["verification_already_finalized", "state_store_unavailable"]).toContain(r.code);
  });

  it("two finalizes in flight on one instance while Redis is busy: both refused (503), and the browser's retry gets its session", async () => {
    const browser = new HttpBrowser(instances[0]!.url);
    const id = await browser.start();
    env.service.verify(id);
    const cookie = browser.cookieHeader();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      // Longer than the store's 500 ms: both SETs are applied late, one of them wins.
      const busy = keepRedisBusy(redis.port, 2500);
      await new Promise((r) => setTimeout(r, 50));
      const both = await Promise.all(
        [0, 1].map(() => new HttpBrowser(instances[0]!.url).finalize(id, { cookie })),
      );
      expect(both.map((r) => [r.status, r.json.code])).toEqual([
        [503, "state_store_unavailable"],
        [503, "state_store_unavailable"],
      ]);
      await busy;
      // Neither caller got a session, so the winning write is undone: the retry is the first.
      const retry = new HttpBrowser(instances[0]!.url);
      expect((await retry.finalize(id, { cookie })).status).toBe(200);
      expect(retry.hasSession()).toBe(true);
    } finally {
      errors.mockRestore();
    }
  });

  it("a webhook delivered to both instances, and again to each: onEvent once", async () => {
    const event = await aSignedEvent();
    const answers = await Promise.all(
      [...instances, ...instances].map((i) => deliver(i.url, event)),
    );
    // One delivery handles it; the others are duplicates, acknowledged once it is done or asked to
    // come back while it is still in progress.
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(1);
    for (const s of statuses.filter((s) => s !== 204)) expect([200, 409]).toContain(s);
    for (const i of instances) expect((await deliver(i.url, event)).status).toBe(200);
    expect(events.filter((e) => e.id === event.id)).toHaveLength(1);
  });

  it("a duplicate arriving while the first delivery is in onEvent is not acknowledged (409, Retry-After); the first fails, the next delivery is handled", async () => {
    const event = await aSignedEvent();
    let failFirst!: () => void;
    const firstFails = new Promise<void>((resolve) => {
      failFirst = resolve;
    });
    let calls = 0;
    onEvent = async (e) => {
      calls += 1;
      if (calls === 1) {
        await firstFails;
        throw new Error("the handler's database is down");
      }
      handled(e);
    };
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const first = deliver(instances[0]!.url, event);
      await expect.poll(() => calls).toBe(1);
      for (const instance of instances) {
        const duplicate = await deliver(instance.url, event);
        expect(duplicate.status).toBe(409);
        expect(duplicate.json.code).toBe("webhook_event_in_progress");
        expect(Number(duplicate.headers["retry-after"])).toBeGreaterThan(0);
      }
      failFirst();
      expect((await first).status).toBe(500);
      expect(events.filter((e) => e.id === event.id)).toHaveLength(0);
      // The service delivers again: handled this time, then acknowledged as done.
      expect((await deliver(instances[1]!.url, event)).status).toBe(204);
      expect((await deliver(instances[0]!.url, event)).status).toBe(200);
      expect(events.filter((e) => e.id === event.id)).toHaveLength(1);
    } finally {
      onEvent = handled;
      errors.mockRestore();
    }
  });

  it("a browser's starts count on every instance: the sixth in a minute is refused, wherever it lands", async () => {
    // One browser (one cookie jar) whose requests land on either instance, as behind a balancer.
    const jar = new Map<string, string>();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const browser = new HttpBrowser(instances[i % 2]!.url);
      for (const [name, value] of jar) browser.jar.set(name, value);
      statuses.push((await browser.api("POST", "verifications", {})).status);
      for (const [name, value] of browser.jar) jar.set(name, value);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe.each(frameworks)("$name: a script's starts on two instances", (framework) => {
  let stores: RedisStateStore[] = [];
  let instances: RunningApp[] = [];
  beforeAll(async () => {
    stores = [0, 1].map(() =>
      createRedisStateStore({
        url: redis.url,
        prefix: `fleet-address-${framework.name.replace(/\W/g, "")}`,
      }),
    );
    instances = await Promise.all(
      stores.map((stateStore) =>
        // The default limits: 10 starts a minute per address, counted on the socket's address.
        framework.start({ ...sessionOptions(env.service, []), stateStore, rateLimit: {} }),
      ),
    );
  });
  afterAll(async () => {
    await Promise.all(instances.map((i) => i.close()));
    await Promise.all(stores.map((s) => s.close()));
  });

  it("a client that keeps no cookie gets 10 starts a minute across the fleet, then 429 on either instance", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const url = instances[i % 2]!.url;
      const res = await send(url, "/api/credport/verifications", {
        method: "POST",
        body: {},
        headers: { origin: url, "sec-fetch-site": "same-origin" },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429, 429]);
  });
});

describe.each(frameworks)("$name: two apps sharing one Redis and one prefix", (framework) => {
  // Two apps of one project (or two projects without a project ID): one Redis, one prefix, each
  // its own session secret and webhook endpoint (its own secret). The service sends one event to
  // both endpoints, and one address starts verifications on both.
  const SECOND_WEBHOOK_SECRET = `whsec_${"b".repeat(32)}`;
  const events: [WebhookEvent[], WebhookEvent[]] = [[], []];
  let apps: RunningApp[] = [];
  beforeAll(async () => {
    const shared = {
      redis: { url: redis.url, prefix: "one-prefix" },
      trustProxy: true,
      rateLimit: {}, // the default limits, which the suite's options lift
    };
    apps = await Promise.all([
      framework.start({ ...sessionOptions(env.service, events[0]), ...shared }),
      framework.start({
        ...sessionOptions(env.service, events[1]),
        ...shared,
        sessionSecret: "a-second-app-session-secret-0123456789abcdef",
        webhook: {
          secret: SECOND_WEBHOOK_SECRET,
          onEvent: (e) => void events[1].push(e),
        },
      }),
    ]);
  });
  afterAll(() => Promise.all(apps.map((a) => a.close())));

  it("one event sent to both apps' endpoints reaches each app's onEvent once", async () => {
    const event = await aSignedEvent();
    const second = {
      payload: event.payload,
      signature: await signWebhookPayload(event.payload, { secret: SECOND_WEBHOOK_SECRET }),
    };
    expect((await deliver(apps[0]!.url, event)).status).toBe(204);
    expect((await deliver(apps[1]!.url, second)).status).toBe(204);
    expect((await deliver(apps[0]!.url, event)).status).toBe(200);
    expect((await deliver(apps[1]!.url, second)).status).toBe(200);
    expect(events[0].filter((e) => e.id === event.id)).toHaveLength(1);
    expect(events[1].filter((e) => e.id === event.id)).toHaveLength(1);
  });

  it("one address's starts on the first app do not count on the second", async () => {
    const from = { "x-forwarded-for": `198.51.100.${frameworks.indexOf(framework) + 1}` };
    const start = (url: string) =>
      new HttpBrowser(url).api("POST", "verifications", {}, from).then((a) => a.status);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push(await start(apps[0]!.url));
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
    expect(await start(apps[1]!.url)).toBe(201);
  });
});

describe.each(frameworks)("$name: a Redis that may evict keys", (framework) => {
  let app: RunningApp;
  const events: WebhookEvent[] = [];
  beforeAll(async () => {
    app = await framework.start({
      ...sessionOptions(env.service, events),
      redis: { url: evicting.url, prefix: "evicting" },
    });
  });
  afterAll(() => app?.close());

  it("maxmemory-policy volatile-lru: finalize and webhooks refuse (503 state_store_unavailable), nothing is handled", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const browser = new HttpBrowser(app.url);
      const id = await browser.start();
      env.service.verify(id);
      const replay = new HttpBrowser(app.url);
      const res = await replay.finalize(id, { cookie: browser.cookieHeader() });
      expect({ status: res.status, code: res.json.code, session: replay.hasSession() }).toEqual({
        status: 503,
        code: "state_store_unavailable",
        session: false,
      });
      const event = await aSignedEvent();
      const webhook = await deliver(app.url, event);
      expect({ status: webhook.status, code: webhook.json.code }).toEqual({
        status: 503,
        code: "state_store_unavailable",
      });
      expect(events).toEqual([]);
      // The reason is logged for the operator, naming the policy and the fix.
      expect(errors).toHaveBeenCalledWith(
        expect.stringMatching(/maxmemory-policy is volatile-lru.*noeviction/),
      );
    } finally {
      errors.mockRestore();
      warnings.mockRestore();
    }
  });
});
