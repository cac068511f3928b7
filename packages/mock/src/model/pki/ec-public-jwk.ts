import type { JWK } from "jose";

/**
 * An EC key's public members only: `kty`, `crv`, `x`, `y`, in that order (a did:jwk encodes them as
 * written). A member the key lacks is left out rather than set to `undefined`.
 */
export function ecPublicJwk(jwk: JWK): JWK {
  const { kty, crv, x, y } = jwk;
  return {
    ...(kty !== undefined ? { kty } : {}),
    ...(crv !== undefined ? { crv } : {}),
    ...(x !== undefined ? { x } : {}),
    ...(y !== undefined ? { y } : {}),
  };
}
