// The `transcript` check (issue 43): a device signature that verifies, but over the session
// transcript of another binding this verification knows (another channel's handover, another of
// its expected origins, an encrypted answer's handover without its key), is told apart from a
// forged or foreign one (`device_signature`). The message names what differed, never a value of
// the holder's.
import { describe, expect, it } from "vitest";
import type { MdocBinding } from "../../../src/formats/mso-mdoc/presentation-binding.js";
import { verifyDeviceResponse } from "../../../src/formats/mso-mdoc/verify-device-response.js";
import { holdMdoc } from "../../../src/wallet/formats/mso-mdoc/held-mdoc.js";
import { presentMdoc } from "../../../src/wallet/formats/mso-mdoc/present-mdoc.js";
import { AV, b64u, mdocWorld, redirectBinding, verifyContext } from "./mdoc-fixture.js";

const world = await mdocWorld();
const held = () => holdMdoc(b64u(world.issue()), world.holder.privateJwk);
const ASK = [[AV, "age_over_18"]] as const;

const SHOP = "https://shop.example";
const KIOSK = "https://kiosk.example";
const dcApi: MdocBinding = { channel: "dc-api", origin: SHOP, nonce: "nonce-1" };
const annexC = (origin: string): MdocBinding => ({
  channel: "annex-c",
  origin,
  encryptionInfo: "ZGNhcGk",
});
/** Every binding a verification with both origins could have had, as the verifier lists them. */
const KNOWN: MdocBinding[] = [
  redirectBinding,
  dcApi,
  { ...dcApi, origin: KIOSK },
  annexC(SHOP),
  annexC(KIOSK),
];

const outcomeOf = (expected: MdocBinding, signFor: MdocBinding, others = KNOWN) =>
  verifyDeviceResponse(
    presentMdoc(held(), ASK, expected, { signFor }),
    verifyContext(world.root, { binding: expected, otherBindings: others }),
  );
const failureOf = (expected: MdocBinding, signFor: MdocBinding, others = KNOWN) => {
  const outcome = outcomeOf(expected, signFor, others);
  if (outcome.ok) throw new Error("verified, but should not have");
  return outcome.failure;
};

describe("mdoc: a device signature over another transcript the verification knows", () => {
  it("a redirect answer signed for the DC API handover: transcript, naming both handovers", () => {
    const f = failureOf(redirectBinding, dcApi);
    expect(f).toMatchObject({ check: "transcript", failureCode: "presentation_invalid" });
    expect(f.message).toMatch(/Digital Credentials API/);
    expect(f.message).toMatch(/redirect flow/);
  });

  it("a DC API answer signed for the redirect flow's handover: transcript", () => {
    const f = failureOf(dcApi, redirectBinding);
    expect(f.check).toBe("transcript");
    expect(f.message).toMatch(/the redirect flow's handover \(OpenID4VPHandover\)/);
  });

  it("an Annex C answer signed over the OpenID4VP DC API handover: transcript", () => {
    const f = failureOf(annexC(SHOP), dcApi);
    expect(f.check).toBe("transcript");
    expect(f.message).toMatch(/OpenID4VPDCAPIHandover/);
    expect(f.message).toMatch(/Annex C/);
  });

  it("an Annex C answer sealed for one expected origin and signed for another: transcript", () => {
    const f = failureOf(annexC(SHOP), annexC(KIOSK));
    expect(f.check).toBe("transcript");
    expect(f.message).toMatch(/another expected origin/);
    expect(f.message).toContain(KIOSK);
  });

  it("an encrypted answer whose handover leaves out the key's thumbprint: transcript", () => {
    const encrypted = { ...redirectBinding, jwkThumbprint: b64u(new Uint8Array(32).fill(7)) };
    const { jwkThumbprint: _, ...plain } = encrypted;
    const f = failureOf(encrypted, plain, [encrypted]);
    expect(f.check).toBe("transcript");
    expect(f.message).toMatch(/thumbprint/);
  });

  it("a transcript no binding of the verification has (another nonce, origin, response_uri): device_signature", () => {
    for (const signFor of [
      { ...redirectBinding, nonce: "nonce-2" },
      { ...redirectBinding, responseUri: "https://evil.example/response" },
      { ...dcApi, origin: "https://evil.example" },
      { ...dcApi, nonce: "nonce-2" },
    ] as MdocBinding[])
      expect(failureOf(redirectBinding, signFor).check).toBe("device_signature");
  });

  it("a broken signature over a known transcript is still device_signature", () => {
    const outcome = verifyDeviceResponse(
      presentMdoc(held(), ASK, redirectBinding, { signFor: dcApi, tamper: "device_signature" }),
      verifyContext(world.root, { binding: redirectBinding, otherBindings: KNOWN }),
    );
    expect(outcome).toMatchObject({ ok: false, failure: { check: "device_signature" } });
  });

  it("the expected binding among the others still verifies; so does another expected DC API origin", () => {
    expect(outcomeOf(redirectBinding, redirectBinding).ok).toBe(true);
    const both = { ...dcApi, otherOrigins: [KIOSK] };
    expect(outcomeOf(both, { ...dcApi, origin: KIOSK }).ok).toBe(true);
  });
});
