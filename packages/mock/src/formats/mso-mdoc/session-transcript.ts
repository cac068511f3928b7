import { createHash } from "node:crypto";
import { cborEncode } from "./cbor.js";
import type { MdocBinding } from "./presentation-binding.js";

const sha256 = (bytes: Uint8Array) => new Uint8Array(createHash("sha256").update(bytes).digest());
const thumbprintBytes = (b64u: string | undefined) =>
  b64u === undefined ? null : new Uint8Array(Buffer.from(b64u, "base64url"));

/**
 * The handover of a binding (OpenID4VP 1.0 Appendix B.2.6.1 and B.2.6.2; ISO/IEC 18013-7 Annex C):
 * a label and the SHA-256 of the CBOR of what the presentation is bound to. The origin goes in
 * bare (never `origin:`), and a thumbprint is null unless the answer was encrypted.
 */
export function handoverFor(binding: MdocBinding): [string, Uint8Array] {
  switch (binding.channel) {
    case "redirect":
      return [
        "OpenID4VPHandover",
        sha256(
          cborEncode([
            binding.clientId,
            binding.nonce,
            thumbprintBytes(binding.jwkThumbprint),
            binding.responseUri,
          ]),
        ),
      ];
    case "dc-api":
      return [
        "OpenID4VPDCAPIHandover",
        sha256(cborEncode([binding.origin, binding.nonce, thumbprintBytes(binding.jwkThumbprint)])),
      ];
    case "annex-c":
      return ["dcapi", sha256(cborEncode([binding.encryptionInfo, binding.origin]))];
  }
}

/**
 * `SessionTranscript = [null, null, Handover]` (ISO/IEC 18013-5 §9.1.5.1 with no device engagement
 * and no reader key, as all three channels use it), as the array the device signature embeds.
 */
export const sessionTranscriptFor = (binding: MdocBinding): [null, null, [string, Uint8Array]] => [
  null,
  null,
  handoverFor(binding),
];

/** The CBOR bytes of the session transcript: the HPKE `info` under Annex C. */
export const sessionTranscriptBytes = (binding: MdocBinding): Uint8Array =>
  cborEncode(sessionTranscriptFor(binding));
