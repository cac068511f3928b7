import { annexCEncryptionInfoOf, annexCKeyName } from "./channels/dc-api/annex-c-request.js";
import { handOverDcApiAnswer } from "./channels/dc-api/dc-api-operation.js";
import type { RouteContext } from "./http/route.js";
import type { Model } from "./model/model.js";
import type { VerificationRecord } from "./model/records/verification-record.js";
import { verifier } from "./protocol/verifier/verifier.js";

// For the emulator's wallet page, which answers a pasted DC API request and hands the answer to
// its verification as the page would post it: the channel and the verifier meet here, above both.

/**
 * Hands a DC API answer (`{ protocol, data }`) to an open verification, deciding it exactly as
 * `POST /v1/verifications/{id}/dc-api-response` does (without the caller's authentication).
 */
export async function handOverDcApiAnswerOf(
  model: Model,
  baseUrl: string,
  verification: VerificationRecord,
  body: unknown,
): Promise<void> {
  // The verifier and the channel read the model and the base URL of a request's context only.
  const ctx = { model, baseUrl } as RouteContext<Model>;
  await handOverDcApiAnswer(ctx, verifier, verification, body);
}

/**
 * The open verification whose DC API request carried this nonce (the request names no
 * verification: the browser is its channel).
 */
export function verificationOfDcApiNonce(
  model: Model,
  nonce: unknown,
): VerificationRecord | undefined {
  if (typeof nonce !== "string" || nonce === "") return undefined;
  const found = model.verifications.records.find(
    (r) => r.nonce === nonce && r.expectedOrigins !== undefined,
  );
  return found && model.verifications.findForProtocol(found.id);
}

/**
 * The open verification whose Annex C request (`org-iso-mdoc`) carried this `encryptionInfo`: its
 * nonce and key are the verification's, so the service's own rebuild of it matches.
 */
export async function verificationOfAnnexCRequest(
  model: Model,
  encryptionInfo: unknown,
): Promise<VerificationRecord | undefined> {
  if (typeof encryptionInfo !== "string" || encryptionInfo === "") return undefined;
  for (const record of model.verifications.records) {
    if (record.expectedOrigins === undefined) continue;
    // Only verifications that made an Annex C request have its key: none is made here.
    if (!model.protocol.verifier.responseKey(record.tenant, annexCKeyName(record.id))) continue;
    if ((await annexCEncryptionInfoOf(model, record)) === encryptionInfo)
      return model.verifications.findForProtocol(record.id);
  }
  return undefined;
}
