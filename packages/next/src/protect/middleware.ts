import { defaultSecureCookies, resolveOrDefer } from "../config/environment.js";
import type { GetUserRef } from "../config/next-config.js";
import { sessionKeyring } from "../config/session-secrets.js";
import { readCookies } from "../cookies/cookie-header.js";
import { readVerifiedSession } from "../cookies/verified-session.js";
import { isProtectedPath } from "./protected-path.js";
import { returnPathOf } from "./return-path.js";

/** The query parameter that carries the way back to the sign-in page. */
export const REDIRECT_URL_PARAM = "redirect_url";

export interface ProtectOptions {
  /** Path prefixes that need a verified session, e.g. `["/members"]`. */
  protect: string[];
  /** Where visitors without a session are sent, with `?redirect_url=<path and query>` added. */
  signInPath: string;
  /** Defaults to CREDPORT_SESSION_SECRET. */
  sessionSecret?: string | string[] | undefined;
  /** The same `getUserRef` as the handlers': a session passes only for the user who verified. */
  getUserRef?: GetUserRef | undefined;
  /** The same `secureCookies` as the handlers'. Default: on, except when NODE_ENV is `development`. */
  secureCookies?: boolean | undefined;
}

/**
 * A middleware (Next.js `proxy.ts`, `middleware.ts` before 16) that sends visitors without a
 * verified session to `signInPath?redirect_url=…`; returns `undefined` to let the request through.
 * A missing session secret fails here, at creation (except during `next build`).
 */
export function createCredportMiddleware(options: ProtectOptions) {
  const created = resolveOrDefer(() => sessionKeyring(options.sessionSecret), {
    deferInDevelopment: false,
  });
  return async (request: Request): Promise<Response | undefined> => {
    const url = new URL(request.url);
    if (
      !isProtectedPath(url.pathname, options.protect) ||
      isProtectedPath(url.pathname, [new URL(options.signInPath, url).pathname])
    )
      return undefined;
    const keyring = created.value ?? sessionKeyring(options.sessionSecret);
    const user = options.getUserRef
      ? { userRef: (await options.getUserRef(request)) || undefined }
      : undefined;
    const secure = options.secureCookies ?? defaultSecureCookies();
    if (await readVerifiedSession(readCookies(request), keyring, user, secure)) return undefined;
    const target = new URL(options.signInPath, url);
    const back = returnPathOf(url);
    if (back) target.searchParams.set(REDIRECT_URL_PARAM, back);
    return Response.redirect(target, 307);
  };
}
