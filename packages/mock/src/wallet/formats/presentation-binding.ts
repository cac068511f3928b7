/**
 * What a presentation must be bound to, as the wallet's channel learned it from the request: the
 * one value the wallet's channel hands to its format (SD-JWT VC signs it into the key-binding
 * JWT; mdoc into the session transcript). The wallet's own type: it shares no code with the mock.
 */
export type WalletBinding =
  | {
      channel: "redirect";
      /** The verifier's `client_id`. */
      clientId: string;
      nonce: string;
      responseUri: string;
      /** `direct_post.jwt`: the RFC 7638 thumbprint of the key the answer is encrypted to. */
      jwkThumbprint?: string;
    }
  | {
      channel: "dc-api";
      /** The origin of the page that asked, as the browser tells the wallet. */
      origin: string;
      nonce: string;
      /** `dc_api.jwt`: the RFC 7638 thumbprint of the key the answer is encrypted to. */
      jwkThumbprint?: string;
    }
  | {
      /** ISO/IEC 18013-7 Annex C (`org-iso-mdoc`): mdoc only, sealed with HPKE. */
      channel: "annex-c";
      origin: string;
      /** The request's `encryptionInfo`, base64url, exactly as it came. */
      encryptionInfo: string;
    };
