import {
  type Credport,
  CredportSignatureVerificationError,
  type JsonWebKeySet,
  type VerifiedResultToken,
  verifyResultToken,
} from "@credport/server";
import type { PendingBinding } from "../cookies/pending-binding.js";

export interface ResultCheck {
  credport: Credport;
  baseUrl: string;
  /** The project ID, when known: the token's `aud`. */
  projectId: string | undefined;
  /** The pinned key set, when one is configured: the JWKS is then never fetched. */
  jwks: JsonWebKeySet | undefined;
  /** The secret key's environment, when known: a live check fetches keys over https only. */
  environment: "test" | "live" | undefined;
}

/**
 * The verification's result as the service signed it, for this binding: its ID, policy and user,
 * this service and project, unexpired. The plain JSON beside the token is never used.
 */
export async function signedResultFor(
  binding: PendingBinding,
  check: ResultCheck,
): Promise<
  | { result: VerifiedResultToken }
  | { problem: string; status?: string; failureCode?: string | undefined }
> {
  const { resultToken } = await check.credport.verifications.getResult(binding.verificationId);
  try {
    const result = await verifyResultToken(resultToken, {
      baseUrl: check.baseUrl,
      audience: check.projectId,
      jwks: check.jwks,
      environment: check.environment,
      verificationId: binding.verificationId,
      policyId: binding.policyId,
      customerUserRef: binding.userRef ?? null,
    });
    if (result.status !== "verified")
      return {
        problem: `the verification is ${result.status}`,
        status: result.status,
        failureCode: result.failureCode,
      };
    return { result };
  } catch (error) {
    if (!(error instanceof CredportSignatureVerificationError)) throw error;
    const field = error.details?.field;
    return {
      problem: field
        ? `the signed result's ${String(field)} does not match this verification`
        : "the signed result does not verify against the service's keys",
    };
  }
}
