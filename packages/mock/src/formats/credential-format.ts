import type { X509Certificate } from "node:crypto";
import type { DcqlQuery } from "dcql";
import type { JWK } from "jose";
import type { JsonObject } from "../model/infrastructure/input.js";
import type { DefinitionRecord } from "../model/records/definition-record.js";
import type { FailureCheck, FailureDetail } from "../model/records/failure-detail.js";
import type { PolicyField } from "../model/records/policy-record.js";
import type { VerificationRecord } from "../model/records/verification-record.js";
import type { FailureCode } from "../model/transitions/verification-transitions.js";
import type { StatusLookup } from "./credential-status.js";
import type { PresentationBinding } from "./presentation-binding.js";

/**
 * One credential format (SD-JWT VC, mdoc): how its issuer describes and signs it, which DCQL asks
 * for it, and how a presentation of it is checked. The issuer and the verifier reach a format only
 * through this interface (`formats.ts` picks it); a format knows nothing of channels: what a
 * presentation must be bound to reaches it as a {@link PresentationBinding}.
 */
export interface CredentialFormat {
  /** The format identifier in issuer metadata, definitions and DCQL (`dc+sd-jwt`, `mso_mdoc`). */
  readonly id: string;

  // Issuing.

  /**
   * The format's own members of a definition's credential configuration in the issuer metadata
   * (OpenID4VCI 1.0 §12.2.4, Appendix A): `format` and what identifies the credential type, the
   * binding methods and signing algorithms. The issuer adds what is not the format's.
   */
  issuerConfiguration(definition: DefinitionRecord): Record<string, unknown>;
  /** Signs a credential for a holder's key. */
  issue(input: IssueInput): Promise<string>;
  /**
   * Whether every credential carries the issuer's certificate chain, whatever the profile (mdoc:
   * `x5chain` is how a verifier finds the document signer's key). Otherwise only under HAIP.
   */
  readonly alwaysCarriesIssuerChain?: boolean;

  // Presenting.

  /** `vp_formats_supported` members for this format in a request's `client_metadata` (OpenID4VP 1.0 §11.1). */
  readonly vpFormatsSupported: Record<string, unknown>;
  /** The DCQL query a verification of this policy sends (its one credential query is {@link CREDENTIAL_QUERY_ID}). */
  dcqlQuery(policy: QueriedPolicy, options?: DcqlOptions): DcqlQuery;
  /**
   * Checks one presentation against the verification's policy and the binding its channel read:
   * the issuer's signature (and, when asked, its chain to trusted roots), the holder binding, the
   * validity period, the status and the requested claims, each failure with its failure code.
   */
  verifyPresentation(
    presentation: string,
    context: PresentationContext,
  ): Promise<PresentationOutcome>;
  /**
   * The checks `verifyPresentation` makes, in its order: it stops at the first that fails, so the
   * timeline shows those before as passed.
   */
  readonly checks: readonly FailureCheck[];
}

/** Query ID of the one credential a Credport verification asks for, whatever its format. */
export const CREDENTIAL_QUERY_ID = "credential";

/** What the issuer hands a format to sign one credential. */
export interface IssueInput {
  /** The credential issuer identifier (`iss`). */
  issuer: string;
  /** The credential type of the definition (for an mdoc, its doctype). */
  vct: string;
  /** The holder's claims, as the issuance holds them. */
  claims: JsonObject;
  /** The key from the holder's proof, bound into the credential. */
  holderJwk: JWK;
  /** Seconds since the epoch, on the service's clock. */
  issuedAt: number;
  expiresAt: number;
  /** The credential's entry in its issuer's status list. */
  status: { uri: string; idx: number };
  /** The issuer's signing key. */
  signingKey: { kid: string; privateJwk: JWK };
  /** The document-signer chain (HAIP), leaf first, when the issuer carries one. */
  x5c?: string[];
}

/** What a format needs of a policy to ask for a credential. */
export interface QueriedPolicy {
  vct: string;
  fields: PolicyField[];
}

export interface DcqlOptions {
  /**
   * The key identifiers of the CAs a credential must chain to (DCQL `trusted_authorities`, type
   * `aki`, as HAIP 1.0 asks): under the `haip` profile, the test CA's root and each trusted issuer's.
   */
  trustedAuthorities?: readonly string[];
}

export type PresentationOutcome =
  | { ok: true; claims: Record<string, unknown> }
  | {
      ok: false;
      failureCode: FailureCode;
      /** For the emulator's dashboard. */
      reason: string;
      /** The verification's `failure_detail`: the check, what it expected, the claim path. */
      detail: FailureDetail;
    };

/** What the verifier hands a format to check one presentation: the binding, trust and status. */
export interface PresentationContext {
  verification: VerificationRecord;
  /** What the presentation must be bound to, as its channel read it. */
  binding: PresentationBinding;
  /**
   * The other bindings the verification could have had (another channel's, another expected
   * origin's): a holder binding that holds for one of them instead is told apart as `transcript`.
   */
  otherBindings?: readonly PresentationBinding[];
  /**
   * The credential query the presentation answers, when the verification's query offered several
   * (DCQL `credential_sets`); absent: the one of the policy's own format.
   */
  credentialQuery?: DcqlQuery["credentials"][number];
  issuer: string;
  issuerPublicJwk: JWK;
  /**
   * HAIP: the credential's issuer chain must lead to one of these roots (the DCQL query's
   * `trusted_authorities`), its leaf holding the issuer's key. Absent: the chain is not looked at.
   */
  trustedRoots?: X509Certificate[];
  /**
   * Roots of other issuers (the model's `trustedIssuers`): a credential whose chain ends at one
   * verifies with its leaf's key, like one of the model's own; its status reference, on that
   * issuer's list, is not read.
   */
  otherIssuerRoots?: readonly X509Certificate[];
  /** The service's clock, for the credential's own times (`nbf`, `exp`), which the service set. */
  nowSeconds: number;
  /** Real time, for the holder binding's `iat`, which the wallet set with its own clock. */
  walletNowSeconds: number;
  /** Status of a credential's status list reference, or why it cannot be read. */
  statusOf: StatusLookup;
}
