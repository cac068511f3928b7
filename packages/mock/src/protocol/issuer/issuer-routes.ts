import { json } from "../../http/responses.js";
import type { Answer, Route, RouteContext } from "../../http/route.js";
import { tenantOfIssuerKey } from "../../model/issuer-key.js";
import { issuerStateOf } from "../../model/issuer-state.js";
import type { Tenant } from "../../model/keys.js";
import type { Model } from "../../model/model.js";
import type { IssuanceStatus } from "../../model/transitions/issuance-transitions.js";
import { oauthError } from "../oauth/oauth-error.js";
import { handleAuthorizationRequest } from "./authorization-endpoint.js";
import { handleCredentialRequest } from "./credential-endpoint.js";
import { authorizationServerMetadata, issuerMetadata } from "./issuer-metadata.js";
import { issuerX5cHeader } from "./issuer-x5c.js";
import { handlePushedAuthorizationRequest } from "./par-endpoint.js";
import { statusListToken } from "./status-list.js";
import { handleTokenRequest } from "./token-endpoint.js";
import { credentialIssuer, issuerJwksUri, PRE_AUTHORIZED_GRANT, statusListUri } from "./urls.js";

type Ctx = RouteContext<Model>;

/**
 * Keys and the authorization server's metadata change only with a reset: verifiers may cache them
 * for a minute. Issuer metadata changes with every publish, so wallets revalidate it.
 */
const CACHEABLE = { "cache-control": "public, max-age=60" };
const REVALIDATE = { "cache-control": "no-cache" };
/** An offer is readable in these states: wallets fetch it again (after a crash, or to show it). */
const OFFER_READABLE: IssuanceStatus[] = [
  "offer_created",
  "ready_to_issue",
  "token_issued",
  "credential_issued",
];

/** The issuer of `{issuer}` in the path, or `undefined` for one that does not exist. */
function issuerTenant(ctx: Ctx): Tenant | undefined {
  const tenant = tenantOfIssuerKey(ctx.params.issuer ?? "");
  return tenant && ctx.model.keys.projects.has(tenant.projectId) ? tenant : undefined;
}

/** A route under `{issuer}`: answers 404 for an issuer that does not exist. */
const forIssuer =
  (handle: (ctx: Ctx, tenant: Tenant) => Answer | Promise<Answer>) => (ctx: Ctx) => {
    const tenant = issuerTenant(ctx);
    return tenant
      ? handle(ctx, tenant)
      : oauthError(404, "invalid_request", "No such credential issuer.");
  };

/**
 * OpenID4VCI 1.0: the pre-authorized code flow, and under `haip` the authorization code flow (PAR,
 * authorization endpoint), SD-JWT VC issuer metadata and the status list.
 */
export function issuerRoutes(): Route<Model>[] {
  const metadata = forIssuer((ctx, tenant) =>
    json(200, issuerMetadata(ctx.model, ctx.baseUrl, tenant), REVALIDATE),
  );
  const asMetadata = forIssuer((ctx, tenant) =>
    json(
      200,
      authorizationServerMetadata(ctx.model, ctx.baseUrl, tenant),
      // Under haip it lists the scopes, which change with every publish.
      ctx.model.profile === "haip" ? REVALIDATE : CACHEABLE,
    ),
  );
  return [
    {
      method: "GET",
      pattern: "/oid4vci/offers/:issuanceId",
      handle: (ctx) => {
        const issuance = ctx.model.issuance.findForProtocol(ctx.params.issuanceId!);
        if (!issuance) return oauthError(404, "invalid_request", "No such credential offer.");
        if (!OFFER_READABLE.includes(issuance.status))
          return oauthError(400, "invalid_request", `This offer is ${issuance.status}.`);
        if (issuance.status === "offer_created")
          ctx.model.issuance.applyTrigger(issuance.id, "offer_fetched");
        return json(
          200,
          {
            credential_issuer: credentialIssuer(ctx.baseUrl, issuance.tenant),
            credential_configuration_ids: [issuance.credentialDefinitionId],
            grants: {
              // HAIP wallets start with the authorization code grant. Not for an offer with a
              // tx_code: the code would redeem it without the transaction code.
              ...(ctx.model.profile === "haip" && !issuance.txCode
                ? {
                    authorization_code: { issuer_state: issuerStateOf(issuance.preAuthorizedCode) },
                  }
                : {}),
              [PRE_AUTHORIZED_GRANT]: {
                "pre-authorized_code": issuance.preAuthorizedCode,
                ...(issuance.txCode
                  ? {
                      tx_code: {
                        length: issuance.txCode.length,
                        input_mode: "numeric",
                        description: "The code you were given",
                      },
                    }
                  : {}),
              },
            },
          },
          // It carries the pre-authorized code (and the issuer_state, as good as it).
          { "cache-control": "no-store" },
        );
      },
    },
    {
      method: "GET",
      pattern: "/.well-known/openid-credential-issuer/oid4vci/issuers/:issuer",
      handle: metadata,
    },
    {
      method: "GET",
      pattern: "/oid4vci/issuers/:issuer/.well-known/openid-credential-issuer",
      handle: metadata,
    },
    {
      method: "GET",
      pattern: "/.well-known/oauth-authorization-server/oid4vci/issuers/:issuer",
      handle: asMetadata,
    },
    {
      method: "GET",
      pattern: "/oid4vci/issuers/:issuer/.well-known/oauth-authorization-server",
      handle: asMetadata,
    },
    {
      method: "POST",
      pattern: "/oid4vci/issuers/:issuer/token",
      handle: forIssuer(handleTokenRequest),
    },
    {
      method: "POST",
      pattern: "/oid4vci/issuers/:issuer/par",
      handle: forIssuer(handlePushedAuthorizationRequest),
    },
    {
      method: "GET",
      pattern: "/oid4vci/issuers/:issuer/authorize",
      handle: forIssuer(handleAuthorizationRequest),
    },
    {
      method: "POST",
      pattern: "/oid4vci/issuers/:issuer/nonce",
      handle: forIssuer((ctx, tenant) =>
        json(
          200,
          { c_nonce: ctx.model.protocol.issuer.issueNonce(tenant) },
          { "cache-control": "no-store" },
        ),
      ),
    },
    {
      method: "POST",
      pattern: "/oid4vci/issuers/:issuer/credential",
      handle: forIssuer(handleCredentialRequest),
    },
    {
      method: "GET",
      pattern: "/oid4vci/issuers/:issuer/status-list",
      handle: forIssuer(async (ctx, tenant) => {
        const keys = await ctx.model.protocol.issuer.keysFor(tenant);
        const token = await statusListToken(ctx.model, tenant, {
          uri: statusListUri(ctx.baseUrl, tenant),
          issuer: credentialIssuer(ctx.baseUrl, tenant),
          privateJwk: keys.privateJwk,
          kid: keys.kid,
          ...(await issuerX5cHeader(ctx.model, tenant, credentialIssuer(ctx.baseUrl, tenant))),
        });
        // The token's own `ttl` (60 s) says how long a verifier may keep it.
        return new Response(token, {
          headers: { "content-type": "application/statuslist+jwt", "cache-control": "max-age=60" },
        });
      }),
    },
    {
      method: "GET",
      pattern: "/oid4vci/issuers/:issuer/jwks",
      handle: forIssuer(async (ctx, tenant) =>
        json(
          200,
          { keys: [(await ctx.model.protocol.issuer.keysFor(tenant)).publicJwk] },
          CACHEABLE,
        ),
      ),
    },
    {
      method: "GET",
      pattern: "/.well-known/jwt-vc-issuer/oid4vci/issuers/:issuer",
      handle: forIssuer((ctx, tenant) =>
        json(
          200,
          {
            issuer: credentialIssuer(ctx.baseUrl, tenant),
            jwks_uri: issuerJwksUri(ctx.baseUrl, tenant),
          },
          CACHEABLE,
        ),
      ),
    },
  ];
}
