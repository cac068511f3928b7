// The webhook attacks of @credport/next's suite (webhook-replay and the signature checks), over
// real HTTP against every framework: the raw body reaches the signature check as the service
// sent it, a replayed delivery reaches onEvent once, and a delivery that is not signed with the
// project's secret, or signed too long ago, reaches it never.
import { signWebhookPayloadSync } from "@credport/mock";
import { Credport } from "@credport/server";
import { describe, expect, it } from "vitest";
import { setUpService, useApp } from "../support/apps.js";
import { frameworks } from "../support/frameworks.js";
import { send } from "../support/http-client.js";

const env = setUpService();

/** A genuine event the service signed (a verification cancelled). */
async function aSignedEvent() {
  const credport = new Credport({
    secretKey: env.service.project.secretKey,
    baseUrl: env.service.url,
  });
  const v = await credport.verifications.create({ policyId: "preset_age_over_18" });
  await credport.verifications.cancel(v.id);
  const event = env.service.model.webhooks.events.at(-1)!;
  return {
    id: JSON.parse(event.payload).id as string,
    payload: event.payload,
    signature: event.signature,
  };
}

describe.each(frameworks)("$name", (framework) => {
  const app = useApp(framework, env);
  const deliver = (payload: string, signature: string) =>
    send(app.url, "/api/credport/webhooks", {
      method: "POST",
      headers: { "webhook-signature": signature, "content-type": "application/json" },
      body: payload,
    });
  const handled = (id: string) => app.events.filter((e) => e.id === id).length;

  it("a genuine delivery reaches onEvent once; its replay is acknowledged as a duplicate", async () => {
    const event = await aSignedEvent();
    expect((await deliver(event.payload, event.signature)).status).toBe(204);
    const replay = await deliver(event.payload, event.signature);
    expect(replay.status).toBe(200);
    expect(replay.json).toMatchObject({ duplicate: true });
    expect(handled(event.id)).toBe(1);
  });

  it.each<[string, (e: { payload: string; signature: string }) => [string, string]]>([
    [
      "a payload changed under a genuine signature",
      (e) => [e.payload.replace('"canceled"', '"verified"').replace("}", ',"x":1}'), e.signature],
    ],
    ["a payload with a space added", (e) => [`${e.payload} `, e.signature]],
    [
      "a signature made with another secret",
      (e) => [
        e.payload,
        signWebhookPayloadSync(e.payload, { secret: "whsec_someone_else_0123456789" }),
      ],
    ],
    [
      "a genuine signature from 10 minutes ago (replayed outside the tolerance)",
      (e) => [
        e.payload,
        signWebhookPayloadSync(e.payload, {
          secret: env.service.project.webhookSecret,
          timestamp: Math.floor(Date.now() / 1000) - 600,
        }),
      ],
    ],
    ["the v1 part cut off", (e) => [e.payload, e.signature.replace(/,?v1=[^,]*/g, "")]],
    ["an empty signature", (e) => [e.payload, ""]],
  ])("%s is refused with 400 and reaches no handler", async (_, spoil) => {
    const event = await aSignedEvent();
    const [payload, signature] = spoil(event);
    const res = await deliver(payload, signature);
    expect(res.status).toBe(400);
    expect(String(res.json.code)).toMatch(/^webhook_/);
    expect(handled(event.id)).toBe(0);
    // The genuine delivery still goes through afterwards: the refusal used nothing up.
    expect((await deliver(event.payload, event.signature)).status).toBe(204);
    expect(handled(event.id)).toBe(1);
  });
});
