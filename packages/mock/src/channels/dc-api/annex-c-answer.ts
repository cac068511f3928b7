import type { DcqlQuery } from "dcql";
import {
  type AnnexCOpened,
  firstDocTypeOf,
  openAnnexCAnswer,
} from "../../formats/mso-mdoc/annex-c.js";
import { validationError } from "../../model/infrastructure/errors.js";
import type { Model } from "../../model/model.js";
import type { VerificationRecord } from "../../model/records/verification-record.js";
import { annexCDocRequests, annexCEncryptionInfoOf, annexCKeyName } from "./annex-c-request.js";
import type { DcApiReading } from "./dc-api-reading.js";

/**
 * Reads an Annex C answer's `data.response` (`["dcapi", { enc, cipherText }]`, base64url): opened
 * with the verification's key and the session transcript over its `encryptionInfo` and an expected
 * origin — the one it opens with is the page's, since the transcript is the HPKE `info`. The
 * `DeviceResponse` inside is handed on as the presentation for the mdoc query of its doctype.
 *
 * A `response` that is not that envelope (not base64url, not CBOR, nested too deep, another shape)
 * is the page's mistake: 400 `validation_error` naming `data.response`, the verification
 * unchanged. One that does not open for any expected origin cannot verify: it ends it.
 */
export async function readAnnexCAnswer(
  model: Model,
  verification: VerificationRecord,
  response: unknown,
  query: DcqlQuery,
): Promise<DcApiReading> {
  const form = "response";
  if (typeof response !== "string")
    throw validationError("data.response: must be a string (base64url CBOR)", {
      field: "data.response",
    });
  const key = model.protocol.verifier.responseKey(
    verification.tenant,
    annexCKeyName(verification.id),
  );
  if (!key)
    return { ok: false, reason: "this verification has no Annex C key", form, check: "decryption" };
  const recipientPrivateJwk = (await key).privateJwk;
  const encryptionInfo = await annexCEncryptionInfoOf(model, verification);
  for (const origin of verification.expectedOrigins ?? []) {
    const binding = { channel: "annex-c" as const, origin, encryptionInfo };
    const opened: AnnexCOpened = await openAnnexCAnswer(response, {
      recipientPrivateJwk,
      binding,
    });
    if (!opened.ok && "malformed" in opened)
      throw validationError(`data.response: ${opened.malformed}`, { field: "data.response" });
    if (!opened.ok) continue;
    return {
      ok: true,
      form,
      answer: {
        kind: "vp_token",
        presentations: {
          [queryIdOf(opened.deviceResponse, query)]: [
            Buffer.from(opened.deviceResponse).toString("base64url"),
          ],
        },
        binding,
      },
    };
  }
  return {
    ok: false,
    reason:
      "the answer does not open with this request's key and the session transcript of an expected origin",
    form,
    check: "decryption",
  };
}

/**
 * The mdoc query a `DeviceResponse` answers: the one of its first document's doctype, else the
 * first (the format then refuses the doctype, or the malformed response, with its own reason).
 */
function queryIdOf(deviceResponse: Uint8Array, query: DcqlQuery): string {
  const requests = annexCDocRequests(query);
  const docType = firstDocTypeOf(deviceResponse);
  return (requests.find((r) => r.docType === docType) ?? requests[0])!.queryId;
}
