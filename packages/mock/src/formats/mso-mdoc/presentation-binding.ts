import type { PresentationBinding } from "../presentation-binding.js";

export type { PresentationBinding };

/**
 * ISO/IEC 18013-7 Annex C (`org-iso-mdoc` over the Digital Credentials API): the answer is bound to
 * the page's origin and the `encryptionInfo` the request carried, exactly as sent (base64url).
 * mdoc's own channel: no other format is presented over it.
 */
export interface AnnexCBinding {
  channel: "annex-c";
  origin: string;
  encryptionInfo: string;
}

/** Every way an mdoc presentation can be bound to a verification. */
export type MdocBinding = PresentationBinding | AnnexCBinding;
