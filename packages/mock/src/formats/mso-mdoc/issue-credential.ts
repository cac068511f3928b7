import type { JWK } from "jose";
import { issueMdoc } from "./issue-mdoc.js";

/** What the issuer hands the mdoc format to sign one credential (the SD-JWT format's input, with a doctype). */
export interface MdocCredentialInput {
  docType: string;
  /** The offer's claims: elements by namespace. */
  claims: Record<string, Record<string, unknown>>;
  /** The key from the holder's proof: the MSO's device key. */
  holderJwk: JWK;
  /** Seconds since the epoch, on the service's clock. */
  issuedAt: number;
  expiresAt: number;
  /** The credential's entry in its issuer's status list. */
  status: { uri: string; idx: number };
  /** The issuer's signing key; its certificate leads `x5c`. */
  signingKey: { privateJwk: JWK };
  /** The document-signer chain, leaf first (standard base64 DER). mdocs always carry one. */
  x5c: string[];
}

/**
 * The credential endpoint's `credential` for an mdoc (OpenID4VCI 1.0 Appendix A.2.4): the
 * base64url `IssuerSigned`, valid from its issuance to `expiresAt`.
 */
export async function issueMdocCredential(input: MdocCredentialInput): Promise<string> {
  const issued = issueMdoc({
    docType: input.docType,
    nameSpaces: input.claims,
    holderPublicJwk: input.holderJwk,
    signed: new Date(input.issuedAt * 1000),
    validFrom: new Date(input.issuedAt * 1000),
    validUntil: new Date(input.expiresAt * 1000),
    status: input.status,
    signer: { privateJwk: input.signingKey.privateJwk, x5chain: input.x5c },
  });
  return Buffer.from(issued).toString("base64url");
}
