import { CredportConfigurationError } from "@credport/core";
import type { JWK } from "jose";

/**
 * Which wallet attestations (OAuth-Client-Attestation, HAIP 1.0) and key attestations
 * (OpenID4VCI 1.0 Appendix D) the issuer trusts, under the `haip` profile.
 */
export interface AttestationTrust {
  /**
   * Public keys (EC P-256 JWKs) of the wallet providers whose attestations are trusted. An
   * attestation signed by none of them is refused (`invalid_client`, `invalid_proof`). Without any,
   * a presented attestation is checked for form, lifetime and proof of possession only: there is
   * nothing to check its signature against.
   */
  trustedKeys?: readonly JWK[] | undefined;
  /**
   * Require a wallet attestation at the PAR and token endpoints and a key attestation in every
   * proof (metadata then advertises `attest_jwt_client_auth` and `key_attestations_required`).
   * Default false: accepted when presented, not required.
   */
  required?: boolean | undefined;
}

/** The trust as the model keeps it: checked once, at construction. */
export interface ResolvedAttestationTrust {
  trustedKeys: readonly JWK[];
  required: boolean;
}

/** Checks {@link AttestationTrust}; throws a CredportConfigurationError naming the key that is not a P-256 public JWK. */
export function resolveAttestationTrust(trust: AttestationTrust = {}): ResolvedAttestationTrust {
  const keys = trust.trustedKeys ?? [];
  keys.forEach((key, i) => {
    const ok =
      key !== null &&
      typeof key === "object" &&
      key.kty === "EC" &&
      key.crv === "P-256" &&
      typeof key.x === "string" &&
      typeof key.y === "string" &&
      !("d" in key);
    if (!ok)
      throw new CredportConfigurationError(
        `@credport/mock: attestations.trustedKeys[${i}] must be an EC P-256 public JWK (kty, crv, x, y; no d).`,
        { code: "invalid_option" },
      );
  });
  return { trustedKeys: Object.freeze([...keys]), required: trust.required === true };
}
