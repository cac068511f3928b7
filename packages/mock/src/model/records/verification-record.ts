import type { JsonObject } from "../infrastructure/input.js";
import type { Tenant } from "../keys.js";
import type { FailureCode, VerificationStatus } from "../transitions/verification-transitions.js";
import type { PolicyField } from "./policy-record.js";

/** A verification as the model stores it. */

export interface VerificationRecord {
  id: string;
  tenant: Tenant;
  status: VerificationStatus;
  failureCode?: FailureCode;
  policyId: string;
  policy: { vct: string; fields: PolicyField[]; format?: string };
  customerUserRef: string | null;
  metadata: Record<string, string>;
  clientToken: string;
  /** Nonce the wallet's key-binding JWT must carry. */
  nonce: string;
  /** Disclosed values of the policy's fields, once verified. */
  claims?: JsonObject;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
}
