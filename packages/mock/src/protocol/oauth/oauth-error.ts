import { json } from "../../http/responses.js";
import type { Reply } from "../../http/route.js";

/** RFC 6749 §5.2: `error_description` is printable ASCII without `"` and `\`. */
const NOT_ALLOWED_IN_DESCRIPTION = /[^\x20\x21\x23-\x5B\x5D-\x7E]/g;

/** A description as OAuth allows it: quotes become apostrophes, anything else outside the set a space. */
export function oauthDescription(text: string): string {
  return text.replace(NOT_ALLOWED_IN_DESCRIPTION, (char) => (char === '"' ? "'" : " "));
}

/**
 * The error answer of every wallet-facing endpoint: `{ error, error_description }` (and `extra`
 * members such as a fresh `c_nonce`), never cached.
 * A 401 also carries `WWW-Authenticate: Bearer error="invalid_token"` (RFC 6750 §3), unless
 * `headers` name another challenge (`DPoP …`), or none (`"www-authenticate": ""`, for a client
 * authentication that used no Authorization header).
 */
export function oauthError(
  status: number,
  error: string,
  description: string,
  extra: Record<string, string> = {},
  headers: Record<string, string> = {},
): Reply {
  const safe = oauthDescription(description);
  const all: Record<string, string> = {
    "cache-control": "no-store",
    ...(status === 401
      ? { "www-authenticate": `Bearer error="${error}", error_description="${safe}"` }
      : {}),
    ...headers,
  };
  if (all["www-authenticate"] === "") delete all["www-authenticate"];
  return json(status, { error, error_description: safe, ...extra }, all);
}

/** The DPoP signing algorithms this issuer accepts (RFC 9449 §5.1 `dpop_signing_alg_values_supported`). */
export const DPOP_ALGS = ["ES256"] as const;

/**
 * A 401 from a resource protected by DPoP-bound tokens (RFC 9449 §7.1): `WWW-Authenticate: DPoP`
 * with `algs`, and the error when there is one (none when no credentials were sent at all).
 * `nonce` adds the `DPoP-Nonce` header (with `use_dpop_nonce`, §9).
 */
export function dpopChallenge(
  description: string,
  error?: "invalid_token" | "invalid_dpop_proof" | "use_dpop_nonce",
  nonce?: string,
): Reply {
  const safe = oauthDescription(description);
  const challenge = error
    ? `DPoP error="${error}", error_description="${safe}", algs="${DPOP_ALGS.join(" ")}"`
    : `DPoP algs="${DPOP_ALGS.join(" ")}"`;
  return json(401, error ? { error, error_description: safe } : { error_description: safe }, {
    "cache-control": "no-store",
    "www-authenticate": challenge,
    ...(nonce ? { "dpop-nonce": nonce } : {}),
  });
}

/**
 * The 401 to a request that carried no Bearer credentials at all (no Authorization header, or
 * another scheme): RFC 6750 §3.1 says such an answer SHOULD NOT carry an error code, so the
 * challenge is a bare `Bearer` and the body only describes what to send.
 */
export function bearerChallenge(description: string): Reply {
  return json(
    401,
    { error_description: oauthDescription(description) },
    { "cache-control": "no-store", "www-authenticate": "Bearer" },
  );
}

/** A refusal on its way to becoming an {@link oauthError} answer. */
export interface Refusal {
  status?: number;
  error: string;
  description: string;
}

export const refusalResponse = (refusal: Refusal) =>
  oauthError(refusal.status ?? 400, refusal.error, refusal.description);
