import type { DefinitionRecord } from "./definition-record.js";
import type { IssuanceRecord } from "./issuance-record.js";
import type { PolicyRecord } from "./policy-record.js";
import type { HasTimeline } from "./timeline.js";
import type { VerificationRecord } from "./verification-record.js";

/**
 * The public, wire-cased representation of each resource, shared by the HTTP routes and the webhook
 * events. Issuance and definitions are camelCase; policies and verifications snake_case.
 * Hand-off data (offerUri, client_token, authorization_request_uri) is added only by the create routes.
 */
export function issuanceView(r: IssuanceRecord) {
  return {
    object: "openid4vc_issuance",
    id: r.id,
    status: r.status,
    ...(r.status === "failed" && r.failureDetail ? { failureDetail: r.failureDetail } : {}),
    credentialDefinitionId: r.credentialDefinitionId,
    issuanceMode: r.issuanceMode,
    metadata: r.metadata,
    ...(r.credentialStatus ? { credentialStatus: r.credentialStatus } : {}),
    ...(r.revokedAt ? { revokedAt: r.revokedAt } : {}),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    expiresAt: r.expiresAt,
    livemode: r.tenant.environment === "live",
  };
}

export function definitionView(d: DefinitionRecord) {
  return {
    object: "credential_definition",
    credentialDefinitionId: d.credentialDefinitionId,
    vct: d.vct,
    format: d.format,
    ...(d.format === "mso_mdoc" || d.doctype ? { doctype: d.doctype ?? null } : {}),
    title: d.title,
    aliases: d.aliases,
    rendering: d.rendering,
    claims: d.claims,
    lifecycleStatus: d.lifecycleStatus,
    metadata: d.metadata,
    global: d.owner === null,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  };
}

export function policyView(p: PolicyRecord) {
  return {
    object: "policy",
    policy_id: p.policyId,
    name: p.name,
    status: p.status,
    preset: p.preset,
    ...(p.credentialDefinitionId ? { credential_definition_id: p.credentialDefinitionId } : {}),
    vct: p.vct,
    fields: p.fields.map((f) => ({ path: f.path, ...(f.values ? { values: f.values } : {}) })),
    created_at: p.createdAt,
  };
}

export function verificationView(v: VerificationRecord) {
  return {
    object: "verification",
    id: v.id,
    status: v.status,
    ...(v.status === "failed" && v.failureCode ? { failure_code: v.failureCode } : {}),
    ...(v.status === "failed" && v.failureDetail ? { failure_detail: v.failureDetail } : {}),
    policy_id: v.policyId,
    customer_user_ref: v.customerUserRef,
    metadata: v.metadata,
    expires_at: v.expiresAt,
    created_at: v.createdAt,
    updated_at: v.updatedAt,
    livemode: v.tenant.environment === "live",
  };
}

/** The steps of a verification or an issuance session, in order (server reads only). */
export function timelineView(r: HasTimeline) {
  return { object: "list", data: r.timeline ?? [] };
}

/** What a browser may read too: never `failure_detail`, which is for the developer's server. */
export function verificationStatusView(v: VerificationRecord): {
  object: "verification_status";
  id: string;
  status: VerificationRecord["status"];
  failure_code?: NonNullable<VerificationRecord["failureCode"]>;
  expires_at: string;
} {
  // Two literals rather than a spread: the hot read's object keeps one fixed shape, which
  // JSON.stringify serialises on its fast path. The keys' order is the same either way.
  if (v.status === "failed" && v.failureCode)
    return {
      object: "verification_status",
      id: v.id,
      status: v.status,
      failure_code: v.failureCode,
      expires_at: v.expiresAt,
    };
  return { object: "verification_status", id: v.id, status: v.status, expires_at: v.expiresAt };
}
