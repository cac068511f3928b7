import type { WalletBinding } from "../presentation-binding.js";

/**
 * What the wallet binds an mdoc presentation to, as its channel learned it from the request:
 * redirect and DC API as OpenID4VP 1.0 Appendix B.2.6 names them, Annex C by the request's
 * `encryptionInfo` and the page's origin. Every binding a wallet channel makes: Annex C is mdoc's.
 */
export type MdocWalletBinding = WalletBinding;
