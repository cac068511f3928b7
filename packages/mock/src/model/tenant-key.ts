import type { Tenant } from "./keys.js";

/**
 * A project environment as one string, `{projectId}.{environment}`: what the model's per-tenant
 * maps are keyed by (issuer and verifier state alike), and what names the issuer in its URLs.
 */
export const tenantKey = (tenant: Tenant) => `${tenant.projectId}.${tenant.environment}`;

/** The tenant a tenant key names, or `undefined` when it names none. */
export function tenantOfKey(key: string): Tenant | undefined {
  const match = /^(proj_[A-Za-z0-9]+)\.(test|live)$/.exec(key);
  return match
    ? { projectId: match[1]!, environment: match[2] as Tenant["environment"] }
    : undefined;
}
