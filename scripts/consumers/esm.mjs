// Node ESM consumer: the server and browser entries as `import` loads them from the tarballs.
import assert from "node:assert/strict";
import { createStatusClient } from "@credport/browser";
import {
  Credport,
  CredportConfigurationError,
  signWebhookPayload,
  verifyWebhook,
} from "@credport/server";

const secret = `whsec_${"a".repeat(32)}`;
const payload = JSON.stringify({
  id: "evt_1",
  object: "event",
  type: "verification.verified",
  created: 1,
  livemode: false,
  data: { object: {} },
});
const event = await verifyWebhook(
  { payload, signature: await signWebhookPayload(payload, { secret }) },
  { secret },
);
assert.equal(event.type, "verification.verified");
assert.throws(
  () => new Credport({ secretKey: "pk_test_x", baseUrl: "https://x.test" }),
  (e) => e instanceof CredportConfigurationError && e.code === "INVALID_API_KEY_FORMAT",
);
assert.equal(
  typeof new Credport({ secretKey: `sk_test_${"a".repeat(24)}`, baseUrl: "https://x.test" })
    .issuance.createOffer,
  "function",
);
assert.equal(
  typeof createStatusClient({
    publishableKey: `pk_test_${"a".repeat(24)}`,
    baseUrl: "https://x.test",
  }).subscribe,
  "function",
);
console.log("esm: ok");
