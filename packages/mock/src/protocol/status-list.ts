import { createHeaderAndPayload, StatusList } from "@sd-jwt/jwt-status-list";
import { importJWK, SignJWT } from "jose";
import type { Tenant } from "../model/keys.js";
import type { Model } from "../model/model.js";

export const STATUS_VALID = 0;
export const STATUS_INVALID = 1;
/** Room for this many credentials per issuer; indexes are handed out in order. */
const LIST_SIZE = 1 << 14;

/** The tenant's Token Status List, built from the model's revocations. */
export function statusListOf(model: Model, tenant: Tenant): StatusList {
  const { revoked } = model.issuance.statusList(tenant);
  const list = new StatusList(new Array(LIST_SIZE).fill(STATUS_VALID), 1);
  for (const index of revoked) list.setStatus(index, STATUS_INVALID);
  return list;
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
