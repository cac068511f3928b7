import { Aes128Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from "@hpke/core";
import { walletSessionTranscript } from "./device-authentication.js";
import type { MdocWalletBinding } from "./mdoc-binding.js";
import { walletCborDecode, walletCborEncode } from "./wallet-cbor.js";

type AnnexCBinding = Extract<MdocWalletBinding, { channel: "annex-c" }>;

const buffer = (bytes: Uint8Array): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

/**
 * Seals a `DeviceResponse` for an ISO/IEC 18013-7 Annex C request: HPKE base mode to the request's
 * `recipientPublicKey` (DHKEM P-256, HKDF-SHA256, AES-128-GCM), the session transcript over its
 * `encryptionInfo` and the page's origin as `info`; the answer `["dcapi", { enc, cipherText }]`
 * in base64url, as `data.response`.
 */
export async function sealAnnexCResponse(
  deviceResponse: Uint8Array,
  binding: AnnexCBinding,
): Promise<string> {
  const info = walletCborDecode(new Uint8Array(Buffer.from(binding.encryptionInfo, "base64url")));
  const parameters = Array.isArray(info) && info[0] === "dcapi" ? info[1] : undefined;
  const key = parameters instanceof Map ? parameters.get("recipientPublicKey") : undefined;
  if (!(key instanceof Map))
    throw new TypeError('test wallet: encryptionInfo is not ["dcapi", { recipientPublicKey }]');
  const suite = new CipherSuite({
    kem: new DhkemP256HkdfSha256(),
    kdf: new HkdfSha256(),
    aead: new Aes128Gcm(),
  });
  const recipientPublicKey = await suite.kem.importKey(
    "jwk",
    {
      kty: "EC",
      crv: "P-256",
      x: Buffer.from(key.get(-2) as Uint8Array).toString("base64url"),
      y: Buffer.from(key.get(-3) as Uint8Array).toString("base64url"),
    },
    true,
  );
  const sender = await suite.createSenderContext({
    recipientPublicKey,
    info: buffer(walletCborEncode(walletSessionTranscript(binding))),
  });
  const cipherText = new Uint8Array(await sender.seal(buffer(deviceResponse)));
  return Buffer.from(
    walletCborEncode([
      "dcapi",
      new Map<string, Uint8Array>([
        ["enc", new Uint8Array(sender.enc)],
        ["cipherText", cipherText],
      ]),
    ]),
  ).toString("base64url");
}
