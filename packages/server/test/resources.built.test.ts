import { createRequire } from "node:module";
import * as esm from "@credport/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { badge, badgeClaims, FAST, SERVICES, type TestService } from "./support/services.js";

/** The built package as `import` and as `require` load it. */
const BUILDS = [
  { format: "ESM", sdk: esm },
  { format: "CJS", sdk: createRequire(import.meta.url)("@credport/server") as typeof esm },
];
const MATRIX = BUILDS.flatMap((build) =>
  SERVICES.map((transport) => ({
    ...build,
    transport,
    name: `${transport.name}, ${build.format}`,
  })),
);

describe.each(MATRIX)("every method against the mock ($name)", ({ sdk, transport }) => {
  const {
    Credport,
    CredportConflictError,
    CredportNotFoundError,
    CredportPermissionError,
    CredportValidationError,
  } = sdk;
  let service: TestService;
  let credport: InstanceType<typeof Credport>;
  beforeAll(async () => {
    service = await transport.start();
    credport = new Credport({
      secretKey: service.project.secretKey,
      baseUrl: service.baseUrl,
      ...FAST,
    });
  });
  afterAll(() => service.close());

  it("credentialDefinitions: create publishes, createDraft → update → publish → archive, get, list with lifecycleStatus", async () => {
    expect((await credport.credentialDefinitions.create(badge("pub"))).lifecycleStatus).toBe(
      "published",
    );
    const draft = await credport.credentialDefinitions.createDraft({
      credentialDefinitionId: "draft",
    });
    expect(draft.lifecycleStatus).toBe("draft");
    const { credentialDefinitionId: _, ...fields } = badge("draft");
    expect((await credport.credentialDefinitions.update("draft", fields)).title).toBe(
      "Employee badge",
    );
    expect((await credport.credentialDefinitions.publish("draft")).lifecycleStatus).toBe(
      "published",
    );
    expect((await credport.credentialDefinitions.get("draft")).lifecycleStatus).toBe("published");
    await expect(
      credport.credentialDefinitions.update("draft", { title: "x" }),
    ).rejects.toMatchObject({
      code: "published_credential_definition_immutable",
      status: 409,
    });
    expect((await credport.credentialDefinitions.archive("draft")).lifecycleStatus).toBe(
      "archived",
    );
    const archived = await credport.credentialDefinitions.list({ lifecycleStatus: "archived" });
    expect(archived.data.map((d) => d.credentialDefinitionId)).toEqual(["draft"]);
  });

  it("credentialDefinitions.create with readiness failures is a validation error carrying details.issues", async () => {
    const error = await credport.credentialDefinitions
      .create({ credentialDefinitionId: "empty", title: "x" })
      .catch((e) => e);
    expect(error).toBeInstanceOf(CredportValidationError);
    expect(error).toMatchObject({
      code: "credential_definition_not_publishable",
      status: 422,
      type: "validation_error",
    });
    expect(error.details.issues.length).toBeGreaterThan(0);
    expect(error.requestId).toMatch(/^req_/);
  });

  it("issuance: createOffer → get → list({ status }) → cancel; revoke refuses an unissued credential", async () => {
    const offer = await credport.issuance.createOffer({
      credentialDefinitionId: "pub",
      claims: badgeClaims,
      metadata: { order: "1" },
    });
    expect(offer).toMatchObject({ status: "offer_created", credentialDefinitionId: "pub" });
    expect(offer.offerUri).toMatch(/^openid-credential-offer:/);
    expect((await credport.issuance.get(offer.id)).status).toBe("offer_created");
    const open = await credport.issuance.list({ status: "offer_created" });
    expect(open.data.map((s) => s.id)).toContain(offer.id);
    expect((await credport.issuance.cancel(offer.id)).status).toBe("canceled");
    await expect(credport.issuance.cancel(offer.id)).rejects.toBeInstanceOf(CredportConflictError);
    await expect(credport.issuance.revoke(offer.id)).rejects.toMatchObject({ status: 409 });
    const byVct = await credport.issuance.createOffer({
      vct: "https://example.test/vct/pub",
      claims: badgeClaims,
    });
    expect(byVct.credentialDefinitionId).toBe("pub");
  });

  it("the test wallet link: the emulator's test environments hand it over in camelCase, msw never", async () => {
    const offer = await credport.issuance.createOffer({
      credentialDefinitionId: "pub",
      claims: badgeClaims,
    });
    const v = await credport.verifications.create({ policyId: "preset_age_over_18" });
    if (transport.name === "msw") {
      expect(offer).not.toHaveProperty("testWalletUrl");
      expect(v).not.toHaveProperty("testWalletUrl");
      return;
    }
    const page = (uri: string) => `${service.baseUrl}/wallet?uri=${encodeURIComponent(uri)}`;
    expect(offer.testWalletUrl).toBe(page(offer.offerUri));
    expect(v.testWalletUrl).toBe(page(v.authorizationRequestUri));
    expect(v).not.toHaveProperty("test_wallet_url");
  });

  it("policies: create, get, list, archive (camelCase in, camelCase out)", async () => {
    const policy = await credport.policies.create({
      name: "Badge",
      credentialDefinitionId: "pub",
      fields: [{ path: ["given_name"] }],
    });
    expect(policy).toMatchObject({
      object: "policy",
      name: "Badge",
      status: "active",
      credentialDefinitionId: "pub",
    });
    expect((await credport.policies.get(policy.policyId)).policyId).toBe(policy.policyId);
    expect((await credport.policies.get("preset_age_over_18")).preset).toBe(true);
    expect((await credport.policies.list()).data.map((p) => p.policyId)).toContain(policy.policyId);
    expect((await credport.policies.archive(policy.policyId)).status).toBe("archived");
  });

  it("verifications: create, get, getStatus, cancel, getResult, list({ status })", async () => {
    const v = await credport.verifications.create({
      policyId: "preset_age_over_18",
      customerUserRef: "u-1",
      metadata: { a: "b" },
    });
    expect(v).toMatchObject({
      status: "pending",
      policyId: "preset_age_over_18",
      customerUserRef: "u-1",
      metadata: { a: "b" },
    });
    expect(v.clientToken).toMatch(/^ct_/);
    expect(v.authorizationRequestUri).toMatch(/^openid4vp:/);
    expect(v).not.toHaveProperty("failureCode");
    expect(await credport.verifications.get(v.id)).not.toHaveProperty("clientToken");
    expect((await credport.verifications.getStatus(v.id)).status).toBe("pending");
    expect((await credport.verifications.cancel(v.id)).status).toBe("canceled");
    const result = await credport.verifications.getResult(v.id);
    expect(result).toMatchObject({ verificationId: v.id, status: "canceled", claims: {} });
    expect(result.resultToken.split(".")).toHaveLength(3);
    const canceled = await credport.verifications.list({ status: "canceled" });
    expect(canceled.data.map((x) => x.id)).toContain(v.id);
    await expect(credport.verifications.create({ policyId: "pol_missing" })).rejects.toMatchObject({
      code: "invalid_policy",
      status: 400,
    });
  });

  it("lists are async-iterable across pages, with a capped toArray", async () => {
    for (let i = 0; i < 5; i++)
      await credport.verifications.create({ policyId: "preset_age_over_18" });
    const page = await credport.verifications.list({ limit: 2 });
    expect(page.data).toHaveLength(2);
    expect(page.hasMore).toBe(true);
    const all: string[] = [];
    for await (const v of page) all.push(v.id);
    expect(all.length).toBeGreaterThanOrEqual(6);
    expect(new Set(all).size).toBe(all.length);
    expect(await page.toArray({ limit: 3 })).toHaveLength(3);
  });

  it("IDs are URL-encoded in paths, and absent or foreign IDs are not-found errors", async () => {
    await expect(credport.credentialDefinitions.get("a/../../v1/policies")).rejects.toBeInstanceOf(
      CredportNotFoundError,
    );
    const other = service.model.createProject();
    const foreign = new Credport({ secretKey: other.secretKey, baseUrl: service.baseUrl, ...FAST });
    await expect(foreign.credentialDefinitions.get("pub")).rejects.toMatchObject({
      code: "credential_definition_not_found",
    });
  });

  it("a key without the scope gets a permission error naming it", async () => {
    const key = service.model.keys.createKey({
      projectId: service.project.projectId,
      environment: "test",
      type: "secret",
      scopes: ["issuance:read"],
    });
    const limited = new Credport({ secretKey: key, baseUrl: service.baseUrl, ...FAST });
    const error = await limited.policies.list().catch((e) => e);
    expect(error).toBeInstanceOf(CredportPermissionError);
    expect(error.details).toEqual({ required: "policies:read" });
  });
});
