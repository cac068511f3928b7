// Edge runtime consumer: the server entry bundled for a worker and run in the Edge Runtime VM.
import assert from "node:assert/strict";
import { EdgeVM } from "@edge-runtime/vm";
import { build } from "esbuild";

const bundle = await build({
  stdin: {
    contents: 'import * as sdk from "@credport/server"; globalThis.credport = sdk;',
    resolveDir: process.cwd(),
  },
  bundle: true,
  format: "iife",
  platform: "browser",
  conditions: ["worker", "browser"],
  write: false,
});
const vm = new EdgeVM();
vm.evaluate(bundle.outputFiles[0].text);
const type = await vm.evaluate(`(async () => {
  const secret = "whsec_${"c".repeat(32)}";
  const payload = '{"id":"evt_1","object":"event","type":"verification.failed","created":1,"livemode":false,"data":{"object":{"object":"verification","id":"ver_1","status":"failed","failure_code":"claims_missing","policy_id":"preset_age_over_18","customer_user_ref":null,"metadata":{},"expires_at":"2026-01-01T00:05:00.000Z","created_at":"2026-01-01T00:00:00.000Z","updated_at":"2026-01-01T00:01:00.000Z","livemode":false}}}';
  const signature = await credport.signWebhookPayload(payload, { secret });
  return (await credport.verifyWebhook({ payload, signature }, { secret })).type;
})()`);
assert.equal(type, "verification.failed");
console.log("edge runtime: ok");
