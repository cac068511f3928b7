// Issue 17: the protocol's nonces and access tokens are capped (ModelOptions.limits), so that a
// load test or a misbehaving wallet cannot grow the emulator's memory without end. Beyond a cap the
// oldest give way, and whoever still holds one gets the standard OAuth error.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { badgeClaims, badgeDefinition } from "../support/transports.js";
import {
  type Holder,
  type Issuer,
  newHolder,
  PRE_AUTHORIZED_GRANT,
  send,
  startIssuer,
} from "./raw-protocol.js";

describe("protocol limits", () => {
  let issuer: Issuer;
  let holder: Holder;
  beforeAll(async () => {
    issuer = await startIssuer({
      profile: "plain",
      limits: { protocolNonces: 2, accessTokens: 2 },
    });
    holder = await newHolder();
  });
  afterAll(() => issuer.close());

  const request = async (walked: { issuer: string; accessToken: string }, nonce: string) =>
    issuer.credential(walked.issuer, walked.accessToken, {
      credential_configuration_id: "badge-v1",
      proofs: { jwt: [await issuer.proof(holder, { issuer: walked.issuer, nonce })] },
    });

  it("beyond protocolNonces the oldest unused c_nonce gives way: 400 invalid_nonce, nothing changed, a fresh one works", async () => {
    const walked = await issuer.tokenFor();
    const oldest = await issuer.nonce(walked.issuer);
    const kept = [await issuer.nonce(walked.issuer), await issuer.nonce(walked.issuer)];
    const before = issuer.model.snapshot();
    const refused = await request(walked, oldest);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("invalid_nonce");
    expect(issuer.model.snapshot()).toEqual(before);
    const issued = await request(walked, kept[1]!);
    expect(issued.status).toBe(200);
    expect(await issuer.status(walked.id)).toBe("credential_issued");
  });

  it("protocolNonces is per issuer: another project filling its cap does not evict this one's c_nonce", async () => {
    const walked = await issuer.tokenFor();
    const mine = await issuer.nonce(walked.issuer);
    const other = issuer.model.createProject({ environment: "test" });
    const otherIssuer = `${issuer.emulator.url}/oid4vci/issuers/${other.projectId}.test`;
    const theirs: string[] = [];
    for (let i = 0; i < 5; i++) theirs.push(await issuer.nonce(otherIssuer));
    expect(theirs.every(Boolean)).toBe(true);
    const issued = await request(walked, mine);
    expect(issued.status).toBe(200);
    expect(await issuer.status(walked.id)).toBe("credential_issued");
  });

  it("accessTokens is per issuer: another project redeeming offers beyond its cap does not evict this one's token", async () => {
    const walked = await issuer.tokenFor();
    const other = issuer.model.createProject({ environment: "test" });
    const theirs = async (method: string, path: string, body: unknown) =>
      send(`${issuer.emulator.url}${path}`, {
        method,
        headers: { "x-service-key": other.secretKey, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    await theirs("POST", "/v1/issuer/credential-definitions", {
      ...badgeDefinition(),
      lifecycleStatus: "published",
    });
    for (let i = 0; i < 3; i++) {
      const created = await theirs("POST", "/v1/openid4vc/issuance/offer", {
        credentialDefinitionId: "badge-v1",
        claims: badgeClaims,
      });
      const offerUrl = new URL(created.body.offerUri as string).searchParams.get(
        "credential_offer_uri",
      )!;
      const offer = (await send(offerUrl)).body as {
        credential_issuer: string;
        grants: Record<string, Record<string, string>>;
      };
      const token = await issuer.token(offer.credential_issuer, {
        grant_type: PRE_AUTHORIZED_GRANT,
        "pre-authorized_code": offer.grants[PRE_AUTHORIZED_GRANT]!["pre-authorized_code"]!,
      });
      expect(token.status).toBe(200);
    }
    const issued = await request(walked, await issuer.nonce(walked.issuer));
    expect(issued.status).toBe(200);
    expect(await issuer.status(walked.id)).toBe("credential_issued");
  });

  it("an access token is good only at the issuer that handed it out: elsewhere 401 invalid_token", async () => {
    const walked = await issuer.tokenFor();
    const other = issuer.model.createProject({ environment: "test" });
    const otherIssuer = `${issuer.emulator.url}/oid4vci/issuers/${other.projectId}.test`;
    const refused = await issuer.credential(otherIssuer, walked.accessToken, {
      credential_configuration_id: "badge-v1",
      proofs: {
        jwt: [
          await issuer.proof(holder, {
            issuer: otherIssuer,
            nonce: await issuer.nonce(otherIssuer),
          }),
        ],
      },
    });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe("invalid_token");
    expect(await issuer.status(walked.id)).toBe("token_issued");
  });

  it("a c_nonce is good only at the issuer that handed it out: elsewhere 400 invalid_nonce, nothing changed", async () => {
    const walked = await issuer.tokenFor();
    const other = issuer.model.createProject({ environment: "test" });
    const foreign = await issuer.nonce(
      `${issuer.emulator.url}/oid4vci/issuers/${other.projectId}.test`,
    );
    const before = issuer.model.snapshot();
    const refused = await request(walked, foreign);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("invalid_nonce");
    expect(issuer.model.snapshot()).toEqual(before);
  });

  it("beyond accessTokens the oldest live token gives way: 401 invalid_token; the newer ones work", async () => {
    const first = await issuer.tokenFor();
    const second = await issuer.tokenFor();
    const third = await issuer.tokenFor();
    const refused = await request(first, await issuer.nonce(first.issuer));
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe("invalid_token");
    expect(await issuer.status(first.id)).toBe("token_issued");
    for (const walked of [second, third]) {
      const issued = await request(walked, await issuer.nonce(walked.issuer));
      expect(issued.status).toBe(200);
    }
  });
});
