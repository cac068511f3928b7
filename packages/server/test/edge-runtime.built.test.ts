import { startEmulator } from "@credport/emulator";
import { EdgeVM } from "@edge-runtime/vm";
import { build } from "esbuild";
import { expect, it } from "vitest";

/**
 * The server entry, bundled for the edge the way a worker bundler does (browser platform, no Node
 * built-ins), run in the Edge Runtime VM: a request against the emulator and a webhook verification.
 */
it("runs in the Edge Runtime: a request and webhook verifications (raw payload and Request)", async () => {
  const bundle = await build({
    stdin: {
      contents: 'import * as sdk from "@credport/server"; globalThis.credport = sdk;',
      resolveDir: import.meta.dirname,
    },
    bundle: true,
    format: "iife",
    platform: "browser",
    conditions: ["worker", "browser"],
    write: false,
  });
  const emulator = await startEmulator();
  try {
    const vm = new EdgeVM();
    vm.evaluate(bundle.outputFiles[0]!.text);
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
