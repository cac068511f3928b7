import {
  CredportConfigurationError,
  CredportSignatureVerificationError,
  normalizeServerBaseUrl,
  readEnv,
  requireSecureTransport,
} from "@credport/core";
import { type JsonWebKeySet, parseJwks } from "./pinned-jwks.js";
import type { FailureCode, FailureDetail, VerificationStatusValue } from "./types.js";

/** The JOSE header `typ` of the service's signed verification results. */
export const RESULT_TOKEN_TYPE = "credport-result+jwt";

export interface VerifyResultTokenOptions {
  /** The verification you asked the result of: the token must be about this one. */
  verificationId: string;
  /** The policy the verification was created with; checked when given. */
  policyId?: string | undefined;
  /**
   * The `customerUserRef` the verification was created with, `null` for none; checked when given
   * (`undefined` skips the check).
   */
  customerUserRef?: string | null | undefined;
  /**
   * The service's base URL: the token's issuer, and where its keys are read
   * (`{baseUrl}/v1/.well-known/jwks.json`). Defaults to `CREDPORT_BASE_URL`.
   */
  baseUrl?: string | undefined;
  /** The expected `iss`, when it differs from `baseUrl` (e.g. the service behind your own proxy URL). */
  issuer?: string | undefined;
  /** Your project ID: the token's `aud`. Checked when given. */
  audience?: string | undefined;
  /**
   * The service's key set, pinned: obtained out of band (from the dashboard, or fetched once over
   * a trusted path) and used instead of fetching `{baseUrl}/v1/.well-known/jwks.json`, so that
   * nothing between you and the service can swap it. An object or its JSON. Defaults to
   * `CREDPORT_JWKS`; when either is set, the key set is never fetched.
   */
  jwks?: JsonWebKeySet | string | undefined;
  /**
   * The environment of the results you check. In `"live"` the key set is fetched only over
   * `https` (or plain `http` to this machine); without a pinned key set, a plain `http` base URL
   * to another host throws `CredportConfigurationError` (`insecure_base_url`) before any request.
   * Default: `"test"` when `CREDPORT_SECRET_KEY` is a test key (`sk_test_…`), else `"live"`.
   */
  environment?: "test" | "live" | undefined;
  /** Accepted clock difference for `exp` and `iat`. Default 30 s. */
  clockToleranceSeconds?: number | undefined;
}

/** What a verified result token says, in camelCase. */
export interface VerifiedResultToken {
  verificationId: string;
  status: VerificationStatusValue;
  /** Only when status is failed. */
  failureCode?: FailureCode;
  /**
   * Only when status is failed: which check failed, the claim path concerned and what was
   * expected, as the service signed them.
   */
  failureDetail?: FailureDetail;
  policyId: string;
  customerUserRef: string | null;
  /** Exactly the policy's fields, nested by path, as the service signed them. */
  claims: Record<string, unknown>;
  issuer: string;
  audience: string;
  /** Unix seconds. */
  issuedAt: number;
  /** Unix seconds. */
  expiresAt: number;
}

// jose is ESM only: loaded on first use, so that require("@credport/server") never needs it; by
// subpath, so that bundlers take only these modules.
const loadJose = async () => {
  const [{ jwtVerify }, { createRemoteJWKSet }, { createLocalJWKSet }, errors] = await Promise.all([
    import("jose/jwt/verify"),
    import("jose/jwks/remote"),
    import("jose/jwks/local"),
    import("jose/errors"),
  ]);
  return { jwtVerify, createRemoteJWKSet, createLocalJWKSet, errors };
};
let jose: ReturnType<typeof loadJose> | undefined;
type KeyResolver = Parameters<Awaited<ReturnType<typeof loadJose>>["jwtVerify"]>[1];
const remoteKeySets = new Map<string, KeyResolver>();

const invalid = (message: string) =>
  new CredportSignatureVerificationError(`credport: ${message}`, { code: "result_token_invalid" });
const mismatch = (field: string, expected: string) =>
  new CredportSignatureVerificationError(
    `credport: the result token's ${field} is not ${expected}; it was not issued for this verification.`,
    { code: "result_token_mismatch", details: { field } },
  );

/**
 * Checks a verification's `result_token` (from `verifications.getResult`) and returns what it
 * signs. Trust the claims this returns, never the plain JSON next to the token: only the ES256
 * signature of the service's key binds them to this verification. The key set is the pinned one
 * (`jwks` or `CREDPORT_JWKS`) when given, else the service's JWKS, fetched from `baseUrl` (in
 * live mode only over `https` or to this machine).
 *
 * Throws `CredportConfigurationError` before any request for a missing base URL, a pinned key set
 * that is not one (`invalid_jwks`), or a live check over plain `http` to another host without a
 * pin (`insecure_base_url`).
 *
 * Throws `CredportSignatureVerificationError` with code `result_token_invalid` (not a JWS of the
 * service, wrong algorithm or type, expired) or `result_token_mismatch` (`details.field` names the
 * claim: `verification_id`, `policy_id`, `customer_user_ref`, `aud` or `iss`).
 *
 * @example
 * const result = await credport.verifications.getResult(verificationId);
 * const signed = await verifyResultToken(result.resultToken, {
 *   verificationId,
 *   policyId: "preset_age_over_18",
 *   customerUserRef: user.id,
 * });
 * if (signed.status === "verified" && signed.claims.age_over_18 === true) grantAccess();
 */
export async function verifyResultToken(
  token: string,
  options: VerifyResultTokenOptions,
): Promise<VerifiedResultToken> {
  const rawBaseUrl = options.baseUrl ?? readEnv("CREDPORT_BASE_URL");
  if (!rawBaseUrl) {
    throw new CredportConfigurationError(
      "credport: verifyResultToken needs the service's base URL. Pass { baseUrl } or set CREDPORT_BASE_URL.",
      { code: "missing_base_url" },
    );
  }
  const baseUrl = normalizeServerBaseUrl(rawBaseUrl);
  const pinned =
    options.jwks !== undefined
      ? parseJwks(options.jwks, "the jwks option")
      : readEnv("CREDPORT_JWKS")
        ? parseJwks(readEnv("CREDPORT_JWKS"), "CREDPORT_JWKS")
        : undefined;
  const environment =
    options.environment ??
    (readEnv("CREDPORT_SECRET_KEY")?.startsWith("sk_test_") ? "test" : "live");
  if (environment !== "test" && environment !== "live")
    throw new CredportConfigurationError('credport: environment must be "test" or "live".', {
      code: "invalid_option",
    });
  if (!pinned && environment === "live")
    requireSecureTransport(
      baseUrl,
      "the service's key set would be fetched for a live result check",
      ", or pin the service's key set (the jwks option or CREDPORT_JWKS)",
    );
  jose ??= loadJose();
  const { jwtVerify, createLocalJWKSet, createRemoteJWKSet, errors } = await jose;
  let keys: KeyResolver;
  if (pinned) {
    // Never a fetched key set once one is pinned: what arrives over the wire may be swapped.
    keys = createLocalJWKSet(pinned as Parameters<typeof createLocalJWKSet>[0]);
  } else {
    const url = `${baseUrl}/v1/.well-known/jwks.json`;
    keys = remoteKeySets.get(url) ?? createRemoteJWKSet(new URL(url));
    remoteKeySets.set(url, keys);
  }

  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, keys, {
      // The only algorithm the service signs with: no `none`, no HMAC keyed with a public key.
      algorithms: ["ES256"],
      typ: RESULT_TOKEN_TYPE,
      requiredClaims: ["iss", "aud", "iat", "exp"],
      clockTolerance: options.clockToleranceSeconds ?? 30,
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw invalid("the result token has expired.");
    throw invalid(
      "the result token does not verify against the service's keys (not signed by the service, altered, or of another type).",
    );
  }

  const issuer = (options.issuer ?? baseUrl).replace(/\/+$/, "");
  if (typeof payload.iss !== "string" || payload.iss.replace(/\/+$/, "") !== issuer)
    throw mismatch("iss", "this service");
  if (typeof payload.aud !== "string" || payload.aud === "") throw mismatch("aud", "a project ID");
  if (options.audience !== undefined && payload.aud !== options.audience)
    throw mismatch("aud", "your project");
  if (payload.verification_id !== options.verificationId)
    throw mismatch("verification_id", "the verification you asked for");
  if (typeof payload.policy_id !== "string") throw mismatch("policy_id", "a policy ID");
  if (options.policyId !== undefined && payload.policy_id !== options.policyId)
    throw mismatch("policy_id", "the verification's policy");
  const userRef = payload.customer_user_ref ?? null;
  if (userRef !== null && typeof userRef !== "string")
    throw mismatch("customer_user_ref", "a user reference");
  if (options.customerUserRef !== undefined && userRef !== options.customerUserRef)
    throw mismatch("customer_user_ref", "the user who started the verification");
  const claims = payload.claims;
  if (typeof claims !== "object" || claims === null || Array.isArray(claims))
    throw invalid("the result token carries no claims object.");

  return {
    verificationId: payload.verification_id as string,
    status: payload.status as VerificationStatusValue,
    ...(typeof payload.failure_code === "string"
      ? { failureCode: payload.failure_code as FailureCode }
      : {}),
    ...(isFailureDetail(payload.failure_detail) ? { failureDetail: payload.failure_detail } : {}),
    policyId: payload.policy_id,
    customerUserRef: userRef,
    claims: claims as Record<string, unknown>,
    issuer: payload.iss,
    audience: payload.aud,
    issuedAt: payload.iat as number,
    expiresAt: payload.exp as number,
  };
}

/** A signed `failure_detail` of the expected shape (anything else is left out, not trusted). */
function isFailureDetail(value: unknown): value is FailureDetail {
  if (typeof value !== "object" || value === null) return false;
  const { check, message, path } = value as Record<string, unknown>;
  return (
    typeof check === "string" &&
    typeof message === "string" &&
    (path === undefined || (Array.isArray(path) && path.every((p) => typeof p === "string")))
  );
}
