import type { VerificationResult } from "@credport/server";
import { createRemoteJWKSet, jwtVerify } from "jose";

const jwksByUrl = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/**
 * A verification result is trusted only when its `result_token` verifies against the service's
 * JWKS and says the same thing: this verification, verified.
 */
export async function checkResult(
  result: VerificationResult,
  expected: { verificationId: string; baseUrl: string },
): Promise<string | undefined> {
  const jwksUrl = `${expected.baseUrl.replace(/\/+$/, "")}/v1/.well-known/jwks.json`;
  let jwks = jwksByUrl.get(jwksUrl);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(jwksUrl));
    jwksByUrl.set(jwksUrl, jwks);
  }
  try {
    const { payload } = await jwtVerify(result.resultToken, jwks, { typ: "credport-result+jwt" });
    if (payload.verification_id !== expected.verificationId)
      return "the signed result is for another verification";
    if (payload.status !== "verified" || result.status !== "verified")
      return `the verification is ${String(payload.status)}`;
    return undefined;
  } catch {
    return "the signed result does not verify against the service's keys";
  }
}
