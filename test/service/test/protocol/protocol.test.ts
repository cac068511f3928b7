import { createHmac } from "node:crypto";
import { createTestWallet, type HeldSdJwtVc } from "@credport/mock/wallet";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  badgeClaims,
  publishBadgePolicy,
  type Service,
  TRANSPORTS,
} from "../support/transports.js";

describe.each(TRANSPORTS)("OpenID4VCI and OpenID4VP with the test wallet ($name)", (transport) => {
  let service: Service;
  let policyId: string;
  beforeAll(async () => {
    service = await transport.start();
    policyId = await publishBadgePolicy(service);
  });
  afterAll(() => service.close());

  const offer = async (extra: Record<string, unknown> = {}) =>
    (
      await service.call("POST", "/v1/openid4vc/issuance/offer", {
        body: { credentialDefinitionId: "badge-v1", claims: badgeClaims, ...extra },
      })
    ).body as Record<string, string>;
  const issuance = async (id: string) =>
    (await service.call("GET", `/v1/openid4vc/issuance/${id}`)).body;
  const verification = async () =>
    (await service.call("POST", "/v1/verifications", { body: { policy_id: policyId } }))
      .body as Record<string, string>;
  const status = async (id: string) =>
    (await service.call("GET", `/v1/verifications/${id}/status`)).body;
  const eventsFor = (id: string) =>
    service.model.webhooks.events.filter((e) => (e.event.data.object as { id: string }).id === id);
  const realTimeWallet = () => createTestWallet();
  /**
   * The server's reads of a failed verification name the check (and claim path): the record, the
   * result and its signed token; the status read, which browsers make too, never does.
   */
  const expectDetail = async (id: string, check: string, path?: string[]) => {
    const detail = { check, message: expect.any(String), ...(path ? { path } : {}) };
    expect((await service.call("GET", `/v1/verifications/${id}`)).body.failure_detail).toEqual(
      detail,
    );
    const result = (await service.call("GET", `/v1/verifications/${id}/result`)).body;
    expect(result.failure_detail).toEqual(detail);
    expect(decodeJwt(result.result_token as string).failure_detail).toEqual(result.failure_detail);
    expect(await status(id)).not.toHaveProperty("failure_detail");
  };

  it("issues an SD-JWT VC through every issuance transition, each with a signed webhook", async () => {
    const created = await offer();
    const wallet = await realTimeWallet();
    const credential = await wallet.acceptOffer(created.offerUri!);
    expect(await issuance(created.id!)).toMatchObject({
      status: "credential_issued",
      credentialStatus: "active",
    });
    const [issuerJwt, ...disclosures] = (credential as HeldSdJwtVc).sdJwt.split("~");
    const payload = decodeJwt(issuerJwt!);
    expect(payload).toMatchObject({
      vct: "https://example.test/vct/badge-v1",
      cnf: { jwk: wallet.publicJwk },
    });
    expect(payload).not.toHaveProperty("given_name");
    expect(payload.status).toMatchObject({
      status_list: { idx: expect.any(Number), uri: expect.stringContaining("/status-list") },
    });
    expect(disclosures.filter(Boolean).length).toBe(4);
    const events = eventsFor(created.id!);
    expect(events.map((e) => e.event.type)).toEqual([
      "issuance.ready_to_issue",
      "issuance.token_issued",
      "issuance.credential_issued",
    ]);
    for (const { payload: body, signature } of events) {
      const [t, v1] = signature.split(",").map((part) => part.split("=")[1]);
      expect(v1).toBe(
        createHmac("sha256", service.project.webhookSecret).update(`${t}.${body}`).digest("hex"),
      );
    }
  });

  it("serves issuer metadata built from the project's published definitions", async () => {
    const created = await offer();
    const offerUrl = new URL(created.offerUri!).searchParams.get("credential_offer_uri")!;
    const credentialOffer = (await (await fetch(offerUrl)).json()) as { credential_issuer: string };
    const issuer = new URL(credentialOffer.credential_issuer);
    const metadata = await (
      await fetch(`${issuer.origin}/.well-known/openid-credential-issuer${issuer.pathname}`)
    ).json();
    expect(metadata.credential_configurations_supported["badge-v1"]).toMatchObject({
      format: "dc+sd-jwt",
      vct: "https://example.test/vct/badge-v1",
      credential_metadata: {
        display: [{ name: "Employee badge" }],
        claims: expect.arrayContaining([expect.objectContaining({ path: ["given_name"] })]),
      },
    });
    expect(JSON.stringify(metadata)).not.toContain('"metadata"');
  });

  it("tx_code: the right code issues; three wrong ones fail the offer", async () => {
    const good = await offer({ txCode: { length: 6 } });
    const wallet = await realTimeWallet();
    await wallet.acceptOffer(good.offerUri!, { txCode: good.txCode });
    expect((await issuance(good.id!)).status).toBe("credential_issued");

    const bad = await offer({ txCode: { length: 6 } });
    for (let i = 0; i < 3; i++)
      await expect(wallet.acceptOffer(bad.offerUri!, { txCode: "000000" })).rejects.toThrow(
        /invalid_grant|invalid_request/,
      );
    expect((await issuance(bad.id!)).status).toBe("failed");
    expect(eventsFor(bad.id!).at(-1)!.event.type).toBe("issuance.failed");
  });

  it("an invalid proof is refused and leaves the issuance open until the token expires", async () => {
    const created = await offer();
    // The wallet's own token and DPoP proof (under haip), with a broken proof of possession.
    const wallet = await createTestWallet({
      fetch: (input, init) =>
        String(input).endsWith("/credential")
          ? fetch(input, {
              ...init,
              body: JSON.stringify({
                credential_configuration_id: "badge-v1",
                proofs: { jwt: ["not.a.proof"] },
              }),
            })
          : fetch(input, init),
    });
    await expect(wallet.acceptOffer(created.offerUri!)).rejects.toThrow(/400 invalid_proof/);
    expect((await issuance(created.id!)).status).toBe("token_issued");
    expect(eventsFor(created.id!).map((e) => e.event.type)).not.toContain("issuance.failed");
  });

  it("verifies a presentation: pending → in_progress → verified, and the result has exactly the policy's fields", async () => {
    const wallet = await realTimeWallet();
    await wallet.acceptOffer((await offer()).offerUri!);
    const v = await verification();
    await wallet.present(v.authorization_request_uri!);
    expect(await status(v.id!)).toMatchObject({ status: "verified" });
    expect(eventsFor(v.id!).map((e) => e.event.type)).toEqual([
      "verification.in_progress",
      "verification.verified",
    ]);
    const result = await service.call("GET", `/v1/verifications/${v.id}/result`);
    expect(result.body.claims).toEqual({ given_name: "Ada", address: { locality: "London" } });
  });

  it.each([
    ["an omitted field", { omit: ["address.locality"] }, "claims_missing", "claim_missing"],
    ["an altered disclosure", { tamper: "disclosure" as const }, "presentation_invalid", "digest"],
    [
      "a broken issuer signature",
      { tamper: "signature" as const },
      "presentation_invalid",
      "issuer_signature",
    ],
    ["a wrong nonce", { tamper: "nonce" as const }, "presentation_invalid", "nonce"],
    ["another audience", { tamper: "audience" as const }, "presentation_invalid", "audience"],
    ["a wrong sd_hash", { tamper: "sd_hash" as const }, "presentation_invalid", "sd_hash"],
    ["a stale key binding", { tamper: "stale" as const }, "presentation_invalid", "freshness"],
    ["a refusal", { refuse: true }, "wallet_rejected", "wallet_error"],
  ])("%s fails the verification with %s (check %s)", async (_, options, failureCode, check) => {
    const wallet = await realTimeWallet();
    await wallet.acceptOffer((await offer()).offerUri!);
    const v = await verification();
    await wallet.present(v.authorization_request_uri!, options);
    expect(await status(v.id!)).toEqual(
      expect.objectContaining({ status: "failed", failure_code: failureCode }),
    );
    expect(eventsFor(v.id!).at(-1)!.event.type).toBe("verification.failed");
    await expectDetail(
      v.id!,
      check,
      check === "claim_missing" ? ["address", "locality"] : undefined,
    );
  });

  it("a revoked credential fails with credential_revoked; revocation leaves the issuance status alone", async () => {
    const wallet = await realTimeWallet();
    const created = await offer();
    await wallet.acceptOffer(created.offerUri!);
    const revoked = await service.call("POST", `/v1/openid4vc/issuance/${created.id}/revoke`);
    expect(revoked.body).toMatchObject({
      status: "credential_issued",
      credentialStatus: "revoked",
      revokedAt: expect.any(String),
    });
    const v = await verification();
    await wallet.present(v.authorization_request_uri!);
    expect(await status(v.id!)).toMatchObject({
      status: "failed",
      failure_code: "credential_revoked",
    });
    await expectDetail(v.id!, "status_revoked");
  });

  it("an expired credential fails with credential_expired", async () => {
    const wallet = await realTimeWallet();
    await wallet.acceptOffer((await offer()).offerUri!);
    service.model.clock.advance(366 * 24 * 60 * 60 * 1000);
    const v = await verification();
    await wallet.present(v.authorization_request_uri!);
    expect(await status(v.id!)).toMatchObject({
      status: "failed",
      failure_code: "credential_expired",
    });
    await expectDetail(v.id!, "credential_expired");
  });

  it("the request is a DCQL query for the policy's type and fields, trusted_authorities the test CA, answered by direct_post.jwt (HAIP)", async () => {
    const v = await verification();
    const requestUri = new URL(v.authorization_request_uri!).searchParams.get("request_uri")!;
    const request = decodeJwt(await (await fetch(requestUri)).text());
    expect(request).toMatchObject({
      response_type: "vp_token",
      response_mode: "direct_post.jwt",
      client_id: new URL(v.authorization_request_uri!).searchParams.get("client_id"),
      dcql_query: {
        credentials: [
          {
            format: "dc+sd-jwt",
            meta: { vct_values: ["https://example.test/vct/badge-v1"] },
            trusted_authorities: [
              { type: "aki", values: [await service.model.ca.keyIdentifier()] },
            ],
            claims: [{ path: ["given_name"] }, { path: ["address", "locality"] }],
          },
        ],
      },
    });
    expect(await status(v.id!)).toMatchObject({ status: "in_progress" });
  });
});
