import type * as z from "zod/mini";
import {
  createCredentialDefinitionBody,
  credentialDefinition,
  credentialDefinitionList,
  listCredentialDefinitionsQuery,
  updateCredentialDefinitionBody,
} from "./credential-definitions.js";
import { timeline } from "./failure-detail.js";
import {
  createOfferBody,
  issuanceList,
  issuanceOffer,
  issuanceSession,
  listIssuanceQuery,
} from "./issuance.js";
import { createPolicyBody, listPoliciesQuery, policy, policyList } from "./policies.js";
import type { OperationId } from "./routes.js";
import {
  createdVerification,
  createVerificationBody,
  dcApiResponseBody,
  jwks,
  listVerificationsQuery,
  verification,
  verificationList,
  verificationResult,
  verificationStatus,
} from "./verifications.js";

/** The schemas of one operation: its query, its request body and its answer. */
export interface OperationSchemas {
  query?: z.ZodMiniObject;
  body?: z.ZodMiniType;
  /** The JSON answer, or `null` for a Server-Sent Events stream. */
  answer: z.ZodMiniType | null;
}

/**
 * The contract's schemas of each operation, by its operation ID (`OPERATION_ROUTES` says where the
 * operation lives). Apart from the operations table, so that a client loads the schemas it checks
 * without the summaries and documented errors.
 */
export const OPERATION_SCHEMAS: Readonly<Record<OperationId, OperationSchemas>> = {
  createCredentialDefinition: {
    body: createCredentialDefinitionBody,
    answer: credentialDefinition,
  },
  listCredentialDefinitions: {
    query: listCredentialDefinitionsQuery,
    answer: credentialDefinitionList,
  },
  getCredentialDefinition: { answer: credentialDefinition },
  updateCredentialDefinition: {
    body: updateCredentialDefinitionBody,
    answer: credentialDefinition,
  },
  publishCredentialDefinition: { answer: credentialDefinition },
  archiveCredentialDefinition: { answer: credentialDefinition },
  createOffer: { body: createOfferBody, answer: issuanceOffer },
  listIssuanceSessions: { query: listIssuanceQuery, answer: issuanceList },
  getIssuanceSession: { answer: issuanceSession },
  cancelIssuanceSession: { answer: issuanceSession },
  getIssuanceTimeline: { answer: timeline },
  revokeIssuedCredential: { answer: issuanceSession },
  createPolicy: { body: createPolicyBody, answer: policy },
  listPolicies: { query: listPoliciesQuery, answer: policyList },
  getPolicy: { answer: policy },
  archivePolicy: { answer: policy },
  createVerification: { body: createVerificationBody, answer: createdVerification },
  listVerifications: { query: listVerificationsQuery, answer: verificationList },
  getVerification: { answer: verification },
  getVerificationStatus: { answer: verificationStatus },
  streamVerificationStatus: { answer: null },
  getVerificationResult: { answer: verificationResult },
  getVerificationTimeline: { answer: timeline },
  submitDcApiResponse: { body: dcApiResponseBody, answer: verificationStatus },
  cancelVerification: { answer: verification },
  getResultKeys: { answer: jwks },
};
