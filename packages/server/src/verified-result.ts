import { type ClaimRequirements, requireClaims } from "./claim-requirements.js";
import type { Credport } from "./client.js";
import {
  type VerifiedResultToken,
  type VerifyResultTokenOptions,
  verifyResultToken,
} from "./result-token.js";
import type { RequestOptions } from "./types.js";

/** Options of {@link getVerifiedResult}. */
export interface GetVerifiedResultOptions
  extends Omit<VerifyResultTokenOptions, "verificationId">,
    RequestOptions {
  /**
   * What the signed claims must say (see {@link requireClaims}). Default: the preset's requirement
   * (`preset_age_over_18`: `{ age_over_18: true }`), none for your own policies.
   */
  requireClaims?: ClaimRequirements | undefined;
}

/**
 * A verification's result as the service signed it, only if it is `verified` and its signed claims
 * meet the requirements: `credport.verifications.getResult`, then `verifyResultToken` (about this
 * verification, and the `policyId`, `customerUserRef` and `audience` you pass; `baseUrl` defaults to
 * the client's), then {@link requireClaims}. The plain JSON beside the token is never used. Gate
 * access on this, never on `status` alone. (A function rather than a method, so that a bundle
 * that does not use it carries no JOSE code.)
 *
 * Throws `CredportSignatureVerificationError` (`result_token_invalid`, `result_token_mismatch`)
 * and `CredportConflictError` (`verification_not_verified`, `claims_not_accepted` with
 * `details.field` naming the claim, never its value).
 *
 * @example
 * const signed = await getVerifiedResult(credport, verificationId, {
 *   policyId: "preset_age_over_18", // requires age_over_18: true
 *   customerUserRef: user.id,
 * });
 */
export async function getVerifiedResult(
  credport: Credport,
  verificationId: string,
  options: GetVerifiedResultOptions = {},
): Promise<VerifiedResultToken> {
  const { signal, timeoutMs, maxRetries, requireClaims: requirements, ...check } = options;
  const { resultToken } = await credport.verifications.getResult(verificationId, {
    signal,
    timeoutMs,
    maxRetries,
  });
  const signed = await verifyResultToken(resultToken, {
    ...check,
    baseUrl: check.baseUrl ?? credport.baseUrl,
    verificationId,
  });
  return requireClaims(signed, requirements);
}
