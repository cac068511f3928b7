import { configurationError } from "../config/environment.js";

/** Checks `allowedOrigins` at start-up: each must be an origin (`https://shop.example`), no path. */
export function parseAllowedOrigins(origins: string[] | undefined): Set<string> | undefined {
  if (origins === undefined) return undefined;
  return new Set(
    origins.map((origin, i) => {
      let url: URL | undefined;
      try {
        url = new URL(origin);
      } catch {
        url = undefined;
      }
      if (
        !url ||
        url.origin === "null" ||
        url.pathname !== "/" ||
        url.search ||
        url.hash ||
        url.username
      )
        throw configurationError(
          `allowedOrigins[${i}] must be an origin such as https://shop.example (scheme, host and port; no path).`,
        );
      return url.origin;
    }),
  );
}

/**
 * Whether a browser says this request comes from another site: `Sec-Fetch-Site` other than
 * same-origin, or an `Origin` that is not allowed (by default: the origin of `request.url`; behind
 * a proxy, configure `allowedOrigins`). A request with neither header (a server, curl) carries no
 * victim's cookies, so it is not refused here.
 */
export function isCrossSite(request: Request, allowedOrigins: Set<string> | undefined): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return true;
  const origin = request.headers.get("origin");
  if (!origin) return false;
  let normalized: string;
  try {
    normalized = new URL(origin).origin;
  } catch {
    return true;
  }
  if (normalized === "null") return true;
  return allowedOrigins
    ? !allowedOrigins.has(normalized)
    : normalized !== new URL(request.url).origin;
}
