/**
 * What a presentation is bound to, per channel (mirrors formats/presentation-binding.ts of the
 * formats restructure, plus Annex C): the redirect flow binds client_id, nonce and response_uri;
 * the Digital Credentials API binds the page's origin and the nonce; `jwkThumbprint` is the RFC 7638
 * thumbprint (base64url) of the key an encrypted answer was encrypted to.
 */
export type PresentationBinding =
  | {
      channel: "redirect";
      clientId: string;
      nonce: string;
      responseUri: string;
      jwkThumbprint?: string;
    }
  | { channel: "dc-api"; origin: string; nonce: string; jwkThumbprint?: string };

/**
 * ISO/IEC 18013-7 Annex C (`org-iso-mdoc` over the Digital Credentials API): the answer is bound to
 * the page's origin and the `encryptionInfo` the request carried, exactly as sent (base64url).
 */
export interface AnnexCBinding {
  channel: "annex-c";
  origin: string;
  encryptionInfo: string;
}

/** Every way an mdoc presentation can be bound to a verification. */
export type MdocBinding = PresentationBinding | AnnexCBinding;
