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
  const payload = '{"id":"evt_1","object":"event","type":"verification.failed","created":1,"livemode":false,"data":{"object":{}}}';
  const signature = await credport.signWebhookPayload(payload, { secret });
  return (await credport.verifyWebhook({ payload, signature }, { secret })).type;
})()`);
assert.equal(type, "verification.failed");
console.log("edge runtime: ok");
