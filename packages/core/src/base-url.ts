import { CredportConfigurationError } from "./errors.js";

const invalid = (source: string, message: string) =>
  new CredportConfigurationError(`credport: ${source} ${message}`, { code: "invalid_base_url" });

/**
 * The service's base URL without trailing slashes. Every request path starts with `/v1`, so a base
 * URL that already ends in `/v1` (the most common mistake) is refused, naming the URL to pass.
 * `source` names where the URL came from in messages: the option (default `baseUrl`) or the
 * environment variable (`CREDPORT_BASE_URL`).
 */
export function normalizeBaseUrl(baseUrl: unknown, source = "baseUrl"): string {
  const normalized = String(baseUrl ?? "")
    .trim()
    .replace(/\/+$/, "");
  if (/\/v1$/i.test(normalized))
    throw invalid(
      source,
      `ends in /v1, but request paths start with it: pass ${normalized.slice(0, -3)} instead`,
    );
  return normalized;
}

/**
 * {@link normalizeBaseUrl}, for server code: also an absolute http(s) URL without query, fragment or
 * credentials (browser code may use a path on its own origin, such as a proxy).
 */
export function normalizeServerBaseUrl(baseUrl: unknown, source = "baseUrl"): string {
  const normalized = normalizeBaseUrl(baseUrl, source);
  let url: URL | undefined;
  try {
    url = new URL(normalized);
  } catch {
    // refused below
  }
  if (!url || !/^https?:\/\/[^/?#\s]/i.test(normalized))
    throw invalid(source, "must be an http(s) URL such as https://api.example.com.");
  if (url.search || url.hash || url.username || url.password)
    throw invalid(source, "must not carry a query, a fragment or credentials.");
  return normalized;
}

/**
 * Whether a URL's host is this machine: `localhost` or a name under it (RFC 6761), an address of
 * 127.0.0.0/8, or `[::1]`. The WHATWG parser has already turned other spellings (`127.1`,
 * `0x7f.0.0.1`, `[0:0::1]`) into these.
 */
export function isLoopbackUrl(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host === "[::1]" ||
    /^127\.\d+\.\d+\.\d+$/.test(host)
  );
}

/**
 * Refuses plain `http` to any host but this machine when `what` (a live key, a live result check's
 * key set) would travel over it: whoever sits on the path could read the key or swap the service's
 * key set. Throws `CredportConfigurationError` with code `insecure_base_url`, before any request;
 * `alternative` is appended to the advice.
 */
export function requireSecureTransport(baseUrl: string, what: string, alternative = ""): void {
  const url = new URL(baseUrl);
  if (url.protocol === "https:" || isLoopbackUrl(url)) return;
  throw new CredportConfigurationError(
    `credport: ${what} over plain http to ${url.origin}: anyone on the path could read it, or swap the service's keys to forge results. Use https (plain http only to localhost, 127.0.0.0/8, [::1])${alternative}.`,
    { code: "insecure_base_url" },
  );
}
