// The independent check, second library: @auth0/mdl 3.0.1 (Node only, no OpenID4VP 1.0
// transcripts, so the transcript bytes are handed to it). It verifies the emulator's issued mdocs
// and presentations, and builds DeviceResponses from the emulator's mdocs that the emulator must
// accept. The transcripts themselves are pinned by the spec's known answers (session-transcript.test.ts).
import { DeviceResponse, Verifier } from "@auth0/mdl";
import { describe, expect, it } from "vitest";
import { cborDecodeUntrusted, cborEncode, Tagged } from "../../../src/formats/mso-mdoc/cbor.js";
import type { MdocBinding } from "../../../src/formats/mso-mdoc/presentation-binding.js";
import { sessionTranscriptBytes } from "../../../src/formats/mso-mdoc/session-transcript.js";
import { verifyDeviceResponse } from "../../../src/formats/mso-mdoc/verify-device-response.js";
import { holdMdoc } from "../../../src/wallet/formats/mso-mdoc/held-mdoc.js";
import { presentMdoc } from "../../../src/wallet/formats/mso-mdoc/present-mdoc.js";
import { AV, b64u, mdocWorld, verifyContext } from "./mdoc-fixture.js";

const world = await mdocWorld();
const bindings: [string, MdocBinding][] = [
  [
    "redirect",
    {
      channel: "redirect",
      clientId: "x509_hash:v",
      nonce: "a0-nonce",
      responseUri: "https://v.example/r",
    },
  ],
  ["DC API", { channel: "dc-api", origin: "https://shop.example", nonce: "a0-dc-nonce" }],
];
/** `SessionTranscriptBytes = #6.24(bstr .cbor SessionTranscript)`, the form @auth0/mdl takes. */
const transcriptForAuth0 = (binding: MdocBinding) =>
  Buffer.from(cborEncode(new Tagged(24, sessionTranscriptBytes(binding))));

/** ISO/IEC 18013-5 Annex B wants a countryName in the IACA's subject; the test CA root has none. */
const IACA_COUNTRY = "ISSUER_SUBJECT_COUNTRY_NAME_PRESENCE";

async function auth0Failures(response: Uint8Array, binding: MdocBinding, rootPem = world.rootPem) {
  const failed: string[] = [];
  await new Verifier([rootPem])
    .verify(response, {
      encodedSessionTranscript: transcriptForAuth0(binding),
      onCheck: (check) => {
        if (check.status === "FAILED" && check.id !== IACA_COUNTRY) failed.push(check.id);
      },
    })
    .catch((error: Error) => failed.push(error.message));
  return failed;
}

describe("@auth0/mdl verifies the emulator's mdocs and presentations", () => {
  it.each(bindings)("over the %s transcript", async (_, binding) => {
    const held = holdMdoc(b64u(world.issue()), world.holder.privateJwk);
    expect(await auth0Failures(presentMdoc(held, [[AV, "age_over_18"]], binding), binding)).toEqual(
      [],
    );
  });

  it("refuses a tampered element and a signature over another transcript", async () => {
    const [, binding] = bindings[0]!;
    const held = holdMdoc(b64u(world.issue()), world.holder.privateJwk);
    const tampered = presentMdoc(held, [[AV, "age_over_18"]], binding, { tamper: "element_value" });
    expect(await auth0Failures(tampered, binding)).toContain("ATTRIBUTE_DIGEST_MATCH");
    const elsewhere = presentMdoc(held, [[AV, "age_over_18"]], binding, {
      signFor: { ...binding, nonce: "another" } as MdocBinding,
    });
    expect(await auth0Failures(elsewhere, binding)).toContain("DEVICE_SIGNATURE_VALIDITY");
  });

  it("refuses a document signer under another root", async () => {
    const other = await mdocWorld();
    const [, binding] = bindings[0]!;
    const held = holdMdoc(b64u(other.issue()), other.holder.privateJwk);
    const failed = await auth0Failures(presentMdoc(held, [[AV, "age_over_18"]], binding), binding);
    expect(failed).toContain("ISSUER_CERTIFICATE_VALIDITY");
  });
});

describe("the emulator verifies DeviceResponses @auth0/mdl builds from its mdocs", () => {
  it.each(bindings)("over the %s transcript", async (_, binding) => {
    // @auth0/mdl starts from an MDoc (a DeviceResponse without device signatures).
    const issuerSigned = cborDecodeUntrusted(world.issue(), "the IssuerSigned");
    const mdoc = cborEncode(
      new Map<string, unknown>([
        ["version", "1.0"],
        [
          "documents",
          [
            new Map<string, unknown>([
              ["docType", AV],
              ["issuerSigned", issuerSigned],
            ]),
          ],
        ],
        ["status", 0],
      ]),
    );
    const signed = await DeviceResponse.from(mdoc)
      .usingPresentationDefinition({
        id: "age",
        input_descriptors: [
          {
            id: AV,
            format: { mso_mdoc: { alg: ["ES256"] } },
            constraints: {
              limit_disclosure: "required",
              fields: [{ path: [`$['${AV}']['age_over_18']`], intent_to_retain: false }],
            },
          },
        ],
      } as never)
      .usingSessionTranscriptBytes(transcriptForAuth0(binding))
      .authenticateWithSignature({ ...world.holder.privateJwk, alg: "ES256" }, "ES256")
      .sign();
    const response = new Uint8Array(signed.encode());
    expect(verifyDeviceResponse(response, verifyContext(world.root, { binding }))).toEqual({
      ok: true,
      docType: AV,
      claims: { [AV]: { age_over_18: true } },
    });
    const elsewhere = { ...binding, nonce: "another" } as MdocBinding;
    expect(
      verifyDeviceResponse(response, verifyContext(world.root, { binding: elsewhere })),
    ).toMatchObject({
      ok: false,
      failure: { check: "device_signature" },
    });
  });
});
