import { safeReturnPath } from "@credport/core";

/** The query parameter `@credport/next`'s middleware puts the protected page's path in. */
export const RETURN_PARAM = "redirect_url";

// The rule itself is @credport/core's, shared with @credport/next's safeRedirectPath.
export { safeReturnPath };

/** The current page's `?redirect_url=`, if it is a path on this site. */
export function returnPathFromLocation(): string | undefined {
  if (typeof location === "undefined") return undefined;
  return safeReturnPath(new URLSearchParams(location.search).get(RETURN_PARAM));
}
