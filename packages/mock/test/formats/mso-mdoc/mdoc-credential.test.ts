import { describe, expect, it } from "vitest";
import { issueMdocCredential } from "../../../src/formats/mso-mdoc/issue-credential.js";
import { verifyMdocPresentation } from "../../../src/formats/mso-mdoc/verify-presentation.js";
import { holdMdoc } from "../../../src/wallet/formats/mso-mdoc/held-mdoc.js";
import { presentMdoc } from "../../../src/wallet/formats/mso-mdoc/present-mdoc.js";
import { AV, b64u, mdocWorld, redirectBinding, verifyContext } from "./mdoc-fixture.js";

const world = await mdocWorld();
const now = Math.floor(Date.now() / 1000);
const credential = (expiresAt = now + 3600) =>
  issueMdocCredential({
    docType: AV,
    claims: { [AV]: { age_over_18: true } },
    holderJwk: world.holder.publicJwk,
    issuedAt: now,
    expiresAt,
    status: { uri: "https://issuer.example/status", idx: 3 },
    signingKey: { privateJwk: world.signerKeys.privateJwk },
    x5c: [world.leaf],
  });

describe("the mdoc credential as the credential endpoint returns it, and as vp_token carries it", () => {
  it("a base64url IssuerSigned whose presentation verifies, claims by namespace", async () => {
    const held = holdMdoc(await credential(), world.holder.privateJwk);
    expect(held.docType).toBe(AV);
    const vpToken = b64u(presentMdoc(held, [[AV, "age_over_18"]], redirectBinding));
    expect(verifyMdocPresentation(vpToken, verifyContext(world.root))).toEqual({
      ok: true,
      claims: { [AV]: { age_over_18: true } },
    });
  });

  it("validUntil is the credential's expiry on the service clock", async () => {
    const held = holdMdoc(await credential(now + 60), world.holder.privateJwk);
    const vpToken = b64u(presentMdoc(held, [[AV, "age_over_18"]], redirectBinding));
    const later = verifyContext(world.root, { now: new Date((now + 120) * 1000) });
    expect(verifyMdocPresentation(vpToken, later)).toMatchObject({
      ok: false,
      failureCode: "credential_expired",
      failure: { check: "credential_expired" },
    });
  });

  it.each([[42], [{ a: 1 }], ["not base64url!"], [""]])(
    "a vp_token entry %j is presentation_invalid",
    (entry) => {
      expect(verifyMdocPresentation(entry, verifyContext(world.root))).toMatchObject({
        ok: false,
        failureCode: "presentation_invalid",
        failure: { check: "malformed" },
      });
    },
  );
});
