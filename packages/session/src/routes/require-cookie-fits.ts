import type { ResolvedLogger } from "@credport/core";
import { RouteError } from "./route-error.js";

/**
 * The most a cookie's name and value may hold together: browsers drop a longer cookie without a
 * word (RFC 6265 §6.1 asks for at least 4,096 bytes; Chromium and Firefox keep no more), and the
 * helper refuses to open a longer seal.
 */
export const MAX_COOKIE_BYTES = 4096;

/**
 * Refuses a cookie browsers would not keep: `500 session_too_large`, naming `keepClaims` (the only
 * option that makes a session grow) and the sizes, never the contents. Logged too: the fix is the
 * app's, not the visitor's.
 */
export function requireCookieFits(
  name: string,
  value: string,
  config: { label: string; log: ResolvedLogger },
): void {
  const { label } = config;
  const bytes = new TextEncoder().encode(`${name}=${value}`).length;
  if (bytes <= MAX_COOKIE_BYTES) return;
  const message = `${label}: the session cookie would be ${bytes} bytes, over the ${MAX_COOKIE_BYTES} browsers keep; keep fewer or shorter claims (keepClaims). The verification was not used up: it can still give a session.`;
  config.log.error(message);
  throw new RouteError(500, "session_too_large", message, {
    cookieBytes: bytes,
    maxBytes: MAX_COOKIE_BYTES,
  });
}
