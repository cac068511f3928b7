// The independent check, first library: @owf/mdoc 0.6.0 (OpenWallet Foundation, formerly
// @animo-id/mdoc). The emulator builds mdocs with its own code (cbor-x + node:crypto); here
// @owf/mdoc verifies what the emulator issues and presents, and builds DeviceResponses from the
// emulator's mdocs, with its own OpenID4VP 1.0 session transcripts, that the emulator must accept.
import {
  CoseKey,
  DeviceRequest,
  DeviceResponse,
  DocRequest,
  Holder,
  IssuerSigned,
  ItemsRequest,
  SessionTranscript,
  type VerificationAssessment,
  Verifier,
} from "@owf/mdoc";
import { describe, expect, it } from "vitest";
import type { MdocBinding } from "../../../src/formats/mso-mdoc/presentation-binding.js";
import { verifyDeviceResponse } from "../../../src/formats/mso-mdoc/verify-device-response.js";
import { holdMdoc } from "../../../src/wallet/formats/mso-mdoc/held-mdoc.js";
import { presentMdoc } from "../../../src/wallet/formats/mso-mdoc/present-mdoc.js";
import { owfContext } from "../../support/owf-mdoc-context.js";
import { AV, b64u, mdocWorld, verifyContext } from "./mdoc-fixture.js";

const world = await mdocWorld();
const rootDer = new Uint8Array(world.root.raw);
const redirect = {
  clientId: "x509_hash:verifier",
  nonce: "owf-nonce",
  responseUri: "https://verifier.example/response",
};
const dcApi = { origin: "https://shop.example", nonce: "owf-dc-nonce" };

/**
 * The one check left aside: ISO/IEC 18013-5 Annex B wants a countryName (C) in the IACA's subject,
 * and the emulator's test CA root (model/test-ca.ts) has none. Every other check must pass.
 */
const IACA_COUNTRY =
  "Country name (C) must be present in the issuer certificate's subject distinguished name";

/** Collects the checks @owf/mdoc reports as failed. */
function failedChecks() {
  const failed: VerificationAssessment[] = [];
  return {
    failed,
    onCheck: (item: VerificationAssessment) => {
      if (item.status === "FAILED" && item.check !== IACA_COUNTRY) failed.push(item);
    },
  };
}

describe("@owf/mdoc verifies what the emulator issues and presents", () => {
  it("an issued IssuerSigned: issuer signature, chain to the test CA, digests, validity", async () => {
    const { failed, onCheck } = failedChecks();
    await Holder.verifyIssuerSigned(
      {
        issuerSigned: b64u(world.issue()),
        trustedCertificates: [rootDer],
        verificationCallback: onCheck,
      },
      owfContext,
    );
    expect(failed).toEqual([]);
  });

  it("refuses an issued IssuerSigned whose document signer is under another root", async () => {
    const other = await mdocWorld();
    const { failed, onCheck } = failedChecks();
    await Holder.verifyIssuerSigned(
      {
        issuerSigned: b64u(other.issue()),
        trustedCertificates: [rootDer],
        verificationCallback: onCheck,
      },
      owfContext,
    ).catch(() => undefined);
    expect(failed.length).toBeGreaterThan(0);
  });

  it.each([
    [
      "redirect",
      { channel: "redirect", ...redirect } as MdocBinding,
      () => SessionTranscript.forOid4Vp(redirect, owfContext),
    ],
    [
      "DC API",
      { channel: "dc-api", ...dcApi } as MdocBinding,
      () => SessionTranscript.forOid4VpDcApi(dcApi, owfContext),
    ],
  ])(
    "the emulator wallet's DeviceResponse over the %s transcript",
    async (_, binding, transcript) => {
      const held = holdMdoc(b64u(world.issue()), world.holder.privateJwk);
      const response = presentMdoc(held, [[AV, "age_over_18"]], binding);
      const { failed, onCheck } = failedChecks();
      await Verifier.verifyDeviceResponse(
        {
          deviceResponse: response,
          sessionTranscript: await transcript(),
          trustedCertificates: [rootDer],
          onCheck,
        },
        owfContext,
      );
      expect(failed).toEqual([]);
    },
  );

  it("and refuses it over another nonce (its transcript, not ours)", async () => {
    const held = holdMdoc(b64u(world.issue()), world.holder.privateJwk);
    const response = presentMdoc(held, [[AV, "age_over_18"]], { channel: "redirect", ...redirect });
    const { failed, onCheck } = failedChecks();
    await Verifier.verifyDeviceResponse(
      {
        deviceResponse: response,
        sessionTranscript: await SessionTranscript.forOid4Vp(
          { ...redirect, nonce: "other" },
          owfContext,
        ),
        trustedCertificates: [rootDer],
        onCheck,
      },
      owfContext,
    ).catch(() => undefined);
    expect(failed.map((f) => f.category)).toContain("DEVICE_AUTH");
  });
});

describe("the emulator verifies DeviceResponses @owf/mdoc builds from its mdocs", () => {
  const deviceRequest = () =>
    DeviceRequest.create({
      docRequests: [
        DocRequest.create({
          itemsRequest: ItemsRequest.create({
            docType: AV,
            namespaces: { [AV]: { age_over_18: false } },
          }),
        }),
      ],
    });

  it.each([
    [
      "redirect",
      { channel: "redirect", ...redirect } as MdocBinding,
      () => SessionTranscript.forOid4Vp(redirect, owfContext),
    ],
    [
      "DC API",
      { channel: "dc-api", ...dcApi } as MdocBinding,
      () => SessionTranscript.forOid4VpDcApi(dcApi, owfContext),
    ],
  ])("over the %s transcript", async (_, binding, transcript) => {
    const response = await DeviceResponse.createWithDeviceRequest(
      {
        deviceRequest: deviceRequest(),
        sessionTranscript: await transcript(),
        issuerSigned: [IssuerSigned.fromEncodedForOid4Vci(b64u(world.issue()))],
        // The JWK names its algorithm: without it @owf/mdoc writes `{1: undefined}` as the protected
        // header, which the emulator rightly refuses (the algorithm must be ES256, and protected).
        signature: { signingKey: CoseKey.fromJwk({ ...world.holder.privateJwk, alg: "ES256" }) },
      },
      owfContext,
    );
    const outcome = verifyDeviceResponse(response.encode(), verifyContext(world.root, { binding }));
    expect(outcome).toEqual({ ok: true, docType: AV, claims: { [AV]: { age_over_18: true } } });

    // The same answer checked against another verification's transcript is refused.
    const elsewhere = verifyDeviceResponse(
      response.encode(),
      verifyContext(world.root, { binding: { ...binding, nonce: "another" } as MdocBinding }),
    );
    expect(elsewhere).toMatchObject({ ok: false, failure: { check: "device_signature" } });
  });
});
