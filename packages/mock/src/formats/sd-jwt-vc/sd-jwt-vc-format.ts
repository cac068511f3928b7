import type { CredentialFormat } from "../credential-format.js";
import { dcqlQueryFor } from "./dcql-query.js";
import { issueSdJwtVc } from "./issue-credential.js";
import { SD_JWT_VC_CHECKS, verifyPresentation } from "./verify-presentation.js";

/** SD-JWT VC (`dc+sd-jwt`, draft-ietf-oauth-sd-jwt-vc), ES256 throughout, holder-bound by `cnf.jwk`. */
export const sdJwtVcFormat: CredentialFormat = {
  id: "dc+sd-jwt",
  issuerConfiguration: (definition) => ({
    format: "dc+sd-jwt",
    vct: definition.vct,
    cryptographic_binding_methods_supported: ["jwk"],
    credential_signing_alg_values_supported: ["ES256"],
  }),
  issue: issueSdJwtVc,
  vpFormatsSupported: {
    "dc+sd-jwt": { "sd-jwt_alg_values": ["ES256"], "kb-jwt_alg_values": ["ES256"] },
  },
  dcqlQuery: dcqlQueryFor,
  verifyPresentation,
  checks: SD_JWT_VC_CHECKS,
};
