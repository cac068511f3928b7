import { createHash } from "node:crypto";
import type { MdocWalletBinding } from "./mdoc-binding.js";
import { Tagged, walletCborEncode } from "./wallet-cbor.js";

const digest = (value: unknown) =>
  new Uint8Array(createHash("sha256").update(walletCborEncode(value)).digest());

/**
 * The wallet's `SessionTranscript = [null, null, Handover]` for a binding: OpenID4VP 1.0 B.2.6.1
 * (`OpenID4VPHandover`), B.2.6.2 (`OpenID4VPDCAPIHandover`, origin without `origin:`), or ISO/IEC
 * 18013-7 Annex C (`dcapi`). A thumbprint is the RFC 7638 one, as bytes, or null.
 */
export function walletSessionTranscript(binding: MdocWalletBinding): unknown[] {
  const thumbprint = (b64u?: string) =>
    b64u === undefined ? null : new Uint8Array(Buffer.from(b64u, "base64url"));
  let handover: unknown[];
  if (binding.channel === "redirect") {
    const info = [
      binding.clientId,
      binding.nonce,
      thumbprint(binding.jwkThumbprint),
      binding.responseUri,
    ];
    handover = ["OpenID4VPHandover", digest(info)];
  } else if (binding.channel === "dc-api") {
    const info = [binding.origin, binding.nonce, thumbprint(binding.jwkThumbprint)];
    handover = ["OpenID4VPDCAPIHandover", digest(info)];
  } else {
    handover = ["dcapi", digest([binding.encryptionInfo, binding.origin])];
  }
  return [null, null, handover];
}

/**
 * `DeviceAuthenticationBytes` (ISO/IEC 18013-5 §9.1.3.4): what the device key signs, detached —
 * `#6.24(["DeviceAuthentication", SessionTranscript, DocType, DeviceNameSpacesBytes])`.
 */
export const deviceAuthenticationBytes = (
  binding: MdocWalletBinding,
  docType: string,
  deviceNameSpaces: Tagged,
): Uint8Array =>
  walletCborEncode(
    new Tagged(
      24,
      walletCborEncode([
        "DeviceAuthentication",
        walletSessionTranscript(binding),
        docType,
        deviceNameSpaces,
      ]),
    ),
  );
