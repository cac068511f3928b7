import type {
  CreatedVerification,
  Policy,
  Verification,
  VerificationResult,
  VerificationStatus,
} from "./types.js";

/**
 * Casing maps: policies and verifications are snake_case on the wire. Only the envelope keys are
 * mapped; user data (claims, metadata) keeps its keys as sent.
 */
type Wire = Record<string, unknown>;

const optional = <K extends string>(key: K, value: unknown) =>
  value === undefined ? {} : ({ [key]: value } as Record<K, unknown>);

export function policyFromWire(w: Wire): Policy {
  return {
    object: "policy",
    policyId: w.policy_id as string,
    name: w.name as string,
    status: w.status as Policy["status"],
    preset: Boolean(w.preset),
    ...optional("credentialDefinitionId", w.credential_definition_id),
    vct: w.vct as string,
    fields: w.fields as Policy["fields"],
    createdAt: w.created_at as string,
  } as Policy;
}

export function verificationFromWire(w: Wire): Verification {
  return {
    object: "verification",
    id: w.id as string,
    status: w.status as Verification["status"],
    ...optional("failureCode", w.failure_code),
    policyId: w.policy_id as string,
    customerUserRef: (w.customer_user_ref as string | null) ?? null,
    metadata: (w.metadata as Record<string, string>) ?? {},
    expiresAt: w.expires_at as string,
    createdAt: w.created_at as string,
    updatedAt: w.updated_at as string,
    livemode: Boolean(w.livemode),
  } as Verification;
}

export function createdVerificationFromWire(w: Wire): CreatedVerification {
  return {
    ...verificationFromWire(w),
    clientToken: w.client_token as string,
    authorizationRequestUri: w.authorization_request_uri as string,
  };
}

export function verificationStatusFromWire(w: Wire): VerificationStatus {
  return {
    object: "verification_status",
    id: w.id as string,
    status: w.status as VerificationStatus["status"],
    ...optional("failureCode", w.failure_code),
    expiresAt: w.expires_at as string,
  } as VerificationStatus;
}

export function verificationResultFromWire(w: Wire): VerificationResult {
  return {
    object: "verification_result",
    verificationId: w.verification_id as string,
    status: w.status as VerificationResult["status"],
    ...optional("failureCode", w.failure_code),
    policyId: w.policy_id as string,
    customerUserRef: (w.customer_user_ref as string | null) ?? null,
    claims: (w.claims as Record<string, unknown>) ?? {},
    resultToken: w.result_token as string,
  } as VerificationResult;
}
