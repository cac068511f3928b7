import { digest, ES256, generateSalt } from "@sd-jwt/crypto-nodejs";
import { SDJwtVcInstance } from "@sd-jwt/sd-jwt-vc";
import type { JWK } from "jose";

/** SHA-256 as @sd-jwt wants it. */
export const hasher = (data: string | ArrayBuffer, alg: string) => digest(data, alg);

/** An SD-JWT VC instance that signs as the issuer (and, for wallets, key-binds as the holder). */
export async function sdJwtVc(options: { issuerPrivateJwk?: JWK; holderPrivateJwk?: JWK } = {}) {
  return new SDJwtVcInstance({
    hasher,
    hashAlg: "sha-256",
    saltGenerator: generateSalt,
    ...(options.issuerPrivateJwk
      ? { signer: await ES256.getSigner(options.issuerPrivateJwk), signAlg: "ES256" }
      : {}),
    ...(options.holderPrivateJwk
      ? { kbSigner: await ES256.getSigner(options.holderPrivateJwk), kbSignAlg: "ES256" }
      : {}),
  });
}

/** Every claim selectively disclosable, nested objects included. */
export function disclosureFrame(claims: Record<string, unknown>): Record<string, unknown> {
  const frame: Record<string, unknown> = { _sd: Object.keys(claims) };
  for (const [key, value] of Object.entries(claims)) {
    if (value && typeof value === "object" && !Array.isArray(value))
      frame[key] = disclosureFrame(value as Record<string, unknown>);
  }
  return frame;
}

/** `{ a: { b: true } }` for the paths to disclose. */
export function presentationFrame(paths: string[][]): Record<string, unknown> {
  const frame: Record<string, unknown> = {};
  for (const path of paths) {
    let node = frame;
    path.forEach((segment, i) => {
      if (i === path.length - 1) {
        node[segment] ??= true;
      } else {
        if (typeof node[segment] !== "object") node[segment] = {};
        node = node[segment] as Record<string, unknown>;
      }
    });
  }
  return frame;
}
