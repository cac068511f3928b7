import { DcqlQuery } from "dcql";
import type { JsonObject } from "../../model/infrastructure/input.js";
import {
  CREDENTIAL_QUERY_ID,
  type CredentialFormat,
  type PresentationContext,
} from "../credential-format.js";
import { issueMdocCredential } from "./issue-credential.js";
import { mdocCredentialQuery, mdocExpectation } from "./mdoc-dcql.js";
import { isElementPath } from "./mdoc-definition.js";
import { MDOC_CHECKS, mdocFailureDetail, verifyMdocPresentation } from "./verify-presentation.js";

/** COSE's identifier of ES256 (RFC 9053), as mdoc metadata lists algorithms. */
const COSE_ES256 = -7;

/**
 * mdoc (`mso_mdoc`, ISO/IEC 18013-5): an `IssuerSigned` whose MSO the document signer signs with
 * its `x5chain`, holder-bound by `deviceKeyInfo.deviceKey`, presented as a `DeviceResponse` over
 * the session transcript of the channel's binding.
 */
export const msoMdocFormat: CredentialFormat = {
  id: "mso_mdoc",
  alwaysCarriesIssuerChain: true,
  issuerConfiguration: (definition) => ({
    format: "mso_mdoc",
    doctype: definition.doctype,
    cryptographic_binding_methods_supported: ["cose_key"],
    credential_signing_alg_values_supported: [COSE_ES256],
  }),
  issue: (input) =>
    issueMdocCredential({
      docType: input.vct,
      claims: input.claims as Record<string, JsonObject>,
      holderJwk: input.holderJwk,
      issuedAt: input.issuedAt,
      expiresAt: input.expiresAt,
      status: input.status,
      signingKey: input.signingKey,
      x5c: input.x5c ?? [],
    }),
  vpFormatsSupported: {
    mso_mdoc: { issuerauth_alg_values: [COSE_ES256], deviceauth_alg_values: [COSE_ES256] },
  },
  dcqlQuery: (policy, options = {}) => {
    const query = {
      credentials: [
        mdocCredentialQuery(CREDENTIAL_QUERY_ID, {
          docType: policy.vct,
          claims: policy.fields
            .filter((field) => isElementPath(field.path))
            .map((field) => ({
              path: field.path as [string, string],
              ...(field.values ? { values: field.values } : {}),
            })),
          ...(options.trustedAuthorities ? { trustedAuthorities: options.trustedAuthorities } : {}),
        }),
      ],
    };
    const parsed = DcqlQuery.parse(query);
    DcqlQuery.validate(parsed);
    return parsed;
  },
  verifyPresentation: async (presentation, context: PresentationContext) => {
    const query =
      context.credentialQuery ??
      msoMdocFormat.dcqlQuery(context.verification.policy).credentials[0]!;
    const expected = mdocExpectation(query);
    const outcome = verifyMdocPresentation(presentation, {
      binding: context.binding,
      ...(context.otherBindings ? { otherBindings: context.otherBindings } : {}),
      docTypes: expected.docTypes,
      claims: expected.claims,
      // The document signer must chain to a trusted root whatever the profile: an mdoc's x5chain
      // is the only way to its key. The verifier hands the roots it trusts.
      trustedRoots: context.trustedRoots ?? [],
      ...(context.otherIssuerRoots ? { otherIssuerRoots: context.otherIssuerRoots } : {}),
      now: new Date(context.nowSeconds * 1000),
      certificateNow: new Date(context.walletNowSeconds * 1000),
      statusOf: context.statusOf,
    });
    return outcome.ok
      ? { ok: true, claims: outcome.claims }
      : {
          ok: false,
          failureCode: outcome.failureCode,
          reason: outcome.reason,
          detail: mdocFailureDetail(outcome.failure),
        };
  },
  checks: MDOC_CHECKS,
};
