import { requireCredentialFormatOf } from "../../formats/formats.js";
import { json } from "../../http/responses.js";
import type { RouteContext } from "../../http/route.js";
import { walletNowSeconds } from "../../model/infrastructure/wallet-time.js";
import { sameTenant, type Tenant } from "../../model/keys.js";
import type { Model } from "../../model/model.js";
import type { AccessTokenGrant } from "../../model/protocol-state/issuer-protocol-state.js";
import { checkDpopProof } from "../oauth/dpop.js";
import { bearerChallenge, dpopChallenge, oauthError, type Refusal } from "../oauth/oauth-error.js";
import { readCredentialRequest } from "./credential-request.js";
import { issuerX5cHeader } from "./issuer-x5c.js";
import { checkKeyAttestation } from "./key-attestation.js";
import { verifyProofJwt } from "./proof.js";
import { credentialEndpoint, credentialIssuer, statusListUri } from "./urls.js";

const CREDENTIAL_LIFETIME_S = 365 * 24 * 60 * 60;

/**
 * The credential endpoint (OpenID4VCI 1.0 §8). In this order: the access token (see
 * {@link authorize}: Bearer under `plain`, DPoP-bound with a DPoP proof under `haip`), a
 * well-formed request (else `invalid_credential_request` and friends, nothing
 * changed), a proof that verifies, with under `haip` its key attestation when it carries one (or
 * the model requires one) (else `invalid_proof`, nothing changed: OpenID4VCI 1.0 §8.3.1.2
 * lets the wallet send a corrected request, so the access token stays good until it expires), and
 * a c_nonce we handed out, unused and fresh (else `invalid_nonce` with a fresh `c_nonce` beside it,
 * nothing else changed, so the wallet can sign again at once).
 */
export async function handleCredentialRequest(ctx: RouteContext<Model>, tenant: Tenant) {
  const authorized = await authorize(ctx, tenant);
  if ("answer" in authorized) return authorized.answer;
  const { grant, issuance } = authorized;
  // Under haip every answer carries the current DPoP nonce (RFC 9449 §8.2).
  const nonceHeader: Record<string, string> =
    ctx.model.profile === "haip"
      ? { "dpop-nonce": ctx.model.protocol.issuer.dpopNonce(tenant) }
      : {};
  const refuse = (refusal: Refusal, extra: Record<string, string> = {}) =>
    oauthError(refusal.status ?? 400, refusal.error, refusal.description, extra, nonceHeader);

  const request = await readCredentialRequest(ctx.request, {
    configurationId: issuance.credentialDefinitionId,
    ...(grant.credentialIdentifiers ? { credentialIdentifiers: grant.credentialIdentifiers } : {}),
  });
  if (!request.ok) return refuse(request.refusal);

  const issuer = credentialIssuer(ctx.baseUrl, tenant);
  const now = Math.floor(ctx.model.clock.now() / 1000);
  const proof = await verifyProofJwt(request.proofJwt, {
    audience: issuer,
    nowSeconds: walletNowSeconds(),
  });
  if (!proof.ok)
    return refuse({
      error: "invalid_proof",
      description: `The proof was refused: ${proof.reason}. Send a corrected request with the same access token.`,
    });
  if (ctx.model.profile === "haip") {
    const keyRefusal = proof.keyAttestation
      ? await checkKeyAttestation(proof.keyAttestation, proof.holderJwk, ctx.model.attestations)
      : ctx.model.attestations.required
        ? "this issuer requires a key attestation (key_attestation header)"
        : undefined;
    if (keyRefusal)
      return refuse({
        error: "invalid_proof",
        description: `The proof was refused: ${keyRefusal}. Send a corrected request with the same access token.`,
      });
  }
  if (!ctx.model.protocol.issuer.consumeNonce(tenant, proof.nonce))
    return refuse(
      {
        error: "invalid_nonce",
        description:
          "The c_nonce is unknown, used or expired; sign a new proof with the c_nonce of this answer.",
      },
      { c_nonce: ctx.model.protocol.issuer.issueNonce(tenant) },
    );

  const keys = await ctx.model.protocol.issuer.keysFor(tenant);
  const format = requireCredentialFormatOf(issuance.definition);
  const credential = await format.issue({
    issuer,
    vct: issuance.definition.vct,
    claims: issuance.claims,
    holderJwk: proof.holderJwk,
    issuedAt: now,
    expiresAt: now + CREDENTIAL_LIFETIME_S,
    status: { idx: issuance.statusListIndex, uri: statusListUri(ctx.baseUrl, tenant) },
    signingKey: keys,
    ...(format.alwaysCarriesIssuerChain
      ? { x5c: [await ctx.model.protocol.issuer.certificateFor(tenant, issuer)] }
      : await issuerX5cHeader(ctx.model, tenant, issuer)),
  });
  // Another request with this token may have finished while this one was signing.
  if (!stillOpen(ctx, issuance.id)) return invalidToken(ctx.model.profile);
  ctx.model.issuance.applyTrigger(issuance.id, "credential_returned");
  return json(
    200,
    { credentials: [{ credential }] },
    { "cache-control": "no-store", ...nonceHeader },
  );
}

type Authorized =
  | {
      grant: AccessTokenGrant;
      issuance: NonNullable<ReturnType<Model["issuance"]["findForProtocol"]>>;
    }
  | { answer: ReturnType<typeof oauthError> };

/**
 * The access token of a credential request, and its issuance. Under `plain`: `Authorization:
 * Bearer` (else a bare 401 `Bearer` challenge, RFC 6750 §3.1), a live token (else 401
 * `invalid_token`). Under `haip` (RFC 9449 §7): `Authorization: DPoP` (none: a bare `DPoP`
 * challenge; `Bearer`: `invalid_token`, the token is DPoP-bound), a live token, and a DPoP proof
 * of this request with the token's `ath`, signed by the key the token is bound to (else
 * `invalid_dpop_proof`), with the current server nonce (else `use_dpop_nonce` and `DPoP-Nonce`).
 */
async function authorize(ctx: RouteContext<Model>, tenant: Tenant): Promise<Authorized> {
  const haip = ctx.model.profile === "haip";
  const scheme = haip ? "DPoP" : "Bearer";
  const authorization = ctx.header("authorization") ?? "";
  if (!new RegExp(`^${scheme}\\s`, "i").test(authorization)) {
    if (!haip)
      return {
        answer: bearerChallenge(
          "This endpoint needs the access token from the token endpoint: Authorization: Bearer <access_token>.",
        ),
      };
    return {
      answer: /^Bearer\s/i.test(authorization)
        ? dpopChallenge(
            "The access token is DPoP-bound: send Authorization: DPoP <access_token> and a DPoP proof.",
            "invalid_token",
          )
        : dpopChallenge(
            "This endpoint needs the access token from the token endpoint: Authorization: DPoP <access_token>, and a DPoP proof.",
          ),
    };
  }
  const token = new RegExp(`^${scheme} ([A-Za-z0-9._~+/-]+=*)$`, "i").exec(authorization)?.[1];
  const grant = token ? ctx.model.protocol.issuer.accessToken(tenant, token) : undefined;
  const issuance = grant ? ctx.model.issuance.findForProtocol(grant.issuanceId) : undefined;
  if (
    !token ||
    !grant ||
    !issuance ||
    !sameTenant(issuance.tenant, tenant) ||
    !stillOpen(ctx, issuance.id) ||
    (haip && grant.jkt === undefined)
  )
    return { answer: invalidToken(ctx.model.profile) };
  if (haip) {
    const dpop = await checkDpopProof(ctx.header("dpop"), ctx.model, tenant, {
      method: "POST",
      url: credentialEndpoint(ctx.baseUrl, tenant),
      accessToken: token,
      ...(grant.jkt ? { jkt: grant.jkt } : {}),
    });
    if (!dpop.ok)
      return {
        answer: dpopChallenge(
          dpop.description,
          dpop.error,
          dpop.error === "use_dpop_nonce" ? ctx.model.protocol.issuer.dpopNonce(tenant) : undefined,
        ),
      };
  }
  return { grant, issuance };
}

const stillOpen = (ctx: RouteContext<Model>, issuanceId: string) =>
  ctx.model.issuance.findForProtocol(issuanceId)?.status === "token_issued";

const invalidToken = (profile: Model["profile"]) =>
  profile === "haip"
    ? dpopChallenge("The DPoP access token is invalid, expired or used.", "invalid_token")
    : oauthError(401, "invalid_token", "The Bearer access token is invalid, expired or used.");
