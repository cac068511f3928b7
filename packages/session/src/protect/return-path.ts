import { safeReturnPath } from "@credport/core";

/**
 * A `redirect_url` (or any "return to" value) that is safe to navigate to: a path on this site,
 * never another origin (`//evil.com`, `/\evil.com`, `https:…`, or their encoded forms). Anything
 * else gives `fallback`. The path comes back normalised (dot segments resolved).
 *
 * @example
 * // app/verify/page.tsx
 * const returnTo = safeRedirectPath((await searchParams).redirect_url, "/members");
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  return safeReturnPath(value) ?? fallback;
}

/** Where to send the visitor back to after signing in: the request's path and query, made safe. */
export function returnPathOf(url: URL): string | undefined {
  const direct = safeReturnPath(url.pathname + url.search);
  if (direct) return direct;
  try {
    const collapsed = `/${decodeURIComponent(url.pathname).split("/").filter(Boolean).join("/")}`;
    return safeReturnPath(encodeURI(collapsed) + url.search);
  } catch {
    return undefined;
  }
}
