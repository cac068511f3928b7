import type { Tenant } from "../../model/keys.js";
import type { Model } from "../../model/model.js";

/**
 * The `x5c` header of what an issuer signs under the HAIP profile (HAIP 1.0: SD-JWT VCs and status
 * list tokens carry the document-signer chain): the tenant's document-signer certificate, signed
 * by the test CA, whose root stays out. Nothing under the plain profile.
 */
export async function issuerX5cHeader(
  model: Model,
  tenant: Tenant,
  credentialIssuer: string,
): Promise<{ x5c?: string[] }> {
  if (model.profile !== "haip") return {};
  return { x5c: [await model.protocol.issuer.certificateFor(tenant, credentialIssuer)] };
}
