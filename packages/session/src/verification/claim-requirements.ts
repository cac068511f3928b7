import { type ClaimRequirements, CredportConflictError, requireClaims } from "@credport/server";

// One implementation for every backend: @credport/server's, re-exported by @credport/session.
export {
  type ClaimRequirements,
  type ClaimValue,
  PRESET_CLAIM_REQUIREMENTS,
} from "@credport/server";

/**
 * `undefined` when the verified claims meet the requirements (the app's, else the preset's);
 * otherwise why not, naming the claim (never its value: claims are personal data).
 */
export async function unmetClaimRequirement(
  claims: Record<string, unknown>,
  policyId: string,
  requirements: ClaimRequirements | undefined,
): Promise<string | undefined> {
  try {
    await requireClaims({ status: "verified", policyId, claims }, requirements);
    return undefined;
  } catch (error) {
    if (!(error instanceof CredportConflictError) || error.code !== "claims_not_accepted")
      throw error;
    return error.message.replace(/^credport: /, "").replace(/\.$/, "");
  }
}
