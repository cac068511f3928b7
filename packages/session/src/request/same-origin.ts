import { configurationError } from "../environment.js";

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

/** `localhost` (and `*.localhost`), 127.0.0.0/8 and `[::1]`: names that only ever mean this machine. */
function isLoopback(hostname: string): boolean {
  return (
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    hostname === "[::1]" ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

/** Whether `origin` is an `http(s)` origin on this machine (`http://localhost:5173`). */
export function isLoopbackOrigin(origin: string | null): boolean {
  if (!origin) return false;
  try {
    const url = new URL(origin);
    return /^https?:$/.test(url.protocol) && isLoopback(url.hostname);
  } catch {
    return false;
  }
}

/**
 * The origins a state-changing request may come from: `allowedOrigins` when configured; otherwise
 * the origin of `request.url` and, when that is loopback, the request's own `Host` when it is
 * loopback too (`next start -H 127.0.0.1` builds `request.url` with `localhost`, while the browser
 * at http://127.0.0.1:3000 sends that). Any other `Host` is not trusted: it would let whoever
 * sends the request widen the list.
 */
export function allowedOriginsOf(request: Request, configured: Set<string> | undefined): string[] {
  if (configured) return [...configured];
  const own = new URL(request.url);
  const origins = [own.origin];
  const host = request.headers.get("host");
  if (!host || !isLoopback(own.hostname)) return origins;
  let fromHost: URL;
  try {
    fromHost = new URL(`${own.protocol}//${host}`);
  } catch {
    return origins;
  }
  // The Host header is a host and a port only: anything that parses into more is not one.
  if (fromHost.host !== host.toLowerCase() || !isLoopback(fromHost.hostname)) return origins;
  if (!origins.includes(fromHost.origin)) origins.push(fromHost.origin);
  return origins;
}

/**
 * Whether a browser says this request comes from another site: `Sec-Fetch-Site` other than
 * same-origin, or an `Origin` that is not one of `allowed` (see {@link allowedOriginsOf}). A
 * request with neither header (a server, curl) carries no victim's cookies, so it is not refused here.
 */
export function isCrossSite(request: Request, allowed: string[]): boolean {
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
  return normalized === "null" || !allowed.includes(normalized);
}
