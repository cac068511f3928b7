// Advancing the emulator's clock (`/__emulator/clock/advance`) moves the service's own lifecycles
// (offers, verifications, status), never the wallet's: a wallet signs its proof and key binding
// with its own, real clock, and the emulator must accept that honest `iat`.
import { createTestWallet } from "@credport/mock/wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { badgeClaims } from "../support/transports.js";
import { type Holder, type Issuer, newHolder, send, startIssuer } from "./raw-protocol.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const realSeconds = () => Math.floor(Date.now() / 1000);

describe("wallet-made times against a shifted emulator clock", () => {
  let issuer: Issuer;
  let holder: Holder;
  beforeAll(async () => {
    issuer = await startIssuer({ profile: "plain" });
    holder = await newHolder();
    const advanced = await send(`${issuer.emulator.url}/__emulator/clock/advance`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ms: DAY_MS }),
    });
    expect(advanced.status).toBe(200);
  });
  afterAll(() => issuer.close());

  it("a proof JWT with the wallet's real iat is accepted a day after the clock moved", async () => {
    const walked = await issuer.tokenFor();
    const issued = await issuer.credential(walked.issuer, walked.accessToken, {
      credential_configuration_id: "badge-v1",
      proofs: {
        jwt: [
          await issuer.proof(holder, {
            issuer: walked.issuer,
            nonce: await issuer.nonce(walked.issuer),
            iat: realSeconds(),
          }),
        ],
      },
    });
    expect(issued.body.error_description).toBeUndefined();
    expect(issued.status).toBe(200);
  });

  it("a proof whose iat is stale in real time is still invalid_proof", async () => {
    const walked = await issuer.tokenFor();
    const refused = await issuer.credential(walked.issuer, walked.accessToken, {
      credential_configuration_id: "badge-v1",
      proofs: {
        jwt: [
          await issuer.proof(holder, {
            issuer: walked.issuer,
            nonce: await issuer.nonce(walked.issuer),
            iat: realSeconds() - 3600,
          }),
        ],
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("invalid_proof");
  });

  it("a wallet on real time (the test wallet's default) receives and presents a credential", async () => {
    const wallet = await createTestWallet();
    const created = await issuer.service("POST", "/v1/openid4vc/issuance/offer", {
      credentialDefinitionId: "badge-v1",
      claims: badgeClaims,
    });
    await wallet.acceptOffer(created.body.offerUri as string);
    const policy = await issuer.service("POST", "/v1/policies", {
      name: "Badge",
      credential_definition_id: "badge-v1",
      fields: [{ path: ["given_name"] }],
    });
    const verification = await issuer.service("POST", "/v1/verifications", {
      policy_id: policy.body.policy_id,
    });
    await wallet.present(verification.body.authorization_request_uri as string);
    const status = await issuer.service("GET", `/v1/verifications/${verification.body.id}`);
    expect(status.body).toMatchObject({ status: "verified" });
  });
});
