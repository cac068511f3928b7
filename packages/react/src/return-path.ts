/** The query parameter `@credport/next`'s middleware puts the protected page's path in. */
export const RETURN_PARAM = "redirect_url";

// A stand-in origin: a path resolved against it must stay on it.
const HERE = "https://return-path.invalid";

/**
 * `value` as a path on this site, or `undefined` when following it could leave the site: only a
 * single leading `/` is accepted — never `//host`, `/\host` (browsers read `\` as `/`), an absolute
 * URL, whitespace or control characters (browsers drop tabs and newlines, so `/\t/host` would
 * become `//host`), or dot segments that resolve to `//host`. The answer is the normalised path.
 */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value?.startsWith("/") || value[1] === "/" || value.includes("\\")) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
  if (/[\s\u0000-\u001f\u007f]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, HERE);
  } catch {
    return undefined;
  }
  // Dot segments can collapse into `//host` (`/..//host`): check what would be followed.
  if (url.origin !== HERE || url.pathname.startsWith("//")) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The current page's `?redirect_url=`, if it is a path on this site. */
export function returnPathFromLocation(): string | undefined {
  if (typeof location === "undefined") return undefined;
  return safeReturnPath(new URLSearchParams(location.search).get(RETURN_PARAM));
}
