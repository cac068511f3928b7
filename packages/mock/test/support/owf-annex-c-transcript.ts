import { createHash } from "node:crypto";
import { cborEncode, SessionTranscript } from "@owf/mdoc";
import { expect } from "vitest";
import { owfContext } from "./owf-mdoc-context.js";

/**
 * ISO/IEC 18013-7 Annex C's SessionTranscript `[null, null, ["dcapi", sha256(cbor([encryptionInfo,
 * origin]))]]` as @owf/mdoc objects. @owf/mdoc 0.6 knows OpenID4VP's handovers but not Annex C's:
 * its DC API handover class, with the label written here from the standard, carries the hash, and
 * the library builds and checks DeviceAuthentication (and ReaderAuthentication) over it as over
 * its own.
 */
export async function annexCTranscript(encryptionInfo: string, origin: string) {
  const hash = new Uint8Array(
    createHash("sha256")
      .update(cborEncode([encryptionInfo, origin]))
      .digest(),
  );
  const dcApi = await SessionTranscript.forOid4VpDcApi({ origin, nonce: "" }, owfContext);
  const OpenId4VpDcApiHandover = dcApi.handover.constructor as unknown as {
    new (...args: never[]): object;
  };
  class AnnexCHandover extends OpenId4VpDcApiHandover {
    get encodedStructure() {
      return ["dcapi", hash];
    }
  }
  const handover = (
    AnnexCHandover as unknown as { createFromHash(hash: Uint8Array): typeof dcApi.handover }
  ).createFromHash(hash);
  const transcript = SessionTranscript.create({ handover });
  expect(transcript.encode()).toEqual(cborEncode([null, null, ["dcapi", hash]]));
  return transcript;
}
