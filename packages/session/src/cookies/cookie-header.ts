import { parse, serialize } from "cookie";

/**
 * The cookies of a `Cookie` header by name. A name sent more than once reads as `undefined` (the
 * key is kept, so that callers can tell it from a missing one): a sibling subdomain can add a
 * cookie of the same name, browsers order them by path length, and which one the app set cannot
 * be known. The middleware, `getVerifiedSession` and the routes all read cookies through this.
 */
export function parseCookieHeader(
  header: string | null | undefined,
): Record<string, string | undefined> {
  const cookies: Record<string, string | undefined> = Object.create(null);
  const seen = new Set<string>();
  // `cookie` decodes each pair; splitting first lets us see every occurrence of a name (its own
  // parse keeps the first only, Next's RequestCookies the last).
  for (const pair of (header ?? "").split(";")) {
    for (const [name, value] of Object.entries(parse(pair))) {
      cookies[name] = seen.has(name) ? undefined : value;
      seen.add(name);
    }
  }
  return cookies;
}

export const readCookies = (request: Request) => parseCookieHeader(request.headers.get("cookie"));

export interface CookieOptions {
  path: string;
  /** Seconds; 0 clears the cookie. */
  maxAge: number;
  secure: boolean;
}

/** HttpOnly, SameSite=Lax, path-scoped: the only kind of cookie the helper sets. */
export const cookieHeader = (name: string, value: string, options: CookieOptions) =>
  serialize(name, value, {
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure,
    path: options.path,
    maxAge: options.maxAge,
  });

export const clearCookieHeader = (name: string, options: Omit<CookieOptions, "maxAge">) =>
  cookieHeader(name, "", { ...options, maxAge: 0 });
