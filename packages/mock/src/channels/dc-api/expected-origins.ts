import { validationError } from "../../model/errors.js";

/** `expected_origins` holds 1 to this many origins (api-decisions.md, "Digital Credentials API"). */
export const EXPECTED_ORIGINS_MAX = 5;

/** Hosts for which an `http://` origin is accepted: the developer's own machine. */
const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/**
 * Reads `expected_origins` of a create body: absent (`undefined`), or 1 to 5 exact origins —
 * `https://host[:port]`, or `http://` for a loopback host — each written exactly as a browser
 * serializes an origin, since wallets compare the strings: no path, no trailing slash, no default
 * port, no user info, lower case. Anything else is a 400 `validation_error` naming the entry.
 */
export function readExpectedOrigins(input: unknown): string[] | undefined {
  if (!input || typeof input !== "object" || Array.isArray(input)) return undefined;
  const value = (input as Record<string, unknown>).expected_origins;
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length < 1 || value.length > EXPECTED_ORIGINS_MAX)
    throw invalid(
      "expected_origins",
      `must be an array of 1 to ${EXPECTED_ORIGINS_MAX} origins`,
    );
  value.forEach((entry, i) => {
    const field = `expected_origins[${i}]`;
    if (typeof entry !== "string") throw invalid(field, "must be a string");
    const problem = originProblem(entry);
    if (problem) throw invalid(field, problem);
  });
  return [...new Set(value as string[])];
}

/** Why `text` is not an exact web origin a page could have, or `undefined` when it is one. */
function originProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "must be an origin such as https://example.com (scheme, host and optional port)";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return "must be an https:// origin";
  if (url.protocol === "http:" && !LOOPBACK_HOSTS.includes(url.hostname))
    return "must be https://, http:// only for localhost, 127.0.0.1 or [::1]";
  if (url.origin !== text)
    return `must be exactly an origin, without path, trailing slash, default port or user info (here: ${url.origin})`;
  return undefined;
}

const invalid = (field: string, rule: string) =>
  validationError(`${field}: ${rule}`, { field });
