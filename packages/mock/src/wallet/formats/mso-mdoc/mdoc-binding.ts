/**
 * What the wallet binds an mdoc presentation to, as its channel learned it from the request (the
 * wallet's own type): redirect and DC API as OpenID4VP 1.0 Appendix B.2.6 names them, Annex C by
 * the request's `encryptionInfo` and the page's origin.
 */
export type MdocWalletBinding =
  | {
      channel: "redirect";
      clientId: string;
      nonce: string;
      responseUri: string;
      jwkThumbprint?: string;
    }
  | { channel: "dc-api"; origin: string; nonce: string; jwkThumbprint?: string }
  | { channel: "annex-c"; origin: string; encryptionInfo: string };
