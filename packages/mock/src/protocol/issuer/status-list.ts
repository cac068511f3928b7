import { createHeaderAndPayload, StatusList } from "@sd-jwt/jwt-status-list";
import { importJWK, SignJWT } from "jose";
import { STATUS_INVALID, STATUS_VALID } from "../../formats/credential-status.js";
import type { Tenant } from "../../model/keys.js";
import type { Model } from "../../model/model.js";

/**
 * The tenant's Token Status List, built from the model's revocations. Its length and where each
 * index falls are the model's (`StatusListAllocation`): random slots, at most half of them taken.
 */
export function statusListOf(model: Model, tenant: Tenant): StatusList {
  const { size, revoked } = model.issuance.statusList(tenant);
  const list = new StatusList(new Array(size).fill(STATUS_VALID), 1);
  for (const index of revoked) list.setStatus(index, STATUS_INVALID);
  return list;
}

/**
 * The status of a credential's `status_list` reference, or why it cannot be read: the list is
 * not this issuer's, or the index was never handed out.
 */
export function statusAt(
  model: Model,
  tenant: Tenant,
  ownUri: string,
  reference: { uri: unknown; idx: unknown },
): { ok: true; status: number } | { ok: false; reason: string } {
  if (reference.uri !== ownUri)
    return { ok: false, reason: "the status list is not this issuer's" };
  const index = reference.idx;
  if (
    typeof index !== "number" ||
    !Number.isInteger(index) ||
    !model.issuance.statusListIndexIssued(tenant, index)
  )
    return { ok: false, reason: "the status index was never handed out" };
  const { revoked } = model.issuance.statusList(tenant);
  return { ok: true, status: revoked.includes(index) ? STATUS_INVALID : STATUS_VALID };
}

/** The status list as a signed `statuslist+jwt`, as verifiers fetch it. */
export async function statusListToken(
  model: Model,
  tenant: Tenant,
  options: {
    uri: string;
    issuer: string;
    privateJwk: Record<string, unknown>;
    kid: string;
    /** The document-signer chain (HAIP), leaf first. */
    x5c?: string[];
  },
): Promise<string> {
  const now = Math.floor(model.clock.now() / 1000);
  const { header, payload } = createHeaderAndPayload(
    statusListOf(model, tenant),
    { iss: options.issuer, sub: options.uri, iat: now, exp: now + 300, ttl: 60 },
    {
      alg: "ES256",
      typ: "statuslist+jwt",
      kid: options.kid,
      ...(options.x5c ? { x5c: options.x5c } : {}),
    },
  );
  const key = await importJWK(options.privateJwk, "ES256");
  return new SignJWT(payload as Record<string, unknown>).setProtectedHeader(header).sign(key);
}
