import { sessionPasswords } from "./config.js";
import { readCookies } from "./cookies.js";
import { readVerifiedSession } from "./verified-session.js";

export interface ProtectOptions {
  /** Path prefixes that need a verified session, e.g. `["/members"]`. */
  protect: string[];
  /** Where visitors without a session are sent. */
  signInPath: string;
  sessionSecret?: string | string[];
}

/**
 * Whether a path falls under a protected prefix. Compared after decoding and normalising, and on
 * segment boundaries, so `/members.json`, `/members/`, `/MEMBERS` and `/%6Dembers` are protected too.
 */
export function isProtectedPath(pathname: string, protect: string[]): boolean {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return true; // undecodable: refuse rather than guess
  }
  path = `/${path.toLowerCase().split("/").filter(Boolean).join("/")}`;
  return protect.some((prefix) => {
    const p = `/${prefix.toLowerCase().split("/").filter(Boolean).join("/")}`;
    return (
      path === p ||
      path.startsWith(`${p}/`) ||
      path.startsWith(`${p}.`) ||
      (p === "/" && path.length > 0)
    );
  });
}

/**
 * A middleware (Next.js `middleware.ts`) that sends visitors without a verified session to
 * `signInPath`; returns `undefined` to let the request through.
 */
export function createCredportMiddleware(options: ProtectOptions) {
  let passwords: Record<string, string> | undefined;
  return async (request: Request): Promise<Response | undefined> => {
    const url = new URL(request.url);
    if (
      !isProtectedPath(url.pathname, options.protect) ||
      isProtectedPath(url.pathname, [options.signInPath])
    )
      return undefined;
    passwords ??= sessionPasswords(options.sessionSecret);
    if (await readVerifiedSession(readCookies(request), passwords)) return undefined;
    return Response.redirect(new URL(options.signInPath, url), 307);
  };
}
