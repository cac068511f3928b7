// Two instances of the same app on one Redis, for every framework: a presentation gives one session
// across the fleet, a webhook reaches onEvent once across the fleet, and a browser's start limit
// counts its starts on every instance. The state is Debian's redis-server, started for this file.
import { Credport, type WebhookEvent } from "@credport/server";
import { createRedisStateStore, type RedisStateStore } from "@credport/server/redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RedisServer, startRedisServer } from "../../../server/test/support/redis-server.js";
import { sessionOptions, setUpService } from "../support/apps.js";
import { frameworks, type RunningApp } from "../support/frameworks.js";
import { HttpBrowser, send } from "../support/http-client.js";

const env = setUpService();
let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(() => redis?.kill());

describe.each(frameworks)("$name: two instances on one Redis", (framework) => {
  const events: WebhookEvent[] = [];
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
        framework.start({ ...sessionOptions(env.service, events), stateStore }),
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

  it("a webhook delivered to both instances, and again to each: onEvent once", async () => {
    const credport = new Credport({
      secretKey: env.service.project.secretKey,
      baseUrl: env.service.url,
    });
    const v = await credport.verifications.create({ policyId: "preset_age_over_18" });
    await credport.verifications.cancel(v.id);
    const { payload, signature } = env.service.model.webhooks.events.at(-1)!;
    const id = JSON.parse(payload).id as string;
    const deliver = (url: string) =>
      send(url, "/api/credport/webhooks", {
        method: "POST",
        headers: { "webhook-signature": signature, "content-type": "application/json" },
        body: payload,
      });
    const answers = await Promise.all([...instances, ...instances].map((i) => deliver(i.url)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 204]);
    expect(events.filter((e) => e.id === id)).toHaveLength(1);
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
