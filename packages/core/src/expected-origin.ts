/**
 * An entry of `expected_origins` (the Digital Credentials API): the exact origin a wallet compares
 * with the page's, as a string. So it must be written as browsers write origins: scheme, host and a
 * port other than the default, nothing else (no path, no trailing slash). `http:` only for this
 * machine (`localhost`, `127.0.0.1`, `[::1]`): browsers expose the API to secure contexts only.
 */
export const EXPECTED_ORIGIN_RULE =
  "must be an exact origin: https://host[:port], or http:// only for localhost, 127.0.0.1 or [::1]; no path, no trailing slash";

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/** Whether `value` is an exact origin that `expected_origins` accepts (see {@link EXPECTED_ORIGIN_RULE}). */
export function isExpectedOrigin(value: unknown): value is string {
  if (typeof value !== "string") return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  // The parsed origin written back must be the very string: this refuses paths, a trailing slash,
  // user info, a default port written out, upper case and anything URL parsing would change.
  if (url.origin !== value) return false;
  return (
    url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK_HOSTS.includes(url.hostname))
  );
}
