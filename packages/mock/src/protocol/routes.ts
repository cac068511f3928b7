import { importJWK, SignJWT } from "jose";
import { presentationResponseUrl, verifierClientId } from "../http/handoff-uris.js";
import { json } from "../http/responses.js";
import type { Route, RouteContext } from "../http/route.js";
import { ModelError } from "../model/errors.js";
import type { Tenant } from "../model/keys.js";
import type { Model } from "../model/model.js";
import { CREDENTIAL_QUERY_ID, dcqlQueryFor } from "./dcql-query.js";
import { verifyPresentation } from "./presentation.js";
import { verifyProofJwt } from "./proof.js";
import { disclosureFrame, sdJwtVc } from "./sd-jwt.js";
import { statusListOf, statusListToken } from "./status-list.js";
import {
  credentialEndpoint,
  credentialIssuer,
  issuerJwksUri,
  nonceEndpoint,
  PRE_AUTHORIZED_GRANT,
  statusListUri,
  tenantOfIssuerKey,
  tokenEndpoint,
} from "./urls.js";

type Ctx = RouteContext<Model>;
const CREDENTIAL_LIFETIME_S = 365 * 24 * 60 * 60;

/** OAuth-style error answer of the protocol endpoints. */
const oauthError = (status: number, error: string, description: string) =>
  json(status, { error, error_description: description });

function issuerTenant(ctx: Ctx): Tenant {
  const tenant = tenantOfIssuerKey(ctx.params.issuer ?? "");
  if (!tenant || !ctx.model.keys.projects.has(tenant.projectId))
    throw new ModelError(404, "not_found", "No such credential issuer.");
  return tenant;
}

async function formBody(request: Request): Promise<URLSearchParams> {
  const type = request.headers.get("content-type") ?? "";
  const text = await request.text();
  if (type.includes("application/json")) {
    const data = JSON.parse(text || "{}") as Record<string, unknown>;
    return new URLSearchParams(
      Object.entries(data).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
    );
  }
  return new URLSearchParams(text);
}

function issuerMetadata(ctx: Ctx, tenant: Tenant) {
  const issuer = credentialIssuer(ctx.baseUrl, tenant);
  const configurations: Record<string, unknown> = {};
  const auth = { ...tenant, scopes: undefined };
  for (const definition of ctx.model.definitions.list(auth, {
    lifecycleStatus: "published",
    limit: "100",
  }).data) {
    configurations[definition.credentialDefinitionId] = {
      format: "dc+sd-jwt",
      vct: definition.vct,
      cryptographic_binding_methods_supported: ["jwk"],
      credential_signing_alg_values_supported: ["ES256"],
      proof_types_supported: { jwt: { proof_signing_alg_values_supported: ["ES256"] } },
      credential_metadata: {
        display: [{ name: definition.title }],
        claims: definition.claims.map((claim) => ({
          path: claim.path,
          mandatory: claim.mandatory,
          ...(claim.display ? { display: claim.display } : {}),
        })),
      },
    };
  }
  return {
    credential_issuer: issuer,
    credential_endpoint: credentialEndpoint(ctx.baseUrl, tenant),
    nonce_endpoint: nonceEndpoint(ctx.baseUrl, tenant),
    display: [{ name: "Credport emulator issuer" }],
    credential_configurations_supported: configurations,
  };
}

function authorizationServerMetadata(ctx: Ctx, tenant: Tenant) {
  return {
    issuer: credentialIssuer(ctx.baseUrl, tenant),
    token_endpoint: tokenEndpoint(ctx.baseUrl, tenant),
    grant_types_supported: [PRE_AUTHORIZED_GRANT],
    "pre-authorized_grant_anonymous_access_supported": true,
  };
}

/** OpenID4VCI (pre-authorized code) and OpenID4VP (direct_post) endpoints that wallets call. */
export function createProtocolRoutes(): Route<Model>[] {
  return [
    {
      method: "GET",
      pattern: "/oid4vci/offers/:issuanceId",
      handle: (ctx) => {
        const issuance = ctx.model.issuance.findForProtocol(ctx.params.issuanceId!);
        if (!issuance) return oauthError(404, "invalid_request", "No such credential offer.");
        if (issuance.status === "offer_created")
          ctx.model.issuance.applyTrigger(issuance.id, "offer_fetched");
        else if (issuance.status !== "ready_to_issue")
          return oauthError(400, "invalid_request", `This offer is ${issuance.status}.`);
        return json(200, {
          credential_issuer: credentialIssuer(ctx.baseUrl, issuance.tenant),
          credential_configuration_ids: [issuance.credentialDefinitionId],
          grants: {
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
        });
      },
    },
    {
      method: "GET",
      pattern: "/.well-known/openid-credential-issuer/oid4vci/issuers/:issuer",
      handle: (ctx) => json(200, issuerMetadata(ctx, issuerTenant(ctx))),
    },
    {
      method: "GET",
      pattern: "/oid4vci/issuers/:issuer/.well-known/openid-credential-issuer",
      handle: (ctx) => json(200, issuerMetadata(ctx, issuerTenant(ctx))),
    },
    {
      method: "GET",
      pattern: "/.well-known/oauth-authorization-server/oid4vci/issuers/:issuer",
      handle: (ctx) => json(200, authorizationServerMetadata(ctx, issuerTenant(ctx))),
    },
    {
      method: "GET",
      pattern: "/oid4vci/issuers/:issuer/.well-known/oauth-authorization-server",
      handle: (ctx) => json(200, authorizationServerMetadata(ctx, issuerTenant(ctx))),
    },
    {
      method: "POST",
      pattern: "/oid4vci/issuers/:issuer/token",
      handle: async (ctx) => {
        const tenant = issuerTenant(ctx);
        const form = await formBody(ctx.request);
        if (form.get("grant_type") !== PRE_AUTHORIZED_GRANT)
          return oauthError(
            400,
            "unsupported_grant_type",
            "Only the pre-authorized code grant is supported.",
          );
        const issuance = ctx.model.issuance.findByPreAuthorizedCode(
          form.get("pre-authorized_code") ?? "",
        );
        if (
          !issuance ||
          issuance.tenant.projectId !== tenant.projectId ||
          issuance.status !== "ready_to_issue"
        ) {
          return oauthError(
            400,
            "invalid_grant",
            "The pre-authorized code is unknown, used or expired.",
          );
        }
        if (issuance.txCode && form.get("tx_code") !== issuance.txCode) {
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
        const { token, expiresIn } = ctx.model.protocol.issueAccessToken(issuance.id);
        return json(
          200,
          { access_token: token, token_type: "Bearer", expires_in: expiresIn },
          { "cache-control": "no-store" },
        );
      },
    },
    {
      method: "POST",
      pattern: "/oid4vci/issuers/:issuer/nonce",
      handle: (ctx) => {
        issuerTenant(ctx);
        return json(
          200,
          { c_nonce: ctx.model.protocol.issueNonce() },
          { "cache-control": "no-store" },
        );
      },
    },
    {
      method: "POST",
      pattern: "/oid4vci/issuers/:issuer/credential",
      handle: async (ctx) => {
        const tenant = issuerTenant(ctx);
        const token =
          /^Bearer\s+(\S+)$/i.exec(ctx.request.headers.get("authorization") ?? "")?.[1] ?? "";
        const issuanceId = ctx.model.protocol.issuanceForAccessToken(token);
        const issuance = issuanceId ? ctx.model.issuance.findForProtocol(issuanceId) : undefined;
        if (issuance?.status !== "token_issued")
          return oauthError(401, "invalid_token", "The access token is invalid or used.");
        const body = (await ctx.request.json().catch(() => ({}))) as Record<string, unknown>;
        const configuration = body.credential_configuration_id;
        if (configuration !== undefined && configuration !== issuance.credentialDefinitionId) {
          return oauthError(
            400,
            "unknown_credential_configuration",
            "This access token is for another credential configuration.",
          );
        }
        const proofs = body.proofs as { jwt?: unknown[] } | undefined;
        const proofJwt = proofs?.jwt?.[0] ?? (body.proof as { jwt?: unknown } | undefined)?.jwt;
        const issuer = credentialIssuer(ctx.baseUrl, tenant);
        const now = Math.floor(ctx.model.clock.now() / 1000);
        const proof = await verifyProofJwt(proofJwt, {
          audience: issuer,
          nowSeconds: now,
          consumeNonce: (n) => ctx.model.protocol.consumeNonce(n),
        });
        if (!proof.ok) {
          ctx.model.issuance.applyTrigger(issuance.id, "proof_invalid");
          return oauthError(400, "invalid_proof", `The proof was refused: ${proof.reason}.`);
        }
        const keys = await ctx.model.protocol.issuerKeysFor(tenant);
        const sdjwt = await sdJwtVc({ issuerPrivateJwk: keys.privateJwk });
        const credential = await sdjwt.issue(
          {
            iss: issuer,
            iat: now,
            exp: now + CREDENTIAL_LIFETIME_S,
            vct: issuance.definition.vct,
            cnf: { jwk: proof.holderJwk },
            status: {
              status_list: {
                idx: issuance.statusListIndex,
                uri: statusListUri(ctx.baseUrl, tenant),
              },
            },
            ...issuance.claims,
          },
          disclosureFrame(issuance.claims) as never,
          { header: { kid: keys.kid, typ: "dc+sd-jwt" } },
        );
        ctx.model.issuance.applyTrigger(issuance.id, "credential_returned");
        return json(200, { credentials: [{ credential }] }, { "cache-control": "no-store" });
      },
    },
    {
      method: "GET",
      pattern: "/oid4vci/issuers/:issuer/status-list",
      handle: async (ctx) => {
        const tenant = issuerTenant(ctx);
        const keys = await ctx.model.protocol.issuerKeysFor(tenant);
        const token = await statusListToken(ctx.model, tenant, {
          uri: statusListUri(ctx.baseUrl, tenant),
          issuer: credentialIssuer(ctx.baseUrl, tenant),
          privateJwk: keys.privateJwk,
          kid: keys.kid,
        });
        return new Response(token, { headers: { "content-type": "application/statuslist+jwt" } });
      },
    },
    {
      method: "GET",
      pattern: "/oid4vci/issuers/:issuer/jwks",
      handle: async (ctx) =>
        json(200, {
          keys: [(await ctx.model.protocol.issuerKeysFor(issuerTenant(ctx))).publicJwk],
        }),
    },
    {
      method: "GET",
      pattern: "/.well-known/jwt-vc-issuer/oid4vci/issuers/:issuer",
      handle: async (ctx) => {
        const tenant = issuerTenant(ctx);
        return json(200, {
          issuer: credentialIssuer(ctx.baseUrl, tenant),
          jwks_uri: issuerJwksUri(ctx.baseUrl, tenant),
        });
      },
    },
    {
      method: "GET",
      pattern: "/oid4vp/requests/:verificationId",
      handle: async (ctx) => {
        const verification = ctx.model.verifications.findForProtocol(ctx.params.verificationId!);
        if (!verification)
          return oauthError(404, "invalid_request_uri", "No such presentation request.");
        const verifier = await ctx.model.protocol.verifierKeys();
        if (verification.status === "pending")
          ctx.model.verifications.applyTrigger(verification.id, "request_fetched");
        else if (verification.status !== "in_progress")
          return oauthError(400, "invalid_request_uri", `This request is ${verification.status}.`);
        const request = {
          response_type: "vp_token",
          client_id: verifierClientId(verifier.did),
          response_mode: "direct_post",
          response_uri: presentationResponseUrl(ctx.baseUrl, verification.id),
          nonce: verification.nonce,
          state: verification.id,
          dcql_query: dcqlQueryFor(verification.policy),
          client_metadata: {
            vp_formats_supported: {
              "dc+sd-jwt": { "sd-jwt_alg_values": ["ES256"], "kb-jwt_alg_values": ["ES256"] },
            },
          },
        };
        // A signed request object (JAR), verifiable with the key behind the client's did:jwk.
        const jwt = await new SignJWT(request)
          .setProtectedHeader({ alg: "ES256", typ: "oauth-authz-req+jwt", kid: verifier.kid })
          .setAudience("https://self-issued.me/v2")
          .setIssuedAt(Math.floor(ctx.model.clock.now() / 1000))
          .sign(await importJWK(verifier.privateJwk, "ES256"));
        return new Response(jwt, {
          headers: { "content-type": "application/oauth-authz-req+jwt" },
        });
      },
    },
    {
      method: "POST",
      pattern: "/oid4vp/responses/:verificationId",
      handle: async (ctx) => {
        const verification = ctx.model.verifications.findForProtocol(ctx.params.verificationId!);
        if (!verification || !["pending", "in_progress"].includes(verification.status)) {
          return oauthError(400, "invalid_request", "No open presentation request here.");
        }
        const form = await formBody(ctx.request);
        if (form.get("error")) {
          ctx.model.verifications.applyTrigger(verification.id, "presentation_failed", {
            failureCode: "wallet_rejected",
          });
          return json(200, {});
        }
        let presentation: unknown;
        try {
          presentation = (JSON.parse(form.get("vp_token") ?? "") as Record<string, unknown[]>)[
            CREDENTIAL_QUERY_ID
          ]?.[0];
        } catch {
          presentation = undefined;
        }
        const keys = await ctx.model.protocol.issuerKeysFor(verification.tenant);
        const list = statusListOf(ctx.model, verification.tenant);
        const ownStatusList = statusListUri(ctx.baseUrl, verification.tenant);
        const outcome = await verifyPresentation(presentation, {
          verification,
          clientId: verifierClientId((await ctx.model.protocol.verifierKeys()).did),
          issuer: credentialIssuer(ctx.baseUrl, verification.tenant),
          issuerPublicJwk: keys.publicJwk,
          nowSeconds: Math.floor(ctx.model.clock.now() / 1000),
          statusAt: (uri, index) => (uri === ownStatusList ? list.getStatus(index) : undefined),
        });
        if (outcome.ok)
          ctx.model.verifications.applyTrigger(verification.id, "presentation_verified", {
            claims: outcome.claims as never,
          });
        else
          ctx.model.verifications.applyTrigger(verification.id, "presentation_failed", {
            failureCode: outcome.failureCode,
          });
        return json(200, {});
      },
    },
  ];
}
