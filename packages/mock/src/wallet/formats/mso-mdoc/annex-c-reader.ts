import { verify, X509Certificate } from "node:crypto";
import { chainProblem } from "../../../x509/certificate-chain.js";
import { TestWalletError } from "../../test-wallet-error.js";
import { walletSessionTranscript } from "./device-authentication.js";
import type { MdocWalletBinding } from "./mdoc-binding.js";
import { Tagged, walletCborDecode, walletCborEncode } from "./wallet-cbor.js";

/** `id-mdl-kp-mdlReaderAuth` (ISO/IEC 18013-5 Annex B.1.7). */
const MDL_READER_AUTH = "1.0.18013.5.1.6";
const ES256 = -7;
const X5CHAIN = 33;

const refuse = (why: string): never => {
  throw new TestWalletError(
    `test wallet: the org-iso-mdoc request's readerAuth ${why}; refusing to answer it.`,
  );
};

/**
 * Checks an Annex C request's reader authentication (ISO/IEC 18013-5 §9.1.4) as a wallet does
 * before showing its holder who asks: every `DocRequest` has a `readerAuth` — a COSE_Sign1, ES256
 * in the protected header, payload detached — whose `x5chain` leaf is a reader authentication
 * certificate (extended key usage `id-mdl-kp-mdlReaderAuth`) chaining to one of `roots`, and whose
 * signature verifies over `ReaderAuthenticationBytes` with this binding's session transcript
 * (the page's origin) and the `ItemsRequest` exactly as sent. Throws a {@link TestWalletError}
 * naming what does not hold.
 */
export function checkAnnexCReaderAuth(
  deviceRequest: string,
  binding: Extract<MdocWalletBinding, { channel: "annex-c" }>,
  roots: readonly X509Certificate[],
  now: Date,
): void {
  const request = walletCborDecode(Buffer.from(deviceRequest, "base64url")) as Map<string, unknown>;
  for (const docRequest of request.get("docRequests") as Map<string, unknown>[]) {
    const readerAuth = docRequest.get("readerAuth");
    if (readerAuth === undefined) refuse("is missing (the reader is not authenticated)");
    if (
      !Array.isArray(readerAuth) ||
      readerAuth.length !== 4 ||
      !(readerAuth[0] instanceof Uint8Array) ||
      !(readerAuth[1] instanceof Map) ||
      readerAuth[2] !== null ||
      !(readerAuth[3] instanceof Uint8Array)
    )
      refuse("is not a COSE_Sign1 with a detached payload");
    const [protectedBytes, unprotected, , signature] = readerAuth as [
      Uint8Array,
      Map<unknown, unknown>,
      null,
      Uint8Array,
    ];
    const header = walletCborDecode(protectedBytes);
    if (!(header instanceof Map) || header.get(1) !== ES256) refuse("is not signed with ES256");
    const chain = unprotected.get(X5CHAIN);
    const certificates = chain instanceof Uint8Array ? [chain] : chain;
    if (
      !Array.isArray(certificates) ||
      certificates.length === 0 ||
      !certificates.every((c) => c instanceof Uint8Array)
    )
      refuse("carries no x5chain");
    const x5c = (certificates as Uint8Array[]).map((der) => Buffer.from(der).toString("base64"));
    const problem = chainProblem(x5c, roots, now);
    if (problem) refuse(`certificate is not trusted: ${problem}`);
    const leaf = new X509Certificate(Buffer.from(x5c[0]!, "base64"));
    if (!(leaf.keyUsage ?? []).includes(MDL_READER_AUTH))
      refuse("certificate is not a reader authentication certificate (id-mdl-kp-mdlReaderAuth)");
    const readerAuthentication = walletCborEncode(
      new Tagged(
        24,
        walletCborEncode([
          "ReaderAuthentication",
          walletSessionTranscript(binding),
          docRequest.get("itemsRequest"),
        ]),
      ),
    );
    const toBeSigned = walletCborEncode([
      "Signature1",
      protectedBytes,
      new Uint8Array(0),
      readerAuthentication,
    ]);
    const verified = verify(
      "sha256",
      toBeSigned,
      { key: leaf.publicKey, dsaEncoding: "ieee-p1363" },
      signature,
    );
    if (!verified)
      refuse(
        "does not verify over this request's session transcript for the page's origin (forged, or signed for another origin)",
      );
  }
}
