import type { JWK } from "jose";
import { Tagged, untag24, walletCborDecode } from "./wallet-cbor.js";

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
  const issuerSigned = walletCborDecode(new Uint8Array(Buffer.from(credential, "base64url")));
  if (!(issuerSigned instanceof Map)) throw new TypeError("test wallet: an IssuerSigned is a map");
  const issuerAuth = issuerSigned.get("issuerAuth");
  if (!Array.isArray(issuerAuth) || !(issuerAuth[2] instanceof Uint8Array))
    throw new TypeError("test wallet: issuerAuth is a COSE_Sign1 with its MSO");
  const mso = untag24(walletCborDecode(issuerAuth[2]));
  if (!(mso instanceof Map) || typeof mso.get("docType") !== "string")
    throw new TypeError("test wallet: the MSO names no docType");
  const elements: HeldElement[] = [];
  for (const [namespace, items] of issuerSigned.get("nameSpaces") as Map<string, Tagged[]>) {
    for (const item of items) {
      const decoded = untag24(item) as Map<string, unknown>;
      elements.push({
        namespace,
        elementIdentifier: decoded.get("elementIdentifier") as string,
        digestID: decoded.get("digestID") as number,
        value: asJson(decoded.get("elementValue")),
        item: item as Tagged & { value: Uint8Array },
      });
    }
  }
  return {
    format: "mso_mdoc",
    docType: mso.get("docType") as string,
    elements,
    issuerAuth,
    holderPrivateJwk,
  };
}

/** An element value as the wallet shows it: dates as their strings, bytes as base64url. */
function asJson(value: unknown): unknown {
  if (value instanceof Tagged) return String(value.value);
  if (value instanceof Uint8Array) return Buffer.from(value).toString("base64url");
  return value;
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
