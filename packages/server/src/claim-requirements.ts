import { CredportConflictError } from "@credport/core";
import { claimValues } from "./claim-values.js";
import type { FailureCode, VerificationStatusValue } from "./types.js";

/** A claim value that can be required exactly. */
export type ClaimValue = string | number | boolean | null;

/**
 * What a verification's signed claims must say: exact values by dot-joined path
 * (`{ age_over_18: true, "address.country": "DE" }`), or a function deciding from the claims.
 * An mdoc's claims keep their namespace: name an element `"org.iso.18013.5.1.age_over_18"`, or by
 * its name alone (`age_over_18`), which every namespace that has it must then meet.
 */
export type ClaimRequirements =
  | Readonly<Record<string, ClaimValue>>
  | ((
      claims: Record<string, unknown>,
      context: { policyId: string },
    ) => boolean | Promise<boolean>);

/**
 * Requirements of the built-in presets when you state none. The service already fails a preset's
 * verification whose claim lacks the required value (`claims_not_satisfied`); checking the signed
 * claims again costs nothing and does not depend on the service's policy being what you think.
 */
export const PRESET_CLAIM_REQUIREMENTS: Readonly<
  Record<string, Readonly<Record<string, ClaimValue>>>
> = {
  preset_age_over_18: { age_over_18: true },
};

/** What {@link requireClaims} reads of a result: a `VerifiedResultToken` has it all. */
export interface ClaimsResult {
  status: VerificationStatusValue;
  failureCode?: FailureCode | undefined;
  policyId: string;
  claims: Record<string, unknown>;
}

/**
 * Returns `result` when its status is `verified` and its claims meet `requirements` (yours, else
 * {@link PRESET_CLAIM_REQUIREMENTS} of its policy, else none). Pass the result of
 * `verifyResultToken` (the signed claims), never the plain JSON of `getResult`.
 *
 * Otherwise throws `CredportConflictError`: code `verification_not_verified` (`details.status`,
 * `details.failureCode`), or `claims_not_accepted` with `details.field` naming the claim
 * (`claims.age_over_18`; `claims` when your function refused). Errors never carry a claim's value:
 * claims are personal data.
 *
 * @example
 * const signed = await verifyResultToken(result.resultToken, { verificationId, policyId });
 * await requireClaims(signed); // preset_age_over_18: age_over_18 must be true
 * await requireClaims(signed, { age_over_18: true, "address.country": "DE" });
 */
export async function requireClaims<T extends ClaimsResult>(
  result: T,
  requirements?: ClaimRequirements,
): Promise<T> {
  if (result.status !== "verified")
    throw new CredportConflictError(
      `credport: the verification is ${result.status}${result.failureCode ? ` (${result.failureCode})` : ""}, not verified.`,
      {
        code: "verification_not_verified",
        details: {
          status: result.status,
          ...(result.failureCode ? { failureCode: result.failureCode } : {}),
        },
      },
    );
  const rule = requirements ?? PRESET_CLAIM_REQUIREMENTS[result.policyId] ?? {};
  if (typeof rule === "function") {
    if (!(await rule(result.claims, { policyId: result.policyId })))
      throw notAccepted("claims", "your requireClaims refused the verified claims");
    return result;
  }
  for (const [path, expected] of Object.entries(rule)) {
    const values = claimValues(result.claims, path);
    if (values.length === 0 || values.some((value) => value !== expected))
      throw notAccepted(
        `claims.${path}`,
        `the verified claim ${path} is not ${JSON.stringify(expected)}`,
      );
  }
  return result;
}

const notAccepted = (field: string, reason: string) =>
  new CredportConflictError(`credport: ${reason}.`, {
    code: "claims_not_accepted",
    details: { field },
  });
