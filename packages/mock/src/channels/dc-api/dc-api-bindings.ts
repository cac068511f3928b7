import { calculateJwkThumbprint } from "jose";
import type { DcApiBinding, PresentationBinding } from "../../formats/presentation-binding.js";
import type { Model } from "../../model/model.js";
import type { VerificationRecord } from "../../model/records/verification-record.js";
import { annexCEncryptionInfoOf, annexCKeyName } from "./annex-c-request.js";
import { dcApiKeyName } from "./dc-api-protocols.js";

/**
 * The binding of an OpenID4VP answer through the DC API for one of the page's origins: the
 * request's nonce and, under HAIP (`dc_api.jwt`), the thumbprint of the key it is encrypted to.
 */
export async function dcApiBinding(
  model: Model,
  verification: VerificationRecord,
  origin: string,
): Promise<DcApiBinding> {
  const key =
    model.profile === "haip"
      ? model.protocol.verifier.responseKey(verification.tenant, dcApiKeyName(verification.id))
      : undefined;
  return {
    channel: "dc-api",
    origin,
    nonce: verification.nonce,
    ...(key ? { jwkThumbprint: await calculateJwkThumbprint((await key).publicJwk) } : {}),
  };
}

/**
 * Every binding an answer through the DC API could carry: per expected origin, the OpenID4VP
 * one, and Annex C's when its request (its key) was made. None without `expected_origins`.
 */
export async function dcApiKnownBindings(
  model: Model,
  verification: VerificationRecord,
): Promise<PresentationBinding[]> {
  const origins = verification.expectedOrigins ?? [];
  const annexC = model.protocol.verifier.responseKey(
    verification.tenant,
    annexCKeyName(verification.id),
  )
    ? await annexCEncryptionInfoOf(model, verification)
    : undefined;
  const bindings: PresentationBinding[] = [];
  for (const origin of origins) {
    bindings.push(await dcApiBinding(model, verification, origin));
    if (annexC !== undefined) bindings.push({ channel: "annex-c", origin, encryptionInfo: annexC });
  }
  return bindings;
}
