import { startEmulator } from "@credport/emulator";
import { expect, it } from "vitest";
import { edgeBundle, runInEdgeRuntime, runTracedInEdgeRuntime } from "./support/edge-bundle.js";

const here = { resolveDir: import.meta.dirname };

/**
 * The server entry, bundled for the edge the way a worker bundler does (browser platform, no Node
 * built-ins), run in the Edge Runtime VM: a request against the emulator and a webhook verification.
 */
it("runs in the Edge Runtime: a request and webhook verifications (raw payload and Request)", async () => {
  const vm = await runInEdgeRuntime(
    'import * as sdk from "@credport/server"; globalThis.credport = sdk;',
    here,
  );
  const emulator = await startEmulator();
  try {
    const v = await vm.evaluate(
      `(async () => {
        const client = new credport.Credport({ secretKey: ${JSON.stringify(emulator.keys.secretKey)}, baseUrl: ${JSON.stringify(emulator.url)} });
        const created = await client.verifications.create({ policyId: "preset_age_over_18" });
        await client.verifications.cancel(created.id);
        return created.id;
      })()`,
    );
    const { payload, signature } = emulator.model.webhooks.events.at(-1)!;
    const event = await vm.evaluate(
      `credport.verifyWebhook({ payload: ${JSON.stringify(payload)}, signature: ${JSON.stringify(signature)} }, { secret: ${JSON.stringify(emulator.keys.webhookSecret)} })`,
    );
    expect(event).toMatchObject({ type: "verification.canceled", data: { object: { id: v } } });
    const forged = await vm.evaluate(
      `credport.verifyWebhook({ payload: ${JSON.stringify(payload)}, signature: "t=1,v1=00" }, { secret: ${JSON.stringify(emulator.keys.webhookSecret)} }).catch((e) => e.type)`,
    );
    expect(forged).toBe("signature_verification_error");
    // A Request: the header first, then the body read as a capped stream, in the edge runtime too.
    const fromRequest = await vm.evaluate(
      `credport.verifyWebhook(new Request("https://app.test/hook", { method: "POST", body: ${JSON.stringify(payload)}, headers: { "webhook-signature": ${JSON.stringify(signature)} } }), { secret: ${JSON.stringify(emulator.keys.webhookSecret)} }).then((e) => e.type)`,
    );
    expect(fromRequest).toBe("verification.canceled");
    const tooLarge = await vm.evaluate(
      `credport.verifyWebhook(new Request("https://app.test/hook", { method: "POST", body: ${JSON.stringify(payload)}, headers: { "webhook-signature": ${JSON.stringify(signature)} } }), { secret: ${JSON.stringify(emulator.keys.webhookSecret)}, maxBodyBytes: 8 }).catch((e) => e.code)`,
    );
    expect(tooLarge).toBe("webhook_body_too_large");
  } finally {
    await emulator.close();
  }
});

/**
 * Tracing on the edge: the built server entry, its telemetry entry and OpenTelemetry's SDK bundled
 * together as a worker bundler does, run in the Edge Runtime VM, with the SDK's in-memory exporter.
 */
it("traces its calls in the Edge Runtime, with OpenTelemetry's SDK bundled beside it", async () => {
  const vm = await runTracedInEdgeRuntime("@credport/server", "credport", here);
  const emulator = await startEmulator();
  try {
    const spans = await vm.evaluate(
      `(async () => {
        const client = new credport.Credport({ secretKey: ${JSON.stringify(emulator.keys.secretKey)}, baseUrl: ${JSON.stringify(emulator.url)}, telemetry: createTelemetry({ tracerProvider: provider }) });
        const created = await client.verifications.create({ policyId: "preset_age_over_18" });
        await client.verifications.get("ver_missing").catch(() => {});
        return JSON.stringify(exporter.getFinishedSpans().map((s) => ({ name: s.name, kind: s.kind, attributes: s.attributes, status: s.status.code, token: created.clientToken })));
      })()`,
    );
    const parsed = JSON.parse(spans) as {
      name: string;
      kind: number;
      attributes: Record<string, unknown>;
      status: number;
      token: string;
    }[];
    expect(parsed.map((s) => [s.name, s.kind, s.attributes["http.response.status_code"]])).toEqual([
      ["createVerification", 2, 201],
      ["getVerification", 2, 404],
    ]);
    expect(parsed[1]).toMatchObject({ status: 2, attributes: { "error.type": "not_found" } });
    const attributes = JSON.stringify(parsed.map((s) => s.attributes));
    expect(attributes).not.toContain(emulator.keys.secretKey);
    expect(attributes).not.toContain(parsed[0]!.token);
  } finally {
    await emulator.close();
  }
});

it("the edge bundle of the server client has no OpenTelemetry in it when the app uses none", async () => {
  const { inputs } = await edgeBundle(
    'import { Credport } from "@credport/server"; globalThis.Credport = Credport;',
    { ...here, format: "esm" },
  );
  expect(inputs.filter((f) => f.includes("@opentelemetry"))).toEqual([]);
});

it("the edge bundle of the server client carries no span, metric or log-line code without the telemetry entry", async () => {
  const { code } = await edgeBundle(
    'import { Credport } from "@credport/server"; globalThis.Credport = Credport;',
    { ...here, format: "esm" },
  );
  // Names only the telemetry entry's code writes (span attributes, the metric, retry events).
  for (const name of ["http.client.request.duration", "url.full", "credport.retry"])
    expect(code).not.toContain(name);
});
