import { CredportConfigurationError } from "./errors.js";

const invalid = (message: string) =>
  new CredportConfigurationError(`credport: baseUrl ${message}`, { code: "INVALID_BASE_URL" });

/**
 * The service's base URL without trailing slashes. Every request path starts with `/v1`, so a base
 * URL that already ends in `/v1` (the most common mistake) is refused, naming the URL to pass.
 */
export function normalizeBaseUrl(baseUrl: unknown): string {
  const normalized = String(baseUrl ?? "")
    .trim()
    .replace(/\/+$/, "");
  if (/\/v1$/i.test(normalized))
    throw invalid(
      `ends in /v1, but request paths start with it: pass ${normalized.slice(0, -3)} instead`,
    );
  return normalized;
}

/**
 * {@link normalizeBaseUrl}, for server code: also an absolute http(s) URL without query, fragment or
 * credentials (browser code may use a path on its own origin, such as a proxy).
 */
export function normalizeServerBaseUrl(baseUrl: unknown): string {
  const normalized = normalizeBaseUrl(baseUrl);
  let url: URL | undefined;
  try {
    url = new URL(normalized);
  } catch {
    // refused below
  }
  if (!url || !/^https?:\/\/[^/?#\s]/i.test(normalized))
    throw invalid("must be an http(s) URL such as https://api.example.com.");
  if (url.search || url.hash || url.username || url.password)
    throw invalid("must not carry a query, a fragment or credentials.");
  return normalized;
}
