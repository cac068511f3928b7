import type { Tenant } from "./keys.js";

/**
 * Each project environment is its own credential issuer, named `{projectId}.{environment}` in its
 * URLs (`/oid4vci/issuers/{issuerKey}`) and in the model's per-issuer protocol state.
 */
export const issuerKey = (tenant: Tenant) => `${tenant.projectId}.${tenant.environment}`;

/** The tenant an issuer key names, or `undefined` when it names none. */
export function tenantOfIssuerKey(key: string): Tenant | undefined {
  const match = /^(proj_[A-Za-z0-9]+)\.(test|live)$/.exec(key);
  return match
    ? { projectId: match[1]!, environment: match[2] as Tenant["environment"] }
    : undefined;
}
