import { compactVerify, importJWK, type JWK } from "jose";

/** Whether one of the trusted wallet providers' keys verifies this JWT's signature. */
export async function signedByOneOf(jwt: string, keys: readonly JWK[]): Promise<boolean> {
  for (const key of keys) {
    try {
      await compactVerify(jwt, await importJWK(key, "ES256"));
      return true;
    } catch {
      // Not this one.
    }
  }
  return false;
}
