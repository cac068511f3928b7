import { issuerKey } from "../../model/issuer-key.js";
import type { Tenant } from "../../model/keys.js";

/**
 * Protocol endpoint paths (docs/api.md, "Protocol endpoints"). Each project environment is its own
 * credential issuer: `{baseUrl}/oid4vci/issuers/{projectId}.{environment}` (its issuer key).
 */
export const issuerPath = (tenant: Tenant) => `/oid4vci/issuers/${issuerKey(tenant)}`;
export const credentialIssuer = (baseUrl: string, tenant: Tenant) =>
  `${baseUrl}${issuerPath(tenant)}`;
export const tokenEndpoint = (baseUrl: string, tenant: Tenant) =>
  `${credentialIssuer(baseUrl, tenant)}/token`;
export const nonceEndpoint = (baseUrl: string, tenant: Tenant) =>
  `${credentialIssuer(baseUrl, tenant)}/nonce`;
export const credentialEndpoint = (baseUrl: string, tenant: Tenant) =>
  `${credentialIssuer(baseUrl, tenant)}/credential`;
export const parEndpoint = (baseUrl: string, tenant: Tenant) =>
  `${credentialIssuer(baseUrl, tenant)}/par`;
export const authorizationEndpoint = (baseUrl: string, tenant: Tenant) =>
  `${credentialIssuer(baseUrl, tenant)}/authorize`;
export const statusListUri = (baseUrl: string, tenant: Tenant) =>
  `${credentialIssuer(baseUrl, tenant)}/status-list`;
export const issuerJwksUri = (baseUrl: string, tenant: Tenant) =>
  `${credentialIssuer(baseUrl, tenant)}/jwks`;

export const AUTHORIZATION_CODE_GRANT = "authorization_code";
export const PRE_AUTHORIZED_GRANT = "urn:ietf:params:oauth:grant-type:pre-authorized_code";
