import { json } from "../http/responses.js";
import type { RouteContext } from "../http/route.js";
import type { IssuanceRecord } from "../model/issuance-record.js";
import type { Tenant } from "../model/keys.js";
import type { Model } from "../model/model.js";
import { readFormBody } from "./form-body.js";
import { oauthError, type Refusal, refusalResponse } from "./oauth-error.js";
import { PRE_AUTHORIZED_GRANT } from "./urls.js";

interface AuthorizationDetail {
  type: "openid_credential";
  credential_configuration_id: string;
}

/**
 * The token endpoint of the pre-authorized code flow (OpenID4VCI 1.0 §6, RFC 6749 §4.1.3, §5).
 * Every refusal before the tx_code comparison leaves the offer untouched; only a wrong tx_code
 * counts an attempt (the third fails the issuance).
 */
export async function handleTokenRequest(ctx: RouteContext<Model>, tenant: Tenant) {
  const form = await readFormBody(ctx.request);
  if (!form.ok) return refusalResponse(form.refusal);
  const params = form.params;
  const grantType = params.get("grant_type");
  if (!grantType) return oauthError(400, "invalid_request", "grant_type is required.");
  if (grantType !== PRE_AUTHORIZED_GRANT)
    return oauthError(
      400,
      "unsupported_grant_type",
      "Only the pre-authorized code grant is supported.",
    );
  const code = params.get("pre-authorized_code");
  if (!code) return oauthError(400, "invalid_request", "pre-authorized_code is required.");
  const issuance = ctx.model.issuance.findByPreAuthorizedCode(code);
  if (
    !issuance ||
    issuance.tenant.projectId !== tenant.projectId ||
    issuance.tenant.environment !== tenant.environment ||
    issuance.status !== "ready_to_issue"
  ) {
    return oauthError(400, "invalid_grant", "The pre-authorized code is unknown, used or expired.");
  }
  const txCodeRefusal = checkTxCodePresence(issuance, params.get("tx_code"));
  if (txCodeRefusal) return refusalResponse(txCodeRefusal);
  const details = readAuthorizationDetails(params.get("authorization_details"), issuance);
  if (!details.ok) return refusalResponse(details.refusal);

  if (issuance.txCode && params.get("tx_code") !== issuance.txCode) {
    const left = ctx.model.issuance.rejectTxCode(issuance.id);
    return oauthError(
      400,
      "invalid_grant",
      left > 0
        ? `Wrong transaction code; ${left} attempt(s) left.`
        : "Wrong transaction code; the offer has failed.",
    );
  }

  ctx.model.issuance.applyTrigger(issuance.id, "token_accepted");
  const credentialIdentifiers = details.requested ? [issuance.id] : undefined;
  const { token, expiresIn } = ctx.model.protocol.issueAccessToken(issuance.tenant, issuance.id, {
    notAfter: Date.parse(issuance.expiresAt),
    ...(credentialIdentifiers ? { credentialIdentifiers } : {}),
  });
  return json(
    200,
    {
      access_token: token,
      token_type: "Bearer",
      expires_in: expiresIn,
      ...(credentialIdentifiers
        ? {
            authorization_details: [
              {
                type: "openid_credential",
                credential_configuration_id: issuance.credentialDefinitionId,
                credential_identifiers: credentialIdentifiers,
              },
            ],
          }
        : {}),
    },
    { "cache-control": "no-store" },
  );
}

/** OpenID4VCI 1.0 §6.3: a tx_code missing when the offer asks for one, or sent when it does not. */
function checkTxCodePresence(
  issuance: IssuanceRecord,
  txCode: string | undefined,
): Refusal | undefined {
  const sent = txCode !== undefined && txCode !== "";
  if (issuance.txCode && !sent)
    return {
      error: "invalid_request",
      description: "This offer needs a tx_code (the transaction code shown to the holder).",
    };
  if (!issuance.txCode && txCode !== undefined)
    return { error: "invalid_request", description: "This offer takes no tx_code." };
  return undefined;
}

/** RFC 9396 authorization details in the token request: only the offered configuration. */
function readAuthorizationDetails(
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
