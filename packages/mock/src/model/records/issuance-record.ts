import type { JsonObject } from "../infrastructure/input.js";
import type { Tenant } from "../keys.js";
import type { IssuanceStatus } from "../transitions/issuance-transitions.js";
import type { ClaimEntry } from "./definition-record.js";
import type { FailureDetail } from "./failure-detail.js";
import type { HasTimeline } from "./timeline.js";

/** An issuance session as the model stores it. */

export interface IssuanceRecord extends HasTimeline {
  id: string;
  tenant: Tenant;
  status: IssuanceStatus;
  /** With `failed`: the check that failed. */
  failureDetail?: FailureDetail;
  credentialDefinitionId: string;
  definition: {
    /** The definition's `vct`, or for an mdoc its doctype (what identifies the credential type). */
    vct: string;
    title: string;
    claims: ClaimEntry[];
    /** Absent: `dc+sd-jwt` (records made before mdocs). */
    format?: string;
    doctype?: string;
  };
  claims: JsonObject;
  issuanceMode: "InTime";
  metadata: Record<string, string>;
  credentialStatus?: "active" | "revoked";
  revokedAt?: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  /** Protocol data, never on the management API. */
  preAuthorizedCode: string;
  txCode?: string;
  txCodeAttempts: number;
  /** Index of this credential in its tenant's Token Status List. */
  statusListIndex: number;
}
