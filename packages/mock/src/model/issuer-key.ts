import type { Tenant } from "./keys.js";
import { tenantKey, tenantOfKey } from "./tenant-key.js";

/**
 * Each project environment is its own credential issuer, named by its tenant key,
 * `{projectId}.{environment}`, in its URLs (`/oid4vci/issuers/{issuerKey}`).
 */
export const issuerKey = (tenant: Tenant) => tenantKey(tenant);

/** The tenant an issuer key names, or `undefined` when it names none. */
export const tenantOfIssuerKey = (key: string): Tenant | undefined => tenantOfKey(key);
