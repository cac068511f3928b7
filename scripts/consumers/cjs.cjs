// Node CommonJS consumer: the same entries through require().
const assert = require("node:assert/strict");
const {
  Credport,
  CredportConfigurationError,
  signWebhookPayload,
  verifyWebhook,
} = require("@credport/server");
const { createStatusClient } = require("@credport/browser");

(async () => {
  const secret = `whsec_${"b".repeat(32)}`;
  const payload = JSON.stringify({
    id: "evt_1",
    object: "event",
    type: "issuance.credential_issued",
    created: 1,
    livemode: false,
    data: {
      object: {
        object: "openid4vc_issuance",
        id: "iss_1",
        status: "credential_issued",
        credentialDefinitionId: "cd_1",
        issuanceMode: "InTime",
        metadata: {},
        credentialStatus: "active",
        createdAt: "2026-01-01T00:00:00.000Z",
        updatedAt: "2026-01-01T00:01:00.000Z",
        expiresAt: "2026-01-01T00:15:00.000Z",
        livemode: false,
      },
    },
  });
  const event = await verifyWebhook(
    { payload, signature: await signWebhookPayload(payload, { secret }) },
    { secret },
  );
  assert.equal(event.type, "issuance.credential_issued");
  assert.throws(
    () => new Credport({ secretKey: "sk_test_short", baseUrl: "https://x.test" }),
    (e) => e instanceof CredportConfigurationError,
  );
  assert.equal(
    typeof createStatusClient({
      publishableKey: `pk_test_${"a".repeat(24)}`,
      baseUrl: "https://x.test",
    }).read,
    "function",
  );
  console.log("cjs: ok");
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
