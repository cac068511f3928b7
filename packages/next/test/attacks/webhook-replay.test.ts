// Issue 12, item 13: a signed webhook replayed inside the tolerance window reaches the handler once.
import { createCredportHandlers } from "@credport/next";
import {
  Credport,
  CredportError,
  CredportSignatureVerificationError,
  createMemoryWebhookEventStore,
  verifyWebhook,
  type WebhookEventStore,
} from "@credport/server";
import { describe, expect, it, vi } from "vitest";
import { testConfig } from "../support/config.js";
import { APP, BASE, setUpMockService } from "../support/mock-service.js";

const service = setUpMockService();
const credport = new Credport({ secretKey: service.project.secretKey, baseUrl: BASE });
const secret = service.project.webhookSecret;

async function aSignedEvent() {
  const v = await credport.verifications.create({ policyId: "preset_age_over_18" });
  await credport.verifications.cancel(v.id);
  return service.model.webhooks.events.at(-1)!;
}
const delivery = (e: { payload: string; signature: string }) =>
  new Request(`${APP}/api/credport/webhooks`, {
    method: "POST",
    headers: { "webhook-signature": e.signature, "content-type": "application/json" },
    body: e.payload,
  });

describe("webhook replays", () => {
  it("the Next route hands an event to onEvent once, and acknowledges the replay", async () => {
    const seen: string[] = [];
    const handlers = createCredportHandlers(
      testConfig(service.project, { webhook: { secret, onEvent: (e) => void seen.push(e.id) } }),
    );
    const event = await aSignedEvent();
    expect((await handlers.POST(delivery(event))).status).toBe(204);
    const replay = await handlers.POST(delivery(event));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ duplicate: true });
    expect(seen).toHaveLength(1);
  });

  it("an event whose handler failed is processed when it comes again", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    let fail = true;
    const seen: string[] = [];
    const handlers = createCredportHandlers(
      testConfig(service.project, {
        webhook: {
          secret,
          onEvent: (e) => {
            if (fail) throw new Error("database down");
            seen.push(e.id);
          },
        },
      }),
    );
    const event = await aSignedEvent();
    expect((await handlers.POST(delivery(event))).status).toBe(500);
    // One redacted line with the stack: where the app's own handler threw.
    expect(log).toHaveBeenCalledWith(
      expect.stringMatching(/^credport\/next: a request failed: Error: database down\n\s+at /),
    );
    log.mockRestore();
    fail = false;
    expect((await handlers.POST(delivery(event))).status).toBe(204);
    expect(seen).toHaveLength(1);
  });

  it("a store that recorded the ID but whose answer was lost (timeout): 503, and the redelivery is handled, not taken as a duplicate", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const remembered = new Set<string>();
    let slow = true;
    const store: WebhookEventStore = {
      remember: async (id) => {
        const first = !remembered.has(id);
        remembered.add(id);
        if (slow)
          throw new CredportError("credport: Redis did not answer within 500 ms.", {
            code: "state_store_unavailable",
          });
        return first;
      },
      forget: (id) => void remembered.delete(id),
    };
    const seen: string[] = [];
    const handlers = createCredportHandlers(
      testConfig(service.project, {
        webhook: { secret, eventStore: store, onEvent: (e) => void seen.push(e.id) },
      }),
    );
    const event = await aSignedEvent();
    const refused = await handlers.POST(delivery(event));
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ code: "state_store_unavailable" });
    slow = false;
    expect((await handlers.POST(delivery(event))).status).toBe(204);
    expect(seen).toHaveLength(1);
    log.mockRestore();
  });

  it("the route takes the app's own store (shared across instances)", async () => {
    const remembered: string[] = [];
    const store: WebhookEventStore = {
      remember: (id) => {
        if (remembered.includes(id)) return false;
        remembered.push(id);
        return true;
      },
    };
    const seen: string[] = [];
    const config = testConfig(service.project, {
      webhook: { secret, eventStore: store, onEvent: (e) => void seen.push(e.id) },
    });
    const [one, two] = [createCredportHandlers(config), createCredportHandlers(config)];
    const event = await aSignedEvent();
    await one.POST(delivery(event));
    await two.POST(delivery(event));
    expect(seen).toHaveLength(1);
    expect(remembered).toHaveLength(1);
  });

  it("verifyWebhook refuses a replay when given a store, and keeps its old behaviour without", async () => {
    const event = await aSignedEvent();
    const eventStore = createMemoryWebhookEventStore();
    await verifyWebhook(
      { payload: event.payload, signature: event.signature },
      { secret, eventStore },
    );
    const replay = verifyWebhook(
      { payload: event.payload, signature: event.signature },
      { secret, eventStore },
    );
    await expect(replay).rejects.toBeInstanceOf(CredportSignatureVerificationError);
    await expect(replay).rejects.toMatchObject({ code: "webhook_event_replayed" });
    await verifyWebhook({ payload: event.payload, signature: event.signature }, { secret });
    await verifyWebhook({ payload: event.payload, signature: event.signature }, { secret });
  });
});
