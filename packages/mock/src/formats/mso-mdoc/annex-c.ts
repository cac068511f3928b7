import { webcrypto } from "node:crypto";
import { Aes128Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from "@hpke/core";
import type { JWK } from "jose";
import { cborDecodeUntrusted, cborEncode, embedded } from "./cbor.js";
import { coseKeyFromJwk } from "./cose.js";
import { type MdocFailure, MdocInputError, mdocFailure } from "./mdoc-errors.js";
import type { AnnexCBinding } from "./presentation-binding.js";
import { sessionTranscriptBytes } from "./session-transcript.js";

/**
 * ISO/IEC 18013-7 Annex C's cipher suite: HPKE base mode, DHKEM(P-256, HKDF-SHA256), HKDF-SHA256,
 * AES-128-GCM (RFC 9180), with the session transcript's bytes as `info` and no AAD.
 */
export const annexCSuite = () =>
  new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes128Gcm() });

const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const fromB64u = (text: string) => new Uint8Array(Buffer.from(text, "base64url"));

/** An `org-iso-mdoc` request's `data` (Annex C) and the key that opens its answer (kept by the service). */
export interface AnnexCRequest {
  data: { deviceRequest: string; encryptionInfo: string };
  recipientPrivateJwk: JWK;
}

/**
 * Builds an Annex C request: a `DeviceRequest` for one doctype's elements (intent to retain:
 * false) and `EncryptionInfo = ["dcapi", { nonce, recipientPublicKey }]` with a fresh P-256 key.
 */
export async function createAnnexCRequest(request: {
  docType: string;
  elements: readonly (readonly [string, string])[];
}): Promise<AnnexCRequest> {
  const nameSpaces = new Map<string, Map<string, boolean>>();
  for (const [namespace, element] of request.elements) {
    const forNamespace = nameSpaces.get(namespace) ?? new Map<string, boolean>();
    forNamespace.set(element, false);
    nameSpaces.set(namespace, forNamespace);
  }
  const deviceRequest = cborEncode(
    new Map<string, unknown>([
      ["version", "1.0"],
      [
        "docRequests",
        [
          new Map([
            [
              "itemsRequest",
              embedded(
                new Map<string, unknown>([
                  ["docType", request.docType],
                  ["nameSpaces", nameSpaces],
                ]),
              ),
            ],
          ]),
        ],
      ],
    ]),
  );
  const pair = (await webcrypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
    "deriveBits",
  ])) as CryptoKeyPair;
  const publicJwk = (await webcrypto.subtle.exportKey("jwk", pair.publicKey)) as JWK;
  const recipientPrivateJwk = (await webcrypto.subtle.exportKey("jwk", pair.privateKey)) as JWK;
  const encryptionInfo = cborEncode([
    "dcapi",
    new Map<string, unknown>([
      ["nonce", new Uint8Array(webcrypto.getRandomValues(new Uint8Array(16)))],
      ["recipientPublicKey", coseKeyFromJwk(publicJwk)],
    ]),
  ]);
  return {
    data: { deviceRequest: b64u(deviceRequest), encryptionInfo: b64u(encryptionInfo) },
    recipientPrivateJwk,
  };
}

/**
 * Opens an Annex C answer (`response` = base64url `["dcapi", { enc, cipherText }]`) with the
 * request's key and the transcript over its `encryptionInfo` and the page's origin. A body that is
 * not that shape throws {@link MdocInputError} (a 400: nothing to decide on); a ciphertext that does
 * not open for this transcript and key is the `decryption` rule broken.
 */
export async function openAnnexCResponse(
  response: string,
  options: { recipientPrivateJwk: JWK; binding: AnnexCBinding },
): Promise<{ ok: true; deviceResponse: Uint8Array } | { ok: false; failure: MdocFailure }> {
  if (typeof response !== "string" || !/^[A-Za-z0-9_-]+$/.test(response))
    throw new MdocInputError("response is not base64url");
  const decoded = cborDecodeUntrusted(fromB64u(response), "the Annex C response");
  if (!Array.isArray(decoded) || decoded.length !== 2 || decoded[0] !== "dcapi")
    throw new MdocInputError('the Annex C response is not ["dcapi", { enc, cipherText }]');
  const body = decoded[1];
  const enc = body instanceof Map ? body.get("enc") : undefined;
  const cipherText = body instanceof Map ? body.get("cipherText") : undefined;
  if (!(enc instanceof Uint8Array) || !(cipherText instanceof Uint8Array))
    throw new MdocInputError("the Annex C response lacks enc or cipherText as byte strings");
  const suite = annexCSuite();
  try {
    const recipientKey = await suite.kem.importKey(
      "jwk",
      options.recipientPrivateJwk as never,
      false,
    );
    const context = await suite.createRecipientContext({
      recipientKey,
      enc: copy(enc),
      info: copy(sessionTranscriptBytes(options.binding)),
    });
    const plain = await context.open(copy(cipherText));
    return { ok: true, deviceResponse: new Uint8Array(plain) };
  } catch {
    return {
      ok: false,
      failure: mdocFailure(
        "decryption",
        "the answer does not open with this request's key and session transcript (another origin or encryptionInfo)",
      ),
    };
  }
}

/** A standalone ArrayBuffer of the bytes (Node Buffers share a pool that Web Crypto would see whole). */
export const copy = (bytes: Uint8Array): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
