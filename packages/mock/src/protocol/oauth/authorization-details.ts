import type { IssuanceRecord } from "../../model/records/issuance-record.js";
import type { Refusal } from "./oauth-error.js";

interface AuthorizationDetail {
  type: "openid_credential";
  credential_configuration_id: string;
}

/**
 * RFC 9396 authorization details (in a token or pushed authorization request): only the offered
 * configuration.
 */
export function readAuthorizationDetails(
  value: string | undefined,
  issuance: IssuanceRecord,
): { ok: true; requested: boolean } | { ok: false; refusal: Refusal } {
  if (value === undefined) return { ok: true, requested: false };
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return {
      ok: false,
      refusal: { error: "invalid_request", description: "authorization_details is not JSON." },
    };
  }
  const valid =
    Array.isArray(parsed) &&
    parsed.length > 0 &&
    parsed.every(
      (detail: Partial<AuthorizationDetail> | null) =>
        detail !== null &&
        typeof detail === "object" &&
        detail.type === "openid_credential" &&
        detail.credential_configuration_id === issuance.credentialDefinitionId,
    );
  return valid
    ? { ok: true, requested: true }
    : {
        ok: false,
        refusal: {
          error: "invalid_authorization_details",
          description: `authorization_details must be a non-empty array of { type: openid_credential, credential_configuration_id: ${issuance.credentialDefinitionId} }.`,
        },
      };
}
