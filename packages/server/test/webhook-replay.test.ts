import {
  Credport,
  createMemoryStateStore,
  createMemoryWebhookEventStore,
  signWebhookPayload,
  verifyWebhook,
} from "@credport/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedisStateStore } from "../src/redis/index.js";
import { type RedisServer, startRedisServer } from "./support/redis-server.js";
import { ALL_SERVICES, type TestService } from "./support/services.js";

describe("webhook event de-duplication", () => {
  let service: TestService;
  let secret: string;
  let event: { payload: string; signature: string };
  beforeAll(async () => {
    service = await ALL_SERVICES[0]!.start();
    secret = service.project.webhookSecret;
    const credport = new Credport({
      secretKey: service.project.secretKey,
      baseUrl: service.baseUrl,
    });
    const v = await credport.verifications.create({ policyId: "preset_age_over_18" });
    await credport.verifications.cancel(v.id);
    event = service.model.webhooks.events.at(-1)!;
  });
  afterAll(() => service.close());

  it("a replay of the same event (same or new signature) is refused inside the window", async () => {
    const eventStore = createMemoryWebhookEventStore();
    await verifyWebhook(event, { secret, eventStore });
    await expect(verifyWebhook(event, { secret, eventStore })).rejects.toMatchObject({
      code: "webhook_event_replayed",
    });
    const resigned = await signWebhookPayload(event.payload, { secret });
    await expect(
      verifyWebhook({ payload: event.payload, signature: resigned }, { secret, eventStore }),
    ).rejects.toMatchObject({ code: "webhook_event_replayed" });
  });

  it("a retry of a handled event is refused for 72 hours (the service retries for ~3 days), with a state store", async () => {
    let now = Date.now();
    const stateStore = createMemoryStateStore({ now: () => now });
    const deliver = async () =>
      verifyWebhook(
        { payload: event.payload, signature: await signWebhookPayload(event.payload, { secret }) },
        { secret, stateStore },
      );
    await deliver();
    now += 71 * 60 * 60 * 1000; // well past twice the 300 s tolerance
    await expect(deliver()).rejects.toMatchObject({ code: "webhook_event_replayed" });
    now += 2 * 60 * 60 * 1000;
    await expect(deliver()).resolves.toMatchObject({ id: JSON.parse(event.payload).id });
  });

  it("a bad signature is not remembered (it cannot block the genuine delivery)", async () => {
    const eventStore = createMemoryWebhookEventStore();
    const forged = await signWebhookPayload(event.payload, { secret: `whsec_${"x".repeat(32)}` });
    await expect(
      verifyWebhook({ payload: event.payload, signature: forged }, { secret, eventStore }),
    ).rejects.toMatchObject({ code: "webhook_signature_mismatch" });
    await expect(verifyWebhook(event, { secret, eventStore })).resolves.toMatchObject({
      object: "event",
    });
  });

  it("the memory store forgets on request and after its time, and stays bounded without forgetting a live ID", async () => {
    let now = 1_000_000;
    const store = createMemoryWebhookEventStore({ maxEntries: 3, now: () => now });
    expect(await store.remember("evt_1", 600)).toBe(true);
    expect(await store.remember("evt_1", 600)).toBe(false);
    await store.forget?.("evt_1");
    expect(await store.remember("evt_1", 600)).toBe(true);
    now += 601_000;
    expect(await store.remember("evt_1", 600)).toBe(true);
    for (const id of ["evt_2", "evt_3"]) await store.remember(id, 600);
    // Full of live IDs: a new one is refused (the caller answers 5xx), none is forgotten early.
    await expect(store.remember("evt_4", 600)).rejects.toMatchObject({
      code: "state_store_unavailable",
    });
    expect(await store.remember("evt_1", 600)).toBe(false);
    now += 601_000;
    expect(await store.remember("evt_4", 600)).toBe(true);
  });

  it("a full memory store still refuses a replay of its oldest event", async () => {
    const store = createMemoryWebhookEventStore({ maxEntries: 3, now: () => 1_000_000 });
    for (const id of ["evt_1", "evt_2", "evt_3"]) expect(await store.remember(id, 600)).toBe(true);
    // Room is made for new IDs only: the replayed ID is looked up before anything gives way.
    expect(await store.remember("evt_1", 600)).toBe(false);
    expect(await store.remember("evt_2", 600)).toBe(false);
  });
});

describe("webhook event de-duplication on a Redis shared by two endpoints", () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(() => redis?.kill());

  it("two apps (two endpoint secrets) on one Redis and prefix each take the event once; the key holds no secret", async () => {
    const secrets = [`whsec_${"a".repeat(32)}`, `whsec_${"b".repeat(32)}`];
    const stores = secrets.map(() => createRedisStateStore({ url: redis.url, prefix: "shared" }));
    try {
      const payload = JSON.stringify({ id: "evt_shared_1", object: "event", type: "test.thing" });
      const deliver = async (i: number) =>
        verifyWebhook(
          { payload, signature: await signWebhookPayload(payload, { secret: secrets[i]! }) },
          { secret: secrets[i]!, stateStore: stores[i]! },
        );
      await expect(deliver(0)).resolves.toMatchObject({ id: "evt_shared_1" });
      await expect(deliver(1)).resolves.toMatchObject({ id: "evt_shared_1" });
      for (const i of [0, 1])
        await expect(deliver(i)).rejects.toMatchObject({ code: "webhook_event_replayed" });
      const { createClient } = await import("redis");
      const probe = createClient({ url: redis.url });
      await probe.connect();
      try {
        const keys = await probe.keys("credport:shared:*");
        expect(keys).toHaveLength(2);
        for (const key of keys) {
          expect(key).toMatch(/^credport:shared:webhook-event:[0-9a-f]{16}:evt_shared_1$/);
          for (const secret of secrets) expect(key).not.toContain(secret.slice(6, 20));
        }
      } finally {
        await probe.close();
      }
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  });
});
