import { digest, ES256, generateSalt } from "@sd-jwt/crypto-nodejs";
import { SDJwtVcInstance } from "@sd-jwt/sd-jwt-vc";
import type { JWK } from "jose";

/** SHA-256 as @sd-jwt wants it. */
export const hasher = (data: string | ArrayBuffer, alg: string) => digest(data, alg);

/** An SD-JWT VC instance that signs as the issuer (or, with no key, only reads). */
export async function sdJwtVc(options: { issuerPrivateJwk?: JWK } = {}) {
  return new SDJwtVcInstance({
    hasher,
    hashAlg: "sha-256",
    saltGenerator: generateSalt,
    ...(options.issuerPrivateJwk
      ? { signer: await ES256.getSigner(options.issuerPrivateJwk), signAlg: "ES256" }
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
