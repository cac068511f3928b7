import { signWebhookPayloadSync } from "@credport/mock";
import {
  Credport,
  CredportConfigurationError,
  CredportSignatureVerificationError,
  signWebhookPayload,
  verifyWebhook,
} from "@credport/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_SERVICES, type TestService } from "./support/services.js";

describe("webhooks.verify", () => {
  let service: TestService;
  let credport: Credport;
  let secret: string;
  let event: { payload: string; signature: string };
  beforeAll(async () => {
    service = await ALL_SERVICES[0]!.start();
    secret = service.project.webhookSecret;
    credport = new Credport({ secretKey: service.project.secretKey, baseUrl: service.baseUrl });
    const v = await credport.verifications.create({ policyId: "preset_age_over_18" });
    await credport.verifications.cancel(v.id);
    event = service.model.webhooks.events.at(-1)!;
  });
  afterAll(() => service.close());

  it("verifies an event the service signed and returns it typed", async () => {
    const verified = await credport.webhooks.verify(
      { payload: event.payload, signature: event.signature },
      { secret },
    );
    expect(verified).toMatchObject({
      object: "event",
      type: "verification.canceled",
      data: { object: { status: "canceled" } },
    });
  });

  it("reads a Fetch Request itself (raw body and Webhook-Signature header)", async () => {
    const request = new Request("https://app.test/webhooks", {
      method: "POST",
      headers: { "webhook-signature": event.signature },
      body: event.payload,
    });
    expect((await verifyWebhook(request, { secret })).type).toBe("verification.canceled");
  });

  it("accepts any of several v1 signatures (secret rotation)", async () => {
    const t = Math.floor(Date.now() / 1000);
    const old = await signWebhookPayload(event.payload, {
      secret: `whsec_${"o".repeat(32)}`,
      timestamp: t,
    });
    const current = await signWebhookPayload(event.payload, { secret, timestamp: t });
    const header = `${old},v1=${current.split("v1=")[1]}`;
    expect(
      (await verifyWebhook({ payload: event.payload, signature: header }, { secret })).id,
    ).toMatch(/^evt_/);
  });

  it("the emulator's signWebhookPayloadSync and signWebhookPayload make the same header, and each verifies", async () => {
    const timestamp = Math.floor(Date.now() / 1000);
    const fromMock = signWebhookPayloadSync(event.payload, { secret, timestamp });
    const fromServer = await signWebhookPayload(event.payload, { secret, timestamp });
    expect(fromMock).toBe(fromServer);
    for (const signature of [fromMock, fromServer])
      expect((await verifyWebhook({ payload: event.payload, signature }, { secret })).id).toBe(
        JSON.parse(event.payload).id,
      );
  });

  it.each([
    ["a v1 with text after the signature", (header: string) => `${header}=junk`],
    ["a second timestamp", (header: string) => `${header},t=1`],
    [
      "a timestamp not in decimal seconds",
      (header: string) =>
        header.replace(/^t=(\d+)/, (_, t: string) => `t=0x${Number(t).toString(16)}`),
    ],
  ])("refuses a header with %s as malformed", async (_, change) => {
    const signature = change(
      await signWebhookPayload(event.payload, { secret, timestamp: Math.floor(Date.now() / 1000) }),
    );
    await expect(
      verifyWebhook({ payload: event.payload, signature }, { secret }),
    ).rejects.toMatchObject({ code: "webhook_signature_malformed" });
  });

  it.each([
    [
      "a tampered body",
      (p: string) => p.replace("canceled", "verified"),
      "webhook_signature_mismatch",
    ],
    [
      "a re-serialised body",
      (p: string) => JSON.stringify(JSON.parse(p), null, 2),
      "webhook_signature_mismatch",
    ],
  ])("refuses %s", async (_, change, code) => {
    const error = await verifyWebhook(
      { payload: change(event.payload), signature: event.signature },
      { secret },
    ).catch((e) => e);
    expect(error).toBeInstanceOf(CredportSignatureVerificationError);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(/raw request body/);
  });

  it("refuses timestamps more than 300 s away, both ways", async () => {
    const t = Math.floor(Date.now() / 1000);
    for (const timestamp of [t - 301, t + 301]) {
      const signature = await signWebhookPayload(event.payload, { secret, timestamp });
      await expect(
        verifyWebhook({ payload: event.payload, signature }, { secret }),
      ).rejects.toMatchObject({
        code: "webhook_timestamp_out_of_tolerance",
      });
    }
    const inside = await signWebhookPayload(event.payload, { secret, timestamp: t - 299 });
    await expect(
      verifyWebhook({ payload: event.payload, signature: inside }, { secret }),
    ).resolves.toBeDefined();
  });

  it("names the usual mistakes: parsed body, whitespace in the secret, missing header, wrong secret kind", async () => {
    const parsed = await verifyWebhook(
      { payload: JSON.parse(event.payload), signature: event.signature },
      { secret },
    ).catch((e) => e);
    expect(parsed.code).toBe("webhook_payload_not_raw");
    const spaced = await verifyWebhook(event, { secret: `${secret}\n` }).catch((e) => e);
    expect(spaced).toBeInstanceOf(CredportConfigurationError);
    expect(spaced.code).toBe("webhook_secret_invalid");
    expect(spaced.message).toMatch(/whitespace/);
    const missing = await verifyWebhook(
      { payload: event.payload, signature: null },
      { secret },
    ).catch((e) => e);
    expect(missing.code).toBe("webhook_signature_missing");
    const apiKey = await verifyWebhook(event, { secret: service.project.secretKey }).catch(
      (e) => e,
    );
    expect(apiKey).toBeInstanceOf(CredportConfigurationError);
    expect(apiKey.code).toBe("webhook_secret_invalid");
    expect(apiKey.message).not.toContain(service.project.secretKey);
  });

  it("an unset secret variable passed on is the option left out: a typed error naming both", async () => {
    const saved = process.env.CREDPORT_WEBHOOK_SECRET;
    delete process.env.CREDPORT_WEBHOOK_SECRET;
    try {
      const error = await verifyWebhook(event, {
        secret: process.env.CREDPORT_WEBHOOK_SECRET,
      }).catch((e) => e);
      expect(error).toBeInstanceOf(CredportConfigurationError);
      expect(error.code).toBe("missing_webhook_secret");
      expect(error.message).toMatch(/options\.secret or CREDPORT_WEBHOOK_SECRET/);
    } finally {
      if (saved !== undefined) process.env.CREDPORT_WEBHOOK_SECRET = saved;
    }
  });
});
