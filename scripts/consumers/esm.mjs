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
  data: {
    object: {
      object: "verification",
      id: "ver_1",
      status: "verified",
      policy_id: "preset_age_over_18",
      customer_user_ref: null,
      metadata: {},
      expires_at: "2026-01-01T00:05:00.000Z",
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-01T00:01:00.000Z",
      livemode: false,
    },
  },
});
const event = await verifyWebhook(
  { payload, signature: await signWebhookPayload(payload, { secret }) },
  { secret },
);
assert.equal(event.type, "verification.verified");
// One casing on the TypeScript side: the snake_case wire resource arrives in camelCase.
assert.equal(event.data.object.policyId, "preset_age_over_18");
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
