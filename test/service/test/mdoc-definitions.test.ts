import { createTestWallet } from "@credport/mock/wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Service, TRANSPORTS } from "./support/transports.js";

const BASE = "/v1/issuer/credential-definitions";
const NS = "com.example.member.1";

/** A project's own mdoc definition (api-decisions.md, "mdoc credentials"). */
const memberCard = (id: string, extra: Record<string, unknown> = {}) => ({
  credentialDefinitionId: id,
  format: "mso_mdoc",
  doctype: "com.example.member.1",
  title: "Member card",
  claims: [
    { path: [NS, "member_id"], mandatory: true },
    { path: [NS, "level"], mandatory: false },
  ],
  ...extra,
});

describe.each(TRANSPORTS)("mdoc credential definitions ($name)", (transport) => {
  let service: Service;
  beforeAll(async () => {
    service = await transport.start();
  });
  afterAll(() => service.close());

  const create = (body: unknown) => service.call("POST", BASE, { body });
  const issuesOf = (answer: { body: { details?: Record<string, unknown> } }) =>
    answer.body.details?.issues as { path: string; code: string }[];

  it("a project publishes an mso_mdoc definition with a doctype; it reads back with it", async () => {
    const created = await create({ ...memberCard("member-1"), lifecycleStatus: "published" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      format: "mso_mdoc",
      doctype: "com.example.member.1",
      vct: null,
      lifecycleStatus: "published",
    });
    const read = await service.call("GET", `${BASE}/member-1`);
    expect(read.body.doctype).toBe("com.example.member.1");
    // An SD-JWT VC definition has no doctype.
    const global = await service.call("GET", `${BASE}/credport.identity.v1`);
    expect(global.body).not.toHaveProperty("doctype");
    expect((await service.call("GET", `${BASE}/credport.mdl.v1`)).body.doctype).toBe(
      "org.iso.18013.5.1.mDL",
    );
  });

  it("its offers, policies and presentations work end to end (claims keep their namespace)", async () => {
    await create({ ...memberCard("member-e2e"), lifecycleStatus: "published" });
    const offer = await service.call("POST", "/v1/openid4vc/issuance/offer", {
      body: { credentialDefinitionId: "member-e2e", claims: { [NS]: { member_id: "M-7" } } },
    });
    expect(offer.status).toBe(201);
    const wallet = await createTestWallet({ identity: false });
    expect(await wallet.acceptOffer(offer.body.offerUri as string)).toMatchObject({
      format: "mso_mdoc",
      docType: "com.example.member.1",
    });
    const policy = await service.call("POST", "/v1/policies", {
      body: {
        name: "Members",
        credential_definition_id: "member-e2e",
        fields: [{ path: [NS, "member_id"] }],
      },
    });
    expect(policy.status).toBe(201);
    const started = await service.call("POST", "/v1/verifications", {
      body: { policy_id: policy.body.policy_id },
    });
    await wallet.present(started.body.authorization_request_uri as string);
    expect(
      (await service.call("GET", `/v1/verifications/${started.body.id}/result`)).body,
    ).toMatchObject({ status: "verified", claims: { [NS]: { member_id: "M-7" } } });
  });

  it.each<[string, Record<string, unknown>, { path: string; code: string }[]]>([
    ["no doctype", { doctype: undefined }, [{ path: "doctype", code: "required" }]],
    [
      "a path that is not [namespace, element]",
      { claims: [{ path: [NS, "address", "city"] }, { path: ["member_id"] }] },
      [
        { path: "claims[0].path", code: "invalid_mdoc_path" },
        { path: "claims[1].path", code: "invalid_mdoc_path" },
      ],
    ],
    ["a vct", { vct: "https://example.com/vct/member" }, [{ path: "vct", code: "not_allowed" }]],
  ])("publishing with %s: 422 naming the field, nothing created", async (_, change, issues) => {
    const before = service.model.snapshot();
    const answer = await create({
      ...memberCard("member-bad"),
      ...change,
      lifecycleStatus: "published",
    });
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe("credential_definition_not_publishable");
    expect(issuesOf(answer)).toEqual(issues.map((issue) => expect.objectContaining(issue)));
    expect(service.model.snapshot()).toEqual(before);
  });

  it("a doctype on an SD-JWT VC definition is not publishable; a doctype that is not a string of 1 to 200 characters is 400", async () => {
    const sdJwt = await create({
      credentialDefinitionId: "badge-doctype",
      format: "dc+sd-jwt",
      vct: "https://example.com/vct/badge",
      doctype: "com.example.badge",
      title: "Badge",
      claims: [{ path: ["given_name"] }],
      lifecycleStatus: "published",
    });
    expect(sdJwt.status).toBe(422);
    expect(issuesOf(sdJwt)).toEqual([
      expect.objectContaining({ path: "doctype", code: "not_allowed" }),
    ]);
    for (const doctype of [42, "", "d".repeat(201)]) {
      const typed = await create({ ...memberCard("member-typed"), doctype });
      expect(typed.status).toBe(400);
      expect(typed.body.code).toBe("validation_error");
      expect(typed.body.message).toMatch(/^doctype/);
    }
  });

  it("a draft takes a doctype by PATCH, then publishes", async () => {
    await create({ ...memberCard("member-draft"), doctype: null });
    const patched = await service.call("PATCH", `${BASE}/member-draft`, {
      body: { doctype: "com.example.member.1" },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.doctype).toBe("com.example.member.1");
    const published = await service.call("POST", `${BASE}/member-draft/publish`);
    expect(published.status).toBe(200);
    expect(published.body.lifecycleStatus).toBe("published");
  });
});
