// mdocs over the real issuance endpoints: the emulator's issuer metadata lists the built-in mdoc
// definitions, an offer with nested claims is redeemed by the test wallet, and the IssuerSigned
// it receives is verified by a second implementation (@owf/mdoc) against the emulator's test CA.

import { createTestWallet } from "@credport/mock/wallet";
import { Holder, IssuerSigned, type VerificationAssessment } from "@owf/mdoc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { owfContext } from "../../../../packages/mock/test/support/owf-mdoc-context.js";
import { type Issuer, send, startIssuer } from "./raw-protocol.js";

const AV = "eu.europa.ec.av.1";
/** ISO/IEC 18013-5 Annex B wants a countryName in the IACA; the test CA root has none. */
const IACA_COUNTRY =
  "Country name (C) must be present in the issuer certificate's subject distinguished name";

describe("mdoc issuance (mso_mdoc)", () => {
  let issuer: Issuer;
  beforeAll(async () => {
    issuer = await startIssuer({ profile: "plain" });
  });
  afterAll(() => issuer.close());

  async function offerAv(claims: unknown) {
    return issuer.service("POST", "/v1/openid4vc/issuance/offer", {
      credentialDefinitionId: "credport.age_verification.mdoc.v1",
      claims,
    });
  }

  it("issuer metadata lists the built-in mdoc definitions as mso_mdoc configurations", async () => {
    const created = await offerAv({ [AV]: { age_over_18: true } });
    expect(created.status).toBe(201);
    const offer = await send(
      new URL(created.body.offerUri as string).searchParams.get("credential_offer_uri")!,
    );
    const url = new URL(offer.body.credential_issuer as string);
    const metadata = (
      await send(`${url.origin}/.well-known/openid-credential-issuer${url.pathname}`)
    ).body as {
      credential_configurations_supported: Record<string, Record<string, unknown>>;
    };
    expect(
      metadata.credential_configurations_supported["credport.age_verification.mdoc.v1"],
    ).toMatchObject({
      format: "mso_mdoc",
      doctype: AV,
      cryptographic_binding_methods_supported: ["cose_key"],
      credential_signing_alg_values_supported: [-7],
      credential_metadata: {
        claims: [{ path: [AV, "age_over_18"], mandatory: true }, { path: [AV, "issuing_country"] }],
      },
    });
    expect(metadata.credential_configurations_supported["credport.mdl.v1"]).toMatchObject({
      format: "mso_mdoc",
      doctype: "org.iso.18013.5.1.mDL",
    });
  });

  it("offers take nested claims, and refuse an element the definition does not declare", async () => {
    expect((await offerAv({ [AV]: { age_over_18: true, issuing_country: "EU" } })).status).toBe(
      201,
    );
    const refused = await offerAv({ [AV]: { age_over_18: true, shoe_size: 44 } });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("validation_error");
    expect((await offerAv({ [AV]: {} })).status).toBe(400);
  });

  it("the test wallet receives an mdoc that @owf/mdoc verifies against the emulator's test CA", async () => {
    const created = await offerAv({ [AV]: { age_over_18: true, issuing_country: "EU" } });
    const wallet = await createTestWallet();
    const held = await wallet.acceptOffer(created.body.offerUri as string);
    expect(held).toMatchObject({
      format: "mso_mdoc",
      docType: AV,
      claims: { [AV]: { age_over_18: true, issuing_country: "EU" } },
    });
    if (held.format !== "mso_mdoc") throw new Error("not an mdoc");

    const root = new Uint8Array(
      Buffer.from((await issuer.emulator.model.ca.saved()).certificate, "base64"),
    );
    const failed: VerificationAssessment[] = [];
    await Holder.verifyIssuerSigned(
      {
        issuerSigned: held.mdoc,
        trustedCertificates: [root],
        verificationCallback: (check) => {
          if (check.status === "FAILED" && check.check !== IACA_COUNTRY) failed.push(check);
        },
      },
      owfContext,
    );
    expect(failed).toEqual([]);
    const mso = IssuerSigned.fromEncodedForOid4Vci(held.mdoc).issuerAuth.mobileSecurityObject;
    expect(mso.docType).toBe(AV);
    expect(
      (await issuer.service("GET", `/v1/openid4vc/issuance/${created.body.id}`)).body.status,
    ).toBe("credential_issued");
  });
});

describe.each(["plain", "haip"] as const)(
  "mdoc verification over the redirect channel (%s: direct_post, direct_post.jwt)",
  (profile) => {
    let issuer: Issuer;
    beforeAll(async () => {
      issuer = await startIssuer({ profile });
    });
    afterAll(() => issuer.close());

    async function walletHolding(ageOver18: boolean) {
      const created = await issuer.service("POST", "/v1/openid4vc/issuance/offer", {
        credentialDefinitionId: "credport.age_verification.mdoc.v1",
        claims: { [AV]: { age_over_18: ageOver18 } },
      });
      const wallet = await createTestWallet();
      await wallet.acceptOffer(created.body.offerUri as string);
      return { wallet, issuanceId: created.body.id as string };
    }

    async function verification() {
      const policy = await issuer.service("POST", "/v1/policies", {
        name: "Over 18 (mdoc)",
        credential_definition_id: "credport.age_verification.mdoc.v1",
        fields: [{ path: [AV, "age_over_18"], values: [true] }],
      });
      expect(policy.status).toBe(201);
      const created = await issuer.service("POST", "/v1/verifications", {
        policy_id: policy.body.policy_id,
      });
      return created.body as { id: string; authorization_request_uri: string };
    }

    const resultOf = async (id: string) =>
      (await issuer.service("GET", `/v1/verifications/${id}/result`)).body as {
        status: string;
        failure_code?: string;
        failure_detail?: { check: string; message: string; path?: string[] };
        claims?: unknown;
      };

    it("an honest mdoc presentation verifies; its claims keep their namespace", async () => {
      const { wallet } = await walletHolding(true);
      const started = await verification();
      await wallet.present(started.authorization_request_uri);
      expect(await resultOf(started.id)).toMatchObject({
        status: "verified",
        claims: { [AV]: { age_over_18: true } },
      });
    });

    it("age_over_18: false fails claims_not_satisfied", async () => {
      const { wallet } = await walletHolding(false);
      const started = await verification();
      await wallet.present(started.authorization_request_uri);
      expect(await resultOf(started.id)).toMatchObject({
        status: "failed",
        failure_code: "claims_not_satisfied",
        failure_detail: { check: "claim_value", path: [AV, "age_over_18"] },
      });
    });

    it("a revoked mdoc fails credential_revoked; a tampered one presentation_invalid", async () => {
      const { wallet, issuanceId } = await walletHolding(true);
      const tampered = await verification();
      await wallet.present(tampered.authorization_request_uri, { tamper: "signature" });
      expect(await resultOf(tampered.id)).toMatchObject({
        status: "failed",
        failure_code: "presentation_invalid",
        failure_detail: { check: "device_signature" },
      });
      expect(
        (await issuer.service("POST", `/v1/openid4vc/issuance/${issuanceId}/revoke`)).status,
      ).toBe(200);
      const started = await verification();
      await wallet.present(started.authorization_request_uri);
      expect(await resultOf(started.id)).toMatchObject({
        status: "failed",
        failure_code: "credential_revoked",
        failure_detail: { check: "status_revoked" },
      });
    });

    it.each([
      ["an altered element", { tamper: "disclosure" as const }, "presentation_invalid", "digest"],
      ["another nonce", { tamper: "nonce" as const }, "presentation_invalid", "device_signature"],
      ["an omitted element", { omit: [[AV, "age_over_18"]] }, "claims_missing", "claim_missing"],
    ])("%s fails %s, failure_detail.check %s", async (_, options, failureCode, check) => {
      const { wallet } = await walletHolding(true);
      const started = await verification();
      await wallet.present(started.authorization_request_uri, options);
      const result = await resultOf(started.id);
      expect(result).toMatchObject({ status: "failed", failure_code: failureCode });
      expect(result.failure_detail).toMatchObject({ check, message: expect.any(String) });
      if (check === "digest" || check === "claim_missing")
        expect(result.failure_detail!.path).toEqual([AV, "age_over_18"]);
    });
  },
);
