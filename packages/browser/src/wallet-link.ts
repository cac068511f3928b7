/**
 * The schemes a wallet hand-off uses: OpenID4VP and OpenID4VCI invocations, the HAIP ones
 * (`haip-vp:`, `haip-vci:`), and web links (wallets' universal links, the emulator's test wallet).
 */
const WALLET_SCHEME = /^(openid4vp|openid-credential-offer|haip-vp|haip-vci|https?):$/;

/**
 * Whether `value` is safe as a link's `href` for a wallet hand-off: an absolute URL whose scheme is
 * one a wallet uses (`openid4vp:`, `openid-credential-offer:`, `haip-vp:`, `haip-vci:`, `https:`,
 * `http:`), never `javascript:`, `data:`, `vbscript:` or any other. The scheme is read as the
 * browser's URL parser reads it (case folded, leading spaces and controls stripped, tabs and
 * newlines removed), so `" JaVa\tScript:…"` is refused like `"javascript:…"`.
 */
export function isWalletLink(value: unknown): value is string {
  try {
    return typeof value === "string" && WALLET_SCHEME.test(new URL(value).protocol);
  } catch {
    return false; // not an absolute URL
  }
}
