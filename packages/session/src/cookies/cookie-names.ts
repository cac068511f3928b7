/**
 * Cookie names and scopes. Where cookies are `Secure`, they are `__Host-` cookies: browsers keep
 * one only when it is Secure, has Path=/ and no Domain, so neither a sibling subdomain nor a
 * plain-HTTP response (a network attacker) can set or shadow it. That fixes the pending cookie's
 * path to `/` too (it is then sent to every page while a verification is pending: at most
 * `maxPendingVerifications` of them, about 400 bytes each, for at most 10 minutes). Where they are
 * not Secure (development, `secureCookies: false`), the plain names and the pending cookie's
 * `basePath` scope of earlier versions stay.
 */
const HOST_PREFIX = "__Host-";
const SESSION = "credport_session";
const PENDING = "credport_pending_";
const BROWSER = "credport_browser";

/** Where a cookie lives: what Set-Cookie needs to set or clear it. */
export interface CookieScope {
  name: string;
  path: string;
  secure: boolean;
}

export const sessionCookie = (secure: boolean): CookieScope => ({
  name: secure ? `${HOST_PREFIX}${SESSION}` : SESSION,
  path: "/",
  secure,
});

/**
 * A random ID that tells one browser from another for the rate limit on starting verifications:
 * it says nothing about the user, and sign-out clears it.
 */
export const browserCookie = (secure: boolean): CookieScope => ({
  name: secure ? `${HOST_PREFIX}${BROWSER}` : BROWSER,
  path: "/",
  secure,
});

/** One cookie per verification, so that tabs do not overwrite each other's binding. */
export const pendingCookie = (
  verificationId: string,
  secure: boolean,
  basePath: string,
): CookieScope => ({
  name: `${secure ? HOST_PREFIX : ""}${PENDING}${verificationId.replace(/[^A-Za-z0-9_-]/g, "")}`,
  path: secure ? "/" : basePath,
  secure,
});

/** Whether `name` is a pending cookie of this kind (`__Host-` or plain). */
export const isPendingCookie = (name: string, secure: boolean) =>
  name.startsWith(secure ? `${HOST_PREFIX}${PENDING}` : PENDING);

/**
 * Every Credport cookie in `names` of either kind, with the scope to clear it: sign-out clears
 * what earlier versions set (plain names) as well as the `__Host-` ones.
 */
export function credportCookies(names: string[], secure: boolean, basePath: string): CookieScope[] {
  return names.flatMap((name): CookieScope[] => {
    const hostOnly = name.startsWith(HOST_PREFIX);
    const bare = hostOnly ? name.slice(HOST_PREFIX.length) : name;
    if (bare !== SESSION && bare !== BROWSER && !bare.startsWith(PENDING)) return [];
    const path = hostOnly || bare === SESSION || bare === BROWSER ? "/" : basePath;
    return [{ name, path, secure: hostOnly || secure }];
  });
}

/**
 * The value a reader uses for `scope`'s cookie: the `__Host-` cookie when one was sent (it can only
 * have come from this host over HTTPS); the plain name only where cookies are not Secure, so that
 * a plain cookie tossed from a sibling subdomain is never read where they are.
 */
export function pickCookie(
  cookies: Record<string, string | undefined>,
  scope: CookieScope,
): string | undefined {
  const bare = scope.name.startsWith(HOST_PREFIX)
    ? scope.name.slice(HOST_PREFIX.length)
    : scope.name;
  const hostOnly = `${HOST_PREFIX}${bare}`;
  if (Object.hasOwn(cookies, hostOnly)) return cookies[hostOnly];
  return scope.secure ? undefined : cookies[bare];
}
