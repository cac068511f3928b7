import type { JWK } from "jose";
import {
  cborDecodeUntrusted,
  decodeEmbedded,
  isEmbedded,
  type Tagged,
} from "../../../formats/mso-mdoc/cbor.js";
import { readCoseSign1 } from "../../../formats/mso-mdoc/cose.js";
import { jsonValueOf } from "../../../formats/mso-mdoc/element-values.js";
import { MdocInputError } from "../../../formats/mso-mdoc/mdoc-errors.js";

/** One element of a held mdoc: the item exactly as issued (its digest covers these bytes). */
export interface HeldElement {
  namespace: string;
  elementIdentifier: string;
  digestID: number;
  /** The element's value as JSON (dates as strings, bytes as base64url). */
  value: unknown;
  /** The `#6.24` item as issued. */
  item: Tagged & { value: Uint8Array };
}

/** An mdoc in the test wallet: the issuer's signed data and the holder key it is bound to. */
export interface HeldMdoc {
  format: "mso_mdoc";
  docType: string;
  elements: HeldElement[];
  /** `issuerAuth` as issued (a COSE_Sign1 array). */
  issuerAuth: unknown[];
  holderPrivateJwk: JWK;
}

/**
 * Takes an mdoc as the credential endpoint returns it (base64url `IssuerSigned`, OpenID4VCI 1.0
 * Appendix A.2) into the wallet: its items kept byte for byte, its doctype read from the MSO.
 */
export function holdMdoc(credential: string, holderPrivateJwk: JWK): HeldMdoc {
  const issuerSigned = cborDecodeUntrusted(
    new Uint8Array(Buffer.from(credential, "base64url")),
    "the IssuerSigned",
  );
  if (!(issuerSigned instanceof Map)) throw new MdocInputError("the IssuerSigned is not a map");
  const issuerAuthValue = issuerSigned.get("issuerAuth");
  const issuerAuth = readCoseSign1(issuerAuthValue, "issuerAuth");
  const mso = decodeEmbedded(cborDecodeUntrusted(issuerAuth.payload!, "the MSO"), "the MSO");
  if (!(mso instanceof Map) || typeof mso.get("docType") !== "string")
    throw new MdocInputError("the MSO names no docType");
  const elements: HeldElement[] = [];
  const nameSpaces = issuerSigned.get("nameSpaces");
  if (!(nameSpaces instanceof Map)) throw new MdocInputError("the IssuerSigned has no nameSpaces");
  for (const [namespace, items] of nameSpaces) {
    for (const item of items as unknown[]) {
      if (!isEmbedded(item)) throw new MdocInputError("an IssuerSignedItem is not tag 24");
      const decoded = decodeEmbedded(item, "an IssuerSignedItem") as Map<string, unknown>;
      elements.push({
        namespace: namespace as string,
        elementIdentifier: decoded.get("elementIdentifier") as string,
        digestID: decoded.get("digestID") as number,
        value: jsonValueOf(decoded.get("elementValue")),
        item,
      });
    }
  }
  return {
    format: "mso_mdoc",
    docType: mso.get("docType") as string,
    elements,
    issuerAuth: issuerAuthValue as unknown[],
    holderPrivateJwk,
  };
}

/** The held mdoc's elements as DCQL sees them: `{ namespace: { element: value } }`. */
export function namespacesOf(held: HeldMdoc): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const e of held.elements) {
    out[e.namespace] ??= {};
    out[e.namespace]![e.elementIdentifier] = e.value;
  }
  return out;
}
