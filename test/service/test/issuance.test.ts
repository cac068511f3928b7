import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { badgeClaims, badgeDefinition, type Service, TRANSPORTS } from "./support/transports.js";

const OFFER = "/v1/openid4vc/issuance/offer";

describe.each(TRANSPORTS)("issuance ($name)", (transport) => {
  let service: Service;
  beforeAll(async () => {
    service = await transport.start();
    await service.call("POST", "/v1/issuer/credential-definitions", {
      body: { ...badgeDefinition(), lifecycleStatus: "published" },
    });
    await service.call("POST", "/v1/issuer/credential-definitions", {
      body: { credentialDefinitionId: "draft-only" },
    });
  });
  afterAll(() => service.close());

  const offer = (body: unknown) => service.call("POST", OFFER, { body });

  it("(none) → offer_created, with the wallet hand-off URIs", async () => {
    const res = await offer({
      credentialDefinitionId: "badge-v1",
      claims: badgeClaims,
      metadata: { orderId: "42" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      object: "openid4vc_issuance",
      status: "offer_created",
      credentialDefinitionId: "badge-v1",
    });
    const offerUri = res.body.offerUri as string;
    expect(offerUri).toMatch(/^openid-credential-offer:\/\/\?credential_offer_uri=/);
    expect(decodeURIComponent(offerUri.split("=")[1]!)).toBe(
      `${service.baseUrl}/oid4vci/offers/${res.body.id}`,
    );
    expect(res.body.offerQrUri).toBe(offerUri);
    expect(res.body).not.toHaveProperty("credentialStatus");
  });

  it("resolves a vct to the project's published definition", async () => {
    const res = await offer({ vct: "https://example.test/vct/badge-v1", claims: badgeClaims });
    expect(res.status).toBe(201);
    expect(res.body.credentialDefinitionId).toBe("badge-v1");
  });

  it("hand-off data comes only from creation: get and list omit it", async () => {
    const created = await offer({
      credentialDefinitionId: "badge-v1",
      claims: badgeClaims,
      txCode: { length: 6 },
    });
    expect(created.body.txCode).toMatch(/^\d{6}$/);
    const got = await service.call("GET", `/v1/openid4vc/issuance/${created.body.id}`);
    expect(got.body).not.toHaveProperty("offerUri");
    expect(got.body).not.toHaveProperty("txCode");
    const listed = await service.call("GET", "/v1/openid4vc/issuance?limit=100");
    expect(JSON.stringify(listed.body)).not.toContain("credential_offer_uri");
  });

  it.each([
    ["missing claims", { credentialDefinitionId: "badge-v1" }, "claims"],
    ["neither identifier", { claims: badgeClaims }, "credentialDefinitionId"],
    [
      "both identifiers",
      {
        credentialDefinitionId: "badge-v1",
        vct: "https://example.test/vct/badge-v1",
        claims: badgeClaims,
      },
      "credentialDefinitionId",
    ],
    [
      "non-string metadata",
      { credentialDefinitionId: "badge-v1", claims: badgeClaims, metadata: { n: 1 } },
      "metadata.n",
    ],
    [
      "an undeclared claim path",
      { credentialDefinitionId: "badge-v1", claims: { ...badgeClaims, age: 3 } },
      "claims.age",
    ],
    [
      "a missing mandatory claim",
      { credentialDefinitionId: "badge-v1", claims: { given_name: "Ada" } },
      "claims.family_name",
    ],
    [
      "an object leaf",
      { credentialDefinitionId: "badge-v1", claims: { ...badgeClaims, given_name: { x: 1 } } },
      "claims.given_name",
    ],
    [
      "another issuanceMode",
      { credentialDefinitionId: "badge-v1", claims: badgeClaims, issuanceMode: "Deferred" },
      "issuanceMode",
    ],
    [
      "snake_case identifier",
      { credential_definition_id: "badge-v1", claims: badgeClaims },
      "credentialDefinitionId",
    ],
    [
      "a draft definition",
      { credentialDefinitionId: "draft-only", claims: {} },
      "credentialDefinitionId",
    ],
  ])(
    "400 validation_error for %s, naming the field first, changing nothing",
    async (_, body, field) => {
      const before = service.model.snapshot();
      const res = await offer(body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("validation_error");
      expect(res.body.message).toMatch(new RegExp(`^${field.replace(".", "\\.")}`));
      expect(service.model.snapshot()).toEqual(before);
    },
  );

  it("404 credential_definition_not_found when neither identifier resolves", async () => {
    for (const body of [
      { credentialDefinitionId: "nope", claims: badgeClaims },
      { vct: "https://example.test/vct/nope", claims: badgeClaims },
    ]) {
      const res = await offer(body);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("credential_definition_not_found");
    }
  });

  it("offer_created → canceled on cancel; an ended session cannot be canceled (409), nor revoked before issuance", async () => {
    const created = await offer({ credentialDefinitionId: "badge-v1", claims: badgeClaims });
    const canceled = await service.call("POST", `/v1/openid4vc/issuance/${created.body.id}/cancel`);
    expect(canceled.body.status).toBe("canceled");
    const again = await service.call("POST", `/v1/openid4vc/issuance/${created.body.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("issuance_not_cancelable");
    const revoke = await service.call("POST", `/v1/openid4vc/issuance/${created.body.id}/revoke`);
    expect(revoke.status).toBe(409);
  });

  it("open sessions expire when expiresAt passes on the model's clock", async () => {
    const created = await offer({ credentialDefinitionId: "badge-v1", claims: badgeClaims });
    service.model.clock.advance(15 * 60 * 1000 + 1);
    const got = await service.call("GET", `/v1/openid4vc/issuance/${created.body.id}`);
    expect(got.body.status).toBe("expired");
    const listed = await service.call("GET", "/v1/openid4vc/issuance?status=expired&limit=100");
    expect((listed.body.data as { id: string }[]).map((s) => s.id)).toContain(created.body.id);
  });

  it("an issuance of another project is the same 404 as an absent one", async () => {
    const created = await offer({ credentialDefinitionId: "badge-v1", claims: badgeClaims });
    const other = service.model.createProject();
    const foreign = await service.call("GET", `/v1/openid4vc/issuance/${created.body.id}`, {
      key: other.secretKey,
    });
    const absent = await service.call("GET", "/v1/openid4vc/issuance/iss_absent");
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(absent.body);
  });
});
