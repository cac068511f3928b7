import type { DcqlQuery } from "dcql";
import {
  type AnnexCDocRequest,
  annexCDeviceRequest,
  annexCEncryptionInfo,
} from "../../formats/mso-mdoc/annex-c.js";
import type { Model } from "../../model/model.js";
import type { VerificationRecord } from "../../model/records/verification-record.js";
import { type DigitalCredentialRequest, ORG_ISO_MDOC } from "./dc-api-protocols.js";

/**
 * The response key of a verification's Annex C request: its own name beside the OpenID4VP
 * request's, so that an answer sealed for one is never opened as an answer to the other.
 */
export const annexCKeyName = (verificationId: string) => `${verificationId}#annex-c`;

/** The mdoc credential queries of a DCQL query: what an Annex C request can ask for. */
export function annexCDocRequests(query: DcqlQuery): (AnnexCDocRequest & { queryId: string })[] {
  return query.credentials.flatMap((credential) => {
    const docType = credential.format === "mso_mdoc" ? credential.meta?.doctype_value : undefined;
    if (docType === undefined) return [];
    const elements = (credential.claims ?? []).flatMap((claim) =>
      "path" in claim && claim.path.length === 2
        ? [[String(claim.path[0]), String(claim.path[1])] as const]
        : [],
    );
    return [{ queryId: credential.id, docType, elements }];
  });
}

/**
 * The `encryptionInfo` of a verification's Annex C request: to its response key, with the
 * verification's nonce. Rebuilt the same from the kept key when the answer comes.
 */
export async function annexCEncryptionInfoOf(
  model: Model,
  verification: VerificationRecord,
): Promise<string> {
  const key = await model.protocol.verifier.responseKeyFor(
    verification.tenant,
    annexCKeyName(verification.id),
  );
  return annexCEncryptionInfo(key.publicJwk, new TextEncoder().encode(verification.nonce));
}

/**
 * The `org-iso-mdoc` entries of `dc_api_requests` (ISO/IEC 18013-7 Annex C) when the query asks
 * for mdocs: `{ deviceRequest, encryptionInfo }`, both base64url CBOR; none otherwise. Safari
 * carries only this protocol, and wallets that hold mdocs (Apple, Google, the EU age app) answer
 * it. Each `ItemsRequest` carries `readerAuth`, signed with the project's reader certificate (under
 * the test CA) over the session transcript — which names the page's origin. So there is one entry
 * per expected origin, each signed for its own, all with the same `encryptionInfo`: a wallet
 * answers the one whose reader authentication holds for the page it was called from.
 */
export async function annexCRequestsFor(
  model: Model,
  baseUrl: string,
  verification: VerificationRecord,
  query: DcqlQuery,
): Promise<DigitalCredentialRequest[]> {
  const docRequests = annexCDocRequests(query);
  if (docRequests.length === 0) return [];
  const tenant = verification.tenant;
  const encryptionInfo = await annexCEncryptionInfoOf(model, verification);
  const privateJwk = (await model.protocol.verifier.keysFor(tenant)).privateJwk;
  const x5chain = [
    new Uint8Array(
      Buffer.from(await model.protocol.verifier.readerCertificateFor(tenant, baseUrl), "base64"),
    ),
  ];
  return (verification.expectedOrigins ?? []).map((origin) => ({
    protocol: ORG_ISO_MDOC,
    data: {
      deviceRequest: annexCDeviceRequest(docRequests, {
        privateJwk,
        x5chain,
        binding: { channel: "annex-c", origin, encryptionInfo },
      }),
      encryptionInfo,
    },
  }));
}
