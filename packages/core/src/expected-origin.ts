/**
 * `expected_origins` (the Digital Credentials API): the exact origins a wallet compares with the
 * page's, as strings. So each must be written as browsers write origins: scheme, host and a port
 * other than the default, nothing else (no path, no trailing slash). `http:` only for this machine
 * (`localhost`, `127.0.0.1`, `[::1]`): browsers expose the API to secure contexts only. One wording
 * for the list and its entries (it is in the server's edge bundle).
 */
export const EXPECTED_ORIGIN_RULE =
  "must be 1 to 5 exact origins: https://host[:port], or http:// only for localhost, 127.0.0.1 or [::1]; no path, no trailing slash";

/** Whether `value` is an exact origin that `expected_origins` accepts (see {@link EXPECTED_ORIGIN_RULE}). */
export function isExpectedOrigin(value: unknown): value is string {
  try {
    // The parsed origin written back must be the very string (so a string): this refuses paths, a
    // trailing slash, user info, a default port written out, upper case, and anything else URL
    // parsing would change. Compact on purpose: it is in the server's edge bundle.
    return (
      new URL(value as string).origin === value &&
      /^(https:|http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:|$))/.test(value)
    );
  } catch {
    return false;
  }
}
