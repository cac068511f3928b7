import { webcrypto } from "node:crypto";
import { Aes128Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from "@hpke/core";
import type { Tagged } from "cborg";
import type { JWK } from "jose";
import { cborDecodeUntrusted, cborEncode, embedded, embeddedBytes } from "./cbor.js";
import { coseKeyFromJwk, signCoseSign1 } from "./cose.js";
import { type MdocFailure, MdocInputError, mdocFailure } from "./mdoc-errors.js";
import type { AnnexCBinding } from "./presentation-binding.js";
import { sessionTranscriptBytes, sessionTranscriptFor } from "./session-transcript.js";

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

/** One document an Annex C request asks for: its doctype and the `[namespace, element]`s. */
export interface AnnexCDocRequest {
  docType: string;
  elements: readonly (readonly [string, string])[];
}

/**
 * The reader that signs an Annex C request's `ItemsRequest`s (`readerAuth`): its key, its
 * certificate chain (leaf first, DER) and the binding whose session transcript it signs over —
 * the page's origin and the request's `encryptionInfo`.
 */
export interface AnnexCReader {
  privateJwk: JWK;
  x5chain: Uint8Array[];
  binding: AnnexCBinding;
}

/**
 * `readerAuth` (ISO/IEC 18013-5 §9.1.4): a COSE_Sign1, ES256, the reader's `x5chain` in the
 * unprotected header, over the detached `ReaderAuthenticationBytes =
 * #6.24(bstr .cbor ["ReaderAuthentication", SessionTranscript, ItemsRequestBytes])`, where
 * `ItemsRequestBytes` is the `#6.24` item exactly as the `DocRequest` carries it.
 */
export function readerAuthFor(itemsRequest: Tagged, reader: AnnexCReader) {
  const readerAuthentication = embeddedBytes(
    cborEncode(["ReaderAuthentication", sessionTranscriptFor(reader.binding), itemsRequest]),
  );
  return signCoseSign1(readerAuthentication, reader.privateJwk, {
    detached: true,
    x5chain: reader.x5chain,
  });
}

/**
 * The `DeviceRequest` of an Annex C request (ISO/IEC 18013-5 §8.3.2.1.2.1), base64url: one
 * `DocRequest` per document asked for, each element with intent to retain false, signed by the
 * reader when one is given (`readerAuth`).
 */
export function annexCDeviceRequest(
  docRequests: readonly AnnexCDocRequest[],
  reader?: AnnexCReader,
): string {
  return b64u(
    cborEncode(
      new Map<string, unknown>([
        ["version", "1.0"],
        [
          "docRequests",
          docRequests.map(({ docType, elements }) => {
            const nameSpaces = new Map<string, Map<string, boolean>>();
            for (const [namespace, element] of elements) {
              const forNamespace = nameSpaces.get(namespace) ?? new Map<string, boolean>();
              forNamespace.set(element, false);
              nameSpaces.set(namespace, forNamespace);
            }
            const itemsRequest = embedded(
              new Map<string, unknown>([
                ["docType", docType],
                ["nameSpaces", nameSpaces],
              ]),
            );
            return new Map<string, unknown>([
              ["itemsRequest", itemsRequest],
              ...(reader ? [["readerAuth", readerAuthFor(itemsRequest, reader)] as const] : []),
            ]);
          }),
        ],
      ]),
    ),
  );
}

/**
 * `EncryptionInfo = ["dcapi", { nonce, recipientPublicKey }]` (Annex C), base64url. The same key and
 * nonce give the same bytes (cborg encodes deterministically), so the verifier can rebuild what it
 * sent, and with it the session transcript, from the key it kept.
 */
export function annexCEncryptionInfo(recipientPublicJwk: JWK, nonce: Uint8Array): string {
  return b64u(
    cborEncode([
      "dcapi",
      new Map<string, unknown>([
        ["nonce", nonce],
        ["recipientPublicKey", coseKeyFromJwk(recipientPublicJwk)],
      ]),
    ]),
  );
}

/**
 * Builds an Annex C request for one doctype's elements with a fresh P-256 key and nonce (the
 * service derives both from its verification instead; see `channels/dc-api/annex-c-request.ts`).
 */
export async function createAnnexCRequest(request: AnnexCDocRequest): Promise<AnnexCRequest> {
  const pair = (await webcrypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
    "deriveBits",
  ])) as CryptoKeyPair;
  const publicJwk = (await webcrypto.subtle.exportKey("jwk", pair.publicKey)) as JWK;
  const recipientPrivateJwk = (await webcrypto.subtle.exportKey("jwk", pair.privateKey)) as JWK;
  return {
    data: {
      deviceRequest: annexCDeviceRequest([request]),
      encryptionInfo: annexCEncryptionInfo(
        publicJwk,
        new Uint8Array(webcrypto.getRandomValues(new Uint8Array(16))),
      ),
    },
    recipientPrivateJwk,
  };
}

/** The outcome of opening an Annex C answer: the DeviceResponse, a broken rule, or not the envelope. */
export type AnnexCOpened =
  | { ok: true; deviceResponse: Uint8Array }
  | { ok: false; failure: MdocFailure }
  | { ok: false; malformed: string };

/**
 * {@link openAnnexCResponse} with a malformed envelope as a result (`malformed`, the reason)
 * instead of an {@link MdocInputError}: what the DC API channel reads, which answers it with a 400.
 */
export async function openAnnexCAnswer(
  response: string,
  options: { recipientPrivateJwk: JWK; binding: AnnexCBinding },
): Promise<AnnexCOpened> {
  try {
    return await openAnnexCResponse(response, options);
  } catch (error) {
    if (error instanceof MdocInputError) return { ok: false, malformed: error.message };
    throw error;
  }
}

/** The doctype of a DeviceResponse's first document, to pick the query it answers; else undefined. */
export function firstDocTypeOf(deviceResponse: Uint8Array): string | undefined {
  try {
    const decoded = cborDecodeUntrusted(deviceResponse, "the DeviceResponse");
    const documents = decoded instanceof Map ? decoded.get("documents") : undefined;
    const first = Array.isArray(documents) ? documents[0] : undefined;
    const docType = first instanceof Map ? first.get("docType") : undefined;
    return typeof docType === "string" ? docType : undefined;
  } catch {
    return undefined;
  }
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
      {
        kty: options.recipientPrivateJwk.kty,
        crv: options.recipientPrivateJwk.crv,
        x: options.recipientPrivateJwk.x,
        y: options.recipientPrivateJwk.y,
        d: options.recipientPrivateJwk.d,
      } as never,
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
