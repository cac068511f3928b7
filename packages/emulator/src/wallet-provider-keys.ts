import { readFileSync } from "node:fs";
import type { AttestationTrust } from "@credport/mock";

type JWK = NonNullable<AttestationTrust["trustedKeys"]>[number];

/**
 * The public keys in `--trust-wallet-provider` files: each file a JWK or a JWK Set (`{ "keys": [...] }`)
 * of a wallet provider whose wallet and key attestations the issuer trusts. Every key must be an EC
 * P-256 public key; a private one is refused, so that a provider's signing key is never handed
 * around by mistake.
 */
export function readWalletProviderKeys(files: readonly string[]): JWK[] {
  return files.flatMap((file) => {
    const where = `--trust-wallet-provider ${file}`;
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, "utf8"));
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      throw new Error(
        code === "ENOENT"
          ? `${where}: no such file`
          : `${where}: not a JSON file holding a JWK or a JWK Set`,
      );
    }
    const keys =
      parsed !== null &&
      typeof parsed === "object" &&
      Array.isArray((parsed as { keys?: unknown }).keys)
        ? (parsed as { keys: unknown[] }).keys
        : [parsed];
    if (keys.length === 0) throw new Error(`${where}: the JWK Set holds no keys`);
    return keys.map((key, i) => {
      const jwk = key as JWK;
      const publicP256 =
        jwk !== null &&
        typeof jwk === "object" &&
        jwk.kty === "EC" &&
        jwk.crv === "P-256" &&
        typeof jwk.x === "string" &&
        typeof jwk.y === "string";
      if (!publicP256)
        throw new Error(`${where}: key ${i} is not an EC P-256 key (kty EC, crv P-256, x, y)`);
      if ("d" in jwk)
        throw new Error(`${where}: key ${i} is a private key; give the public key only`);
      const { kty, crv, x, y, kid } = jwk;
      return { kty, crv, x, y, ...(kid ? { kid } : {}) } as JWK;
    });
  });
}
