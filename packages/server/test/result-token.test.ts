import {
  Credport,
  CredportSignatureVerificationError,
  type VerifiedResultToken,
  verifyResultToken,
} from "@credport/server";
import { exportJWK, generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVICES, type TestService } from "./support/services.js";

describe.each(SERVICES)("verifyResultToken ($name)", (transport) => {
  let service: TestService;
  let credport: Credport;
  let id: string;
  let token: string;
  beforeAll(async () => {
    service = await transport.start();
    credport = new Credport({ secretKey: service.project.secretKey, baseUrl: service.baseUrl });
    const v = await credport.verifications.create({
      policyId: "preset_age_over_18",
      customerUserRef: "user-1",
    });
    id = v.id;
    service.model.verifications.applyTrigger(id, "request_fetched");
    service.model.verifications.applyTrigger(id, "presentation_verified", {
      claims: { age_over_18: true },
    });
    token = (await credport.verifications.getResult(id)).resultToken;
  });
  afterAll(() => service.close());

  const expected = () => ({
    baseUrl: service.baseUrl,
    verificationId: id,
    policyId: "preset_age_over_18",
    customerUserRef: "user-1",
    audience: service.project.projectId,
  });

  it("returns the signed content in camelCase", async () => {
    const result: VerifiedResultToken = await verifyResultToken(token, expected());
    expect(result).toMatchObject({
      verificationId: id,
      status: "verified",
      policyId: "preset_age_over_18",
      customerUserRef: "user-1",
      claims: { age_over_18: true },
      issuer: service.baseUrl,
      audience: service.project.projectId,
    });
    expect(result.expiresAt).toBeGreaterThan(Date.now() / 1000);
  });

  it("takes the base URL from CREDPORT_BASE_URL and a trailing slash does not matter", async () => {
    await expect(
      verifyResultToken(token, { ...expected(), baseUrl: `${service.baseUrl}/` }),
    ).resolves.toMatchObject({ verificationId: id });
  });

  it.each([
    ["verificationId", { verificationId: "vrf_other" }, "verification_id"],
    ["policyId", { policyId: "preset_identity_basic" }, "policy_id"],
    ["customerUserRef", { customerUserRef: "user-2" }, "customer_user_ref"],
    ["customerUserRef: null", { customerUserRef: null }, "customer_user_ref"],
    ["audience", { audience: "proj_other" }, "aud"],
    ["issuer", { issuer: "https://evil.test" }, "iss"],
  ])("a different %s: result_token_mismatch naming the claim", async (_, change, field) => {
    const error = await verifyResultToken(token, { ...expected(), ...change }).catch((e) => e);
    expect(error).toBeInstanceOf(CredportSignatureVerificationError);
    expect(error.code).toBe("result_token_mismatch");
    expect(error.details).toEqual({ field });
    expect(error.message).toContain(field);
    expect(error.message).not.toContain(token);
  });

  it("a token that does not verify: result_token_invalid, never echoing the token", async () => {
    const [h, p] = token.split(".");
    for (const bad of [`${h}.${p}.`, "x.y.z", "", `${token}x`]) {
      const error = await verifyResultToken(bad, expected()).catch((e) => e);
      expect(error).toBeInstanceOf(CredportSignatureVerificationError);
      expect(error.code).toBe("result_token_invalid");
      if (bad) expect(error.message).not.toContain(bad);
    }
  });

  it("a fixed key set works without fetching it", async () => {
    const jwks = (await (await fetch(`${service.baseUrl}/v1/.well-known/jwks.json`)).json()) as {
      keys: JsonWebKey[];
    };
    await expect(verifyResultToken(token, { ...expected(), jwks })).resolves.toMatchObject({
      verificationId: id,
    });
    const other = await exportJWK((await generateKeyPair("ES256")).publicKey);
    await expect(
      verifyResultToken(token, { ...expected(), jwks: { keys: [other as JsonWebKey] } }),
    ).rejects.toMatchObject({ code: "result_token_invalid" });
    await expect(
      verifyResultToken(token, { ...expected(), jwks: { keys: [] } }),
    ).rejects.toMatchObject({ type: "configuration_error", code: "invalid_jwks" });
  });
});
