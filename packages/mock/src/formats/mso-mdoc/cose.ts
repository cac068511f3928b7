import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from "node:crypto";
import type { JWK } from "jose";
import { cborDecodeUntrusted, cborEncode } from "./cbor.js";
import { MdocInputError } from "./mdoc-errors.js";

/** COSE labels used here (RFC 9052, RFC 9053, RFC 9360). */
const ALG = 1;
const ES256 = -7;
const X5CHAIN = 33;
const KTY = 1;
const EC2 = 2;
const CRV = -1;
const P256 = 1;
const X = -2;
const Y = -3;

/** A P-256 public JWK as a COSE_Key (EC2). */
export function coseKeyFromJwk(jwk: JWK): Map<number, number | Uint8Array> {
  if (jwk.kty !== "EC" || jwk.crv !== "P-256" || !jwk.x || !jwk.y)
    throw new TypeError("only P-256 EC keys are used for mdocs");
  return new Map<number, number | Uint8Array>([
    [KTY, EC2],
    [CRV, P256],
    [X, new Uint8Array(Buffer.from(jwk.x, "base64url"))],
    [Y, new Uint8Array(Buffer.from(jwk.y, "base64url"))],
  ]);
}

/** A COSE_Key from a wallet as a P-256 public JWK, or an {@link MdocInputError}. */
export function jwkFromCoseKey(key: unknown, what: string): JWK {
  if (!(key instanceof Map)) throw new MdocInputError(`${what} is not a COSE_Key`);
  const x = key.get(X);
  const y = key.get(Y);
  if (
    key.get(KTY) !== EC2 ||
    key.get(CRV) !== P256 ||
    !(x instanceof Uint8Array) ||
    !(y instanceof Uint8Array) ||
    x.byteLength !== 32 ||
    y.byteLength !== 32
  )
    throw new MdocInputError(`${what} is not a P-256 EC2 COSE_Key`);
  return {
    kty: "EC",
    crv: "P-256",
    x: Buffer.from(x).toString("base64url"),
    y: Buffer.from(y).toString("base64url"),
  };
}

const PROTECTED_ES256 = cborEncode(new Map([[ALG, ES256]]));

/** `Sig_structure` for COSE_Sign1 with no external AAD (RFC 9052 §4.4). */
const toBeSigned = (protectedBytes: Uint8Array, payload: Uint8Array) =>
  cborEncode(["Signature1", protectedBytes, new Uint8Array(0), payload]);

/** A decoded COSE_Sign1: `[protected, unprotected, payload | null, signature]`. */
export interface CoseSign1 {
  protectedBytes: Uint8Array;
  unprotected: Map<unknown, unknown>;
  payload: Uint8Array | null;
  signature: Uint8Array;
}

/**
 * Signs `payload` with ES256 as a COSE_Sign1. `detached` leaves the payload out (the device
 * signature's `DeviceAuthenticationBytes` are rebuilt by the reader); `x5chain` goes in the
 * unprotected header (ISO/IEC 18013-5 §9.1.2.4): one certificate as a bstr, several as an array.
 */
export function signCoseSign1(
  payload: Uint8Array,
  privateJwk: JWK,
  options: { detached?: boolean; x5chain?: Uint8Array[] } = {},
): [Uint8Array, Map<number, unknown>, Uint8Array | null, Uint8Array] {
  const key = createPrivateKey({ key: privateJwk as never, format: "jwk" });
  const signature = sign("sha256", toBeSigned(PROTECTED_ES256, payload), {
    key,
    dsaEncoding: "ieee-p1363",
  });
  const unprotected = new Map<number, unknown>();
  if (options.x5chain?.length)
    unprotected.set(X5CHAIN, options.x5chain.length === 1 ? options.x5chain[0] : options.x5chain);
  return [
    PROTECTED_ES256,
    unprotected,
    options.detached ? null : payload,
    new Uint8Array(signature),
  ];
}

/** Reads a COSE_Sign1 a wallet sent, or throws {@link MdocInputError}. */
export function readCoseSign1(value: unknown, what: string): CoseSign1 {
  if (
    !Array.isArray(value) ||
    value.length !== 4 ||
    !(value[0] instanceof Uint8Array) ||
    !(value[1] instanceof Map) ||
    !(value[2] === null || value[2] instanceof Uint8Array) ||
    !(value[3] instanceof Uint8Array)
  )
    throw new MdocInputError(`${what} is not a COSE_Sign1`);
  return {
    protectedBytes: value[0],
    unprotected: value[1],
    payload: value[2],
    signature: value[3],
  };
}

/**
 * Whether a COSE_Sign1 is ES256 (in its protected header, where the algorithm must be) and its
 * signature over `payload` (its own, or the detached one given) verifies with `key`.
 */
export function verifyCoseSign1(
  sign1: CoseSign1,
  key: KeyObject | JWK,
  detachedPayload?: Uint8Array,
): boolean {
  let header: unknown;
  try {
    header = cborDecodeUntrusted(sign1.protectedBytes, "the COSE protected header");
  } catch {
    return false;
  }
  if (!(header instanceof Map) || header.get(ALG) !== ES256) return false;
  const payload = detachedPayload ?? sign1.payload;
  if (!payload || sign1.signature.byteLength !== 64) return false;
  try {
    const publicKey =
      "type" in key && (key as KeyObject).type === "public"
        ? (key as KeyObject)
        : createPublicKey({ key: key as never, format: "jwk" });
    return verify(
      "sha256",
      toBeSigned(sign1.protectedBytes, payload),
      { key: publicKey, dsaEncoding: "ieee-p1363" },
      sign1.signature,
    );
  } catch {
    return false;
  }
}

/** The `x5chain` of a COSE_Sign1's unprotected header as DER certificates, leaf first. */
export function x5chainOf(sign1: CoseSign1): Uint8Array[] | undefined {
  const chain = sign1.unprotected.get(X5CHAIN);
  if (chain instanceof Uint8Array) return [chain];
  if (Array.isArray(chain) && chain.length > 0 && chain.every((c) => c instanceof Uint8Array))
    return chain as Uint8Array[];
  return undefined;
}
