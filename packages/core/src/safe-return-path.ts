// The open-redirect rule, once: `@credport/next`'s safeRedirectPath and `@credport/react`'s return
// path both follow only what this accepts. Browser code loads it, so it is small and has no imports.

/** A stand-in origin: a path resolved against it must stay on it. */
const HERE = "https://return-path.invalid";
/** Longer than any real "return to" path; refusing beyond keeps the decoding below cheap. */
const MAX_LENGTH = 2048;
/** A value still changing after this many decodings is refused: no one encodes a path that deep. */
const MAX_DECODINGS = 4;

/**
 * Whitespace (any, Unicode too), control characters and backslashes: browsers drop tabs and
 * newlines (`/\t/host` is `//host`) and read `\` as `/` (`/\host` is `//host`).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
const UNSAFE = /[\s\u0000-\u001f\u007f-\u009f\\\ufeff]/;

/** A path that starts with one `/` and, dot segments resolved, still does (`/..//host` does not). */
function staysOnSite(path: string): URL | undefined {
  if (!path.startsWith("/") || path.startsWith("//") || UNSAFE.test(path)) return undefined;
  const url = new URL(path, HERE);
  return url.origin === HERE && !url.pathname.startsWith("//") ? url : undefined;
}

/**
 * `value` as a path on this site (`/…`), normalised (dot segments resolved), or `undefined` when
 * following it could leave the site, now or after a server, proxy or router decodes it: refused are
 * `//host`, `/\host`, absolute URLs and schemes (`https:`, `javascript:`), whitespace and control
 * characters, dot segments that resolve to `//host`, any of those percent-encoded (to any depth),
 * malformed percent-encoding, non-strings, and values over 2048 characters. Only the path is
 * decoded: the query and fragment are the page's own (`/search?next=//x` stays on this site).
 *
 * @example
 * const back = safeReturnPath(new URLSearchParams(location.search).get("redirect_url")) ?? "/";
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > MAX_LENGTH) return undefined;
  const url = staysOnSite(value);
  if (!url) return undefined;
  let path = value.split(/[?#]/, 1)[0]!;
  for (let decodings = 0; ; decodings++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return undefined; // Malformed: what a server would make of it cannot be known.
    }
    if (decoded === path) break;
    if (decodings === MAX_DECODINGS || !staysOnSite(decoded)) return undefined;
    path = decoded;
  }
  return `${url.pathname}${url.search}${url.hash}`;
}
