const normalize = (path: string) => `/${path.toLowerCase().split("/").filter(Boolean).join("/")}`;

/**
 * Whether a path falls under a protected prefix. Compared after decoding and normalising, and on
 * segment boundaries, so `/members.json`, `/members/`, `/MEMBERS` and `/%6Dembers` are protected too.
 */
export function isProtectedPath(pathname: string, protect: string[]): boolean {
  let path: string;
  try {
    path = normalize(decodeURIComponent(pathname));
  } catch {
    return true; // undecodable: refuse rather than guess
  }
  return protect.some((prefix) => {
    const p = normalize(prefix);
    return p === "/" || path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}.`);
  });
}
