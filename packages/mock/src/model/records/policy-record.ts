import type { FieldValue } from "@credport/core/contract";
import type { Tenant } from "../keys.js";

/** A verification policy as the model stores it (a project's own, or a built-in preset). */

export interface PolicyRecord {
  policyId: string;
  /** `null` for a built-in preset. */
  tenant: Tenant | null;
  name: string;
  status: "active" | "archived";
  preset: boolean;
  credentialDefinitionId?: string;
  /** The credential type: an SD-JWT VC's vct, or for an mdoc its doctype. */
  vct: string;
  /** Absent: `dc+sd-jwt`. */
  format?: string;
  fields: PolicyField[];
  createdAt: string;
}

/** A claim the policy asks for; with `values`, a presented value must be one of them. */
export interface PolicyField {
  path: string[];
  values?: FieldValue[];
}
