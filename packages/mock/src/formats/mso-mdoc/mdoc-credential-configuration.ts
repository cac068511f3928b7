import type { ClaimEntry } from "../../model/records/definition-record.js";

/** COSE's identifier of ES256 (RFC 9053): how OpenID4VCI 1.0 Appendix A.2.2 lists mdoc signing algorithms. */
const COSE_ES256 = -7;

/**
 * The issuer metadata's credential configuration of an mdoc definition (OpenID4VCI 1.0 §12.2.4
 * and Appendix A.2.2): `mso_mdoc` with its doctype, holder binding by `cose_key` proven with an
 * ES256 JWT proof, the issuer signing with ES256, and the claims as `[namespace, element]` paths.
 * `scope` and `keyAttestationsRequired` as the SD-JWT configurations have them under HAIP.
 */
export function mdocCredentialConfiguration(definition: {
  doctype: string;
  title: string | null;
  claims: readonly ClaimEntry[];
  scope?: string;
  keyAttestationsRequired?: boolean;
}) {
  return {
    format: "mso_mdoc" as const,
    doctype: definition.doctype,
    cryptographic_binding_methods_supported: ["cose_key"],
    credential_signing_alg_values_supported: [COSE_ES256],
    ...(definition.scope ? { scope: definition.scope } : {}),
    proof_types_supported: {
      jwt: {
        proof_signing_alg_values_supported: ["ES256"],
        ...(definition.keyAttestationsRequired ? { key_attestations_required: {} } : {}),
      },
    },
    credential_metadata: {
      ...(definition.title ? { display: [{ name: definition.title }] } : {}),
      claims: definition.claims.map((claim) => ({
        path: claim.path,
        mandatory: claim.mandatory,
        ...(claim.display ? { display: claim.display } : {}),
      })),
    },
  };
}
