import { describe, expect, it } from "vitest";
import { cborEncode } from "../../../src/formats/mso-mdoc/cbor.js";
import { verifyDeviceResponse } from "../../../src/formats/mso-mdoc/verify-device-response.js";
import { TestCertificateAuthority } from "../../../src/model/pki/test-ca.js";
import { holdMdoc } from "../../../src/wallet/formats/mso-mdoc/held-mdoc.js";
import { presentMdoc } from "../../../src/wallet/formats/mso-mdoc/present-mdoc.js";
import { AV, b64u, DAY, mdocWorld, redirectBinding, verifyContext } from "./mdoc-fixture.js";

const world = await mdocWorld();
const held = () => holdMdoc(b64u(world.issue()), world.holder.privateJwk);
const ASK = [[AV, "age_over_18"]] as const;

describe("mdoc verification: an honest presentation", () => {
  it("verifies and keeps the namespace of each claim", () => {
    const outcome = verifyDeviceResponse(
      presentMdoc(held(), ASK, redirectBinding),
      verifyContext(world.root),
    );
    expect(outcome).toEqual({ ok: true, docType: AV, claims: { [AV]: { age_over_18: true } } });
  });

  it("discloses only the elements asked for", () => {
    const response = presentMdoc(held(), ASK, redirectBinding);
    const text = Buffer.from(response).toString("latin1");
    expect(text).toContain("age_over_18");
    expect(text).not.toContain("age_over_21");
    expect(text).not.toContain("issuing_country");
  });
});

describe("mdoc verification: each rule broken once", () => {
  const failure = (response: Uint8Array, overrides = {}) => {
    const outcome = verifyDeviceResponse(response, verifyContext(world.root, overrides));
    if (outcome.ok) throw new Error("verified, but should not have");
    return outcome.failure;
  };

  it("a tampered element value: digest", () => {
    const f = failure(presentMdoc(held(), ASK, redirectBinding, { tamper: "element_value" }));
    expect(f).toMatchObject({
      check: "digest",
      failureCode: "presentation_invalid",
      path: [AV, "age_over_18"],
    });
  });

  it("an item sent under another item's digest ID: digest", () => {
    const f = failure(presentMdoc(held(), ASK, redirectBinding, { tamper: "digest_id" }));
    expect(f).toMatchObject({ check: "digest", failureCode: "presentation_invalid" });
  });

  it("a broken issuer signature: issuer_signature", () => {
    const f = failure(presentMdoc(held(), ASK, redirectBinding, { tamper: "issuer_signature" }));
    expect(f).toMatchObject({ check: "issuer_signature", failureCode: "presentation_invalid" });
  });

  it("a broken device signature: device_signature", () => {
    const f = failure(presentMdoc(held(), ASK, redirectBinding, { tamper: "device_signature" }));
    expect(f).toMatchObject({ check: "device_signature", failureCode: "presentation_invalid" });
  });

  it.each([
    ["another nonce", { ...redirectBinding, nonce: "nonce-2" }],
    ["another client_id", { ...redirectBinding, clientId: "x509_hash:other" }],
    ["another response_uri", { ...redirectBinding, responseUri: "https://evil.example/response" }],
    [
      "the DC API handover",
      { channel: "dc-api" as const, origin: "https://verifier.example", nonce: "nonce-1" },
    ],
  ])("a device signature over another transcript (%s): device_signature", (_, signFor) => {
    const f = failure(presentMdoc(held(), ASK, redirectBinding, { signFor }));
    expect(f).toMatchObject({ check: "device_signature", failureCode: "presentation_invalid" });
  });

  it("a DC API presentation made for another origin: device_signature", () => {
    const expected = { channel: "dc-api" as const, origin: "https://shop.example", nonce: "n" };
    const response = presentMdoc(held(), ASK, expected, {
      signFor: { ...expected, origin: "https://evil.example" },
    });
    expect(failure(response, { binding: expected })).toMatchObject({ check: "device_signature" });
    expect(
      verifyDeviceResponse(
        presentMdoc(held(), ASK, expected),
        verifyContext(world.root, { binding: expected }),
      ).ok,
    ).toBe(true);
  });

  it("an expired MSO: credential_expired", () => {
    const expired = holdMdoc(
      b64u(
        world.issue({
          validFrom: new Date(Date.now() - 10 * DAY),
          validUntil: new Date(Date.now() - DAY),
        }),
      ),
      world.holder.privateJwk,
    );
    expect(failure(presentMdoc(expired, ASK, redirectBinding))).toMatchObject({
      check: "credential_expired",
      failureCode: "credential_expired",
    });
  });

  it("an MSO not valid yet: credential_not_yet_valid", () => {
    const early = holdMdoc(
      b64u(
        world.issue({
          validFrom: new Date(Date.now() + DAY),
          validUntil: new Date(Date.now() + 10 * DAY),
        }),
      ),
      world.holder.privateJwk,
    );
    expect(failure(presentMdoc(early, ASK, redirectBinding))).toMatchObject({
      check: "credential_not_yet_valid",
      failureCode: "presentation_invalid",
    });
  });

  it("a document signer outside the trusted roots: issuer_not_trusted", async () => {
    const otherRoot = await new TestCertificateAuthority().rootCertificate();
    const f = failure(presentMdoc(held(), ASK, redirectBinding), { trustedRoots: [otherRoot] });
    expect(f).toMatchObject({ check: "issuer_not_trusted", failureCode: "presentation_invalid" });
  });

  it("a revoked mdoc: status_revoked; a status the issuer never handed out: status_unknown", () => {
    const response = presentMdoc(held(), ASK, redirectBinding);
    expect(failure(response, { statusOf: () => ({ ok: true, status: 1 }) })).toMatchObject({
      check: "status_revoked",
      failureCode: "credential_revoked",
    });
    expect(
      failure(response, {
        statusOf: () => ({ ok: false, reason: "the status index was never handed out" }),
      }),
    ).toMatchObject({ check: "status_unknown", failureCode: "presentation_invalid" });
  });

  it("the status reference the issuer signed is what the verifier reads", () => {
    const seen: unknown[] = [];
    verifyDeviceResponse(
      presentMdoc(held(), ASK, redirectBinding),
      verifyContext(world.root, {
        statusOf: (reference) => {
          seen.push(reference);
          return { ok: true, status: 0 };
        },
      }),
    );
    expect(seen).toEqual([{ uri: "https://issuer.example/status", idx: 7 }]);
  });

  it("a doctype the policy did not ask for: doctype", () => {
    const mdl = holdMdoc(
      b64u(
        world.issue({
          docType: "org.iso.18013.5.1.mDL",
          nameSpaces: { "org.iso.18013.5.1": { age_over_18: true } },
        }),
      ),
      world.holder.privateJwk,
    );
    const f = failure(presentMdoc(mdl, [["org.iso.18013.5.1", "age_over_18"]], redirectBinding));
    expect(f).toMatchObject({ check: "doctype", failureCode: "presentation_invalid" });
  });

  it("age_over_18: false: claim_value (claims_not_satisfied), naming the element, not its value", () => {
    const minor = holdMdoc(
      b64u(world.issue({ nameSpaces: { [AV]: { age_over_18: false } } })),
      world.holder.privateJwk,
    );
    const f = failure(presentMdoc(minor, ASK, redirectBinding));
    expect(f).toMatchObject({
      check: "claim_value",
      failureCode: "claims_not_satisfied",
      path: [AV, "age_over_18"],
    });
    expect(f.message).not.toMatch(/false/);
  });

  it("an element asked for but withheld: claim_missing (claims_missing)", () => {
    const f = failure(presentMdoc(held(), ASK, redirectBinding, { omit: [[AV, "age_over_18"]] }));
    expect(f).toMatchObject({
      check: "claim_missing",
      failureCode: "claims_missing",
      path: [AV, "age_over_18"],
    });
  });
});

describe("mdoc verification: hostile CBOR is a typed refusal, never a crash", () => {
  const malformed = (bytes: Uint8Array) => {
    const outcome = verifyDeviceResponse(bytes, verifyContext(world.root));
    expect(outcome).toMatchObject({
      ok: false,
      failure: { check: "malformed", failureCode: "presentation_invalid" },
    });
  };

  it("truncated, trailing and non-CBOR bytes", () => {
    const honest = presentMdoc(held(), ASK, redirectBinding);
    malformed(honest.slice(0, honest.length - 10));
    malformed(new Uint8Array([...honest, 0x00]));
    malformed(new Uint8Array(Buffer.from("not cbor at all")));
    malformed(new Uint8Array(0));
  });

  it("arrays nested 100 000 deep, and 40 deep (under the stack, over the limit)", () => {
    malformed(new Uint8Array([...new Uint8Array(100_000).fill(0x81), 0x01]));
    malformed(new Uint8Array([...new Uint8Array(40).fill(0x81), 0x01]));
  });

  it("well-formed CBOR of the wrong shape", () => {
    malformed(cborEncode({ version: "1.0", status: 0, documents: [{ docType: AV }] }));
    malformed(cborEncode([1, 2, 3]));
    malformed(cborEncode({ version: "1.0", status: 0, documents: "x" }));
  });

  it("an oversized answer", () => {
    malformed(new Uint8Array(600 * 1024));
  });
});
