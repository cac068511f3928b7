import { CredportConfigurationError } from "@credport/core";

/** A JSON Web Key Set: the service's public keys, as `GET /v1/.well-known/jwks.json` serves them. */
export interface JsonWebKeySet {
  /** Public keys; `kid` names the key a token's header points at. */
  keys: (JsonWebKey & { kid?: string | undefined })[];
}

/**
 * Checks a key set pinned out of band (an object, or its JSON as in `CREDPORT_JWKS`) and returns
 * it. `source` names where it came from in the error: `CredportConfigurationError` with code
 * `invalid_jwks` when it is not JSON, has no keys, or holds a private key (a pin is public).
 *
 * @example
 * // CREDPORT_JWKS='{"keys":[{"kty":"EC","crv":"P-256","x":"…","y":"…","kid":"…"}]}'
 * const jwks = parseJwks(process.env.CREDPORT_JWKS, "CREDPORT_JWKS");
 */
export function parseJwks(value: unknown, source: string): JsonWebKeySet {
  const invalid = (rule: string) =>
    new CredportConfigurationError(
      `credport: ${source} must be the service's key set (the JSON of {baseUrl}/v1/.well-known/jwks.json): ${rule}.`,
      { code: "invalid_jwks" },
    );
  let set = value;
  if (typeof set === "string") {
    try {
      set = JSON.parse(set);
    } catch {
      throw invalid("it is not JSON");
    }
  }
  const keys = (set as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys) || keys.length === 0) throw invalid('it needs a non-empty "keys" array');
  for (const key of keys) {
    if (typeof key !== "object" || key === null || typeof key.kty !== "string")
      throw invalid('every key must be a JSON Web Key with a "kty"');
    // A private key pasted by mistake: refused, so that it is not left lying in the configuration.
    if ("d" in key) throw invalid("it holds a private key; pin the public key set only");
  }
  return { keys: keys as JsonWebKeySet["keys"] };
}
