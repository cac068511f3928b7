const normalize = (path: string) => `/${path.toLowerCase().split("/").filter(Boolean).join("/")}`;

/** The path decoded and normalised as the wall compares it, or `undefined` when it does not decode. */
function normalized(pathname: string): string | undefined {
  try {
    return normalize(decodeURIComponent(pathname));
  } catch {
    return undefined;
  }
}

/**
 * Whether a path falls under a protected prefix. Compared after decoding and normalising, and on
 * segment boundaries, so `/members.json`, `/members/`, `/MEMBERS` and `/%6Dembers` are protected too.
 */
export function isProtectedPath(pathname: string, protect: string[]): boolean {
  const path = normalized(pathname);
  if (path === undefined) return true; // undecodable: refuse rather than guess
  return protect.some((prefix) => {
    const p = normalize(prefix);
    return p === "/" || path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}.`);
  });
}

/**
 * Whether a path is the sign-in page itself, compared EXACTLY (after the same decoding and
 * normalising): not a prefix rule, since `signInPath: "/"` would then exempt every path.
 */
export function isSignInPage(pathname: string, signInPathname: string): boolean {
  const path = normalized(pathname);
  return path !== undefined && path === normalized(signInPathname);
}
