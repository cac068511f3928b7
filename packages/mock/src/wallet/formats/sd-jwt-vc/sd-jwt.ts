import { digest, ES256, generateSalt } from "@sd-jwt/crypto-nodejs";
import { SDJwtVcInstance } from "@sd-jwt/sd-jwt-vc";
import type { JWK } from "jose";

/** An SD-JWT VC instance for the holder: it reads credentials and key-binds presentations. */
export async function holderSdJwtVc(holderPrivateJwk?: JWK) {
  return new SDJwtVcInstance({
    hasher: (data: string | ArrayBuffer, alg: string) => digest(data, alg),
    hashAlg: "sha-256",
    saltGenerator: generateSalt,
    ...(holderPrivateJwk
      ? { kbSigner: await ES256.getSigner(holderPrivateJwk), kbSignAlg: "ES256" }
      : {}),
  });
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
