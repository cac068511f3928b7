import { TestWalletError } from "../../test-wallet-error.js";
import type { CredentialQuery } from "../dcql.js";
import { untag24, walletCborDecode } from "./wallet-cbor.js";

/** ISO/IEC 18013-7 Annex C's protocol identifier over the Digital Credentials API. */
export const ORG_ISO_MDOC = "org-iso-mdoc";

const refuse = (why: string): never => {
  throw new TestWalletError(`test wallet: the org-iso-mdoc request ${why}; refusing to answer it.`);
};

/**
 * Reads an Annex C request (`data = { deviceRequest, encryptionInfo }`, both base64url CBOR) as the
 * queries it amounts to: per `DocRequest`, its doctype and the elements of its `ItemsRequest`, as
 * a DCQL mdoc query would name them, so that the wallet picks and presents an mdoc the same way on
 * every channel (any one document answers). `encryptionInfo` must be
 * `["dcapi", { nonce, recipientPublicKey }]`.
 */
export function readAnnexCRequest(data: Record<string, unknown>): {
  queries: CredentialQuery[];
  encryptionInfo: string;
} {
  const { deviceRequest, encryptionInfo } = data;
  if (typeof deviceRequest !== "string" || typeof encryptionInfo !== "string")
    return refuse("lacks deviceRequest or encryptionInfo (base64url CBOR)");
  let itemsRequests: Map<string, unknown>[];
  let info: unknown;
  try {
    const request = walletCborDecode(Buffer.from(deviceRequest, "base64url")) as Map<
      string,
      unknown
    >;
    const docRequests = request.get("docRequests") as Map<string, unknown>[];
    itemsRequests = docRequests.map((r) => untag24(r.get("itemsRequest")) as Map<string, unknown>);
    if (itemsRequests.length === 0) throw new TypeError("no DocRequest");
    info = walletCborDecode(Buffer.from(encryptionInfo, "base64url"));
  } catch {
    return refuse("is not a DeviceRequest with a DocRequest, and an EncryptionInfo, in CBOR");
  }
  if (!Array.isArray(info) || info[0] !== "dcapi" || !(info[1] instanceof Map))
    refuse('has an encryptionInfo that is not ["dcapi", { nonce, recipientPublicKey }]');
  const queries = itemsRequests.map((items, i): CredentialQuery => {
    const docType = items.get("docType");
    const nameSpaces = items.get("nameSpaces");
    if (typeof docType !== "string" || !(nameSpaces instanceof Map))
      return refuse("has an ItemsRequest without docType or nameSpaces");
    const claims: { path: string[] }[] = [];
    for (const [namespace, elements] of nameSpaces as Map<string, unknown>)
      if (elements instanceof Map)
        for (const element of elements.keys()) claims.push({ path: [namespace, String(element)] });
    return {
      id: `${ORG_ISO_MDOC}-${i}`,
      format: "mso_mdoc",
      meta: { doctype_value: docType },
      claims,
    };
  });
  return { queries, encryptionInfo };
}
