import type { PolicyRecord } from "./records/policy-record.js";

/**
 * Built-in presets: usable by every project, not in any project's list. Built on global definitions.
 * A preset that gates on a claim requires its value: a disclosed `age_over_18: false` fails.
 */
export const POLICY_PRESETS: Omit<PolicyRecord, "createdAt">[] = [
  {
    policyId: "preset_age_over_18",
    tenant: null,
    name: "Age over 18",
    status: "active",
    preset: true,
    credentialDefinitionId: "credport.identity.v1",
    vct: "https://credport.dev/vct/identity/v1",
    fields: [{ path: ["age_over_18"], values: [true] }],
  },
  {
    policyId: "preset_identity_basic",
    tenant: null,
    name: "Basic identity",
    status: "active",
    preset: true,
    credentialDefinitionId: "credport.identity.v1",
    vct: "https://credport.dev/vct/identity/v1",
    fields: [{ path: ["given_name"] }, { path: ["family_name"] }, { path: ["birthdate"] }],
  },
];
