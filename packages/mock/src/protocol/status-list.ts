import { createHeaderAndPayload, StatusList } from "@sd-jwt/jwt-status-list";
import { importJWK, SignJWT } from "jose";
import type { Tenant } from "../model/keys.js";
import type { Model } from "../model/model.js";

export const STATUS_VALID = 0;
export const STATUS_INVALID = 1;
/**
 * The smallest list served, for herd privacy (a short list tells who was issued recently). Past
 * it the list doubles, so that every index handed out has a slot.
 */
const MIN_LIST_SIZE = 1 << 14;

/** Room for `issued` credentials: the minimum, or the next power of two above it. */
export function statusListSize(issued: number): number {
  let size = MIN_LIST_SIZE;
  while (size < issued) size *= 2;
  return size;
}

/** The tenant's Token Status List, built from the model's revocations. */
export function statusListOf(model: Model, tenant: Tenant): StatusList {
  const { size, revoked } = model.issuance.statusList(tenant);
  const list = new StatusList(new Array(statusListSize(size)).fill(STATUS_VALID), 1);
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
  const { size, revoked } = model.issuance.statusList(tenant);
  const index = reference.idx;
  if (typeof index !== "number" || !Number.isInteger(index) || index < 0 || index >= size)
    return { ok: false, reason: "the status index was never handed out" };
  return { ok: true, status: revoked.includes(index) ? STATUS_INVALID : STATUS_VALID };
}

/** The status list as a signed `statuslist+jwt`, as verifiers fetch it. */
export async function statusListToken(
  model: Model,
  tenant: Tenant,
  options: { uri: string; issuer: string; privateJwk: Record<string, unknown>; kid: string },
): Promise<string> {
  const now = Math.floor(model.clock.now() / 1000);
  const { header, payload } = createHeaderAndPayload(
    statusListOf(model, tenant),
    { iss: options.issuer, sub: options.uri, iat: now, exp: now + 300, ttl: 60 },
    { alg: "ES256", typ: "statuslist+jwt", kid: options.kid },
  );
  const key = await importJWK(options.privateJwk, "ES256");
  return new SignJWT(payload as Record<string, unknown>).setProtectedHeader(header).sign(key);
}
