import { annexCSuite, copy } from "../../../formats/mso-mdoc/annex-c.js";
import { cborDecodeUntrusted, cborEncode } from "../../../formats/mso-mdoc/cbor.js";
import { jwkFromCoseKey } from "../../../formats/mso-mdoc/cose.js";
import { MdocInputError } from "../../../formats/mso-mdoc/mdoc-errors.js";
import type { AnnexCBinding } from "../../../formats/mso-mdoc/presentation-binding.js";
import { sessionTranscriptBytes } from "../../../formats/mso-mdoc/session-transcript.js";

const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const fromB64u = (text: string) => new Uint8Array(Buffer.from(text, "base64url"));

/**
 * Seals a `DeviceResponse` to the request's `recipientPublicKey`, with the
 * transcript over its `encryptionInfo` and the origin the browser reports.
 */
export async function sealAnnexCResponse(
  deviceResponse: Uint8Array,
  binding: AnnexCBinding,
): Promise<string> {
  const info = cborDecodeUntrusted(fromB64u(binding.encryptionInfo), "encryptionInfo");
  const parameters = Array.isArray(info) && info[0] === "dcapi" ? info[1] : undefined;
  if (!(parameters instanceof Map))
    throw new MdocInputError('encryptionInfo is not ["dcapi", {…}]');
  const publicJwk = jwkFromCoseKey(parameters.get("recipientPublicKey"), "recipientPublicKey");
  const suite = annexCSuite();
  const recipientPublicKey = await suite.kem.importKey("jwk", publicJwk as never, true);
  const sender = await suite.createSenderContext({
    recipientPublicKey,
    info: copy(sessionTranscriptBytes(binding)),
  });
  const cipherText = new Uint8Array(await sender.seal(copy(deviceResponse)));
  return b64u(
    cborEncode([
      "dcapi",
      new Map<string, Uint8Array>([
        ["enc", new Uint8Array(sender.enc)],
        ["cipherText", cipherText],
      ]),
    ]),
  );
}
