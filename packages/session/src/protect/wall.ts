import type { GetUserRef } from "../config/session-config.js";
import { sessionKeyring } from "../config/session-secrets.js";
import { readCookies } from "../cookies/cookie-header.js";
import { readVerifiedSession, type VerifiedSession } from "../cookies/verified-session.js";
import {
  configurationError,
  defaultSecureCookies,
  relabelled,
  resolveOrDefer,
  SESSION_LABEL,
} from "../environment.js";
import { isSessionTelemetry, type SessionTelemetry } from "../telemetry/session-observer.js";
import { isProtectedPath, isSignInPage } from "./protected-path.js";
import { returnPathOf } from "./return-path.js";

/** The query parameter that carries the way back to the sign-in page. */
export const REDIRECT_URL_PARAM = "redirect_url";

// Whether a session was there is only true for this request: no cache may keep the answer.
const NO_STORE = "no-store";

/**
 * Whether the request is the browser loading a page (the only request the wall redirects). The
 * Next.js router's fetches (which Next strips of their `RSC` headers before the middleware, but
 * not of `Next-Url` or `Sec-Fetch-Dest: empty`) and prefetches (`Sec-Purpose`, `Purpose`) are not:
 * the router keeps what they answered, a redirect included, and would follow the wall's redirect
 * again after the visitor has verified. With `anyDestination` (a loader's `{ page: true }`), a fetch
 * counts as a page load; a prefetch or a router's fetch still does not.
 */
function isPageLoad(headers: Headers, anyDestination: boolean): boolean {
  const dest = headers.get("sec-fetch-dest");
  return (
    (anyDestination ||
      dest === null ||
      dest === "document" ||
      dest === "iframe" ||
      dest === "frame") &&
    !/prefetch/i.test(`${headers.get("sec-purpose")} ${headers.get("purpose")}`) &&
    !["next-url", "rsc", "next-router-prefetch"].some((name) => headers.has(name))
  );
}

export interface ProtectOptions {
  /** Path prefixes that need a verified session, e.g. `["/members"]`. */
  protect: string[];
  /**
   * Where visitors without a session are sent, with `?redirect_url=<path and query>` added. This
   * page itself (its exact path, whatever its query) is never walled, even under `protect`; any
   * other path is, so `"/"` is a valid sign-in page and exempts only the home page.
   */
  signInPath: string;
  /** Defaults to CREDPORT_SESSION_SECRET. */
  sessionSecret?: string | string[] | undefined;
  /** The same `getUserRef` as the handlers': a session passes only for the user who verified. */
  getUserRef?: GetUserRef | undefined;
  /** The same `secureCookies` as the handlers'. Default: on, except when NODE_ENV is `development`. */
  secureCookies?: boolean | undefined;
  /** OpenTelemetry, as the handlers take it: a `credport.session.protect` span per check. */
  telemetry?: SessionTelemetry | undefined;
}

/** How `requireVerified` and `authorize` read the request. */
export interface RefusalOptions {
  /**
   * `true` when the request is for a page whatever the browser's headers say: a React Router
   * loader runs on the server for the document and for the client-side navigation's data fetch
   * (`/members.data`, a fetch) alike, and only a redirect is followed by the router in both. The
   * refusal is then the `307` to the sign-in page (`no-store`) whatever `Sec-Fetch-Dest` says; a
   * prefetch still gets the `401`, since whatever answers it is kept for the navigation after.
   */
  page?: boolean | undefined;
}

/** The wall in front of protected pages, framework-free: each takes the request, nothing else. */
export interface Wall {
  /**
   * For a request under `protect` (the sign-in page excepted) without a verified session: the
   * answer that stops it (`307` to the sign-in page for a page load, `401` otherwise, both
   * `no-store`). `undefined` lets the request through.
   */
  wall(request: Request): Promise<Response | undefined>;
  /**
   * @internal `wall` for an adapter whose framework routes on a path of its own reading (the raw
   * path, cut where its router cuts it): walled when either reading is protected.
   */
  wallRouted(request: Request, routedPath: string): Promise<Response | undefined>;
  /**
   * The same answer for any request without a verified session, whatever its path. In a router's
   * loader, pass `{ page: true }`: the redirect for its data requests too.
   */
  requireVerified(request: Request, options?: RefusalOptions): Promise<Response | undefined>;
  /** One read for both: the verified session, or the answer that stops the request. */
  authorize(request: Request, options?: RefusalOptions): Promise<Authorization>;
  /** The request's verified session (for `getUserRef`'s user), or `null`. */
  getSession(request: Request): Promise<VerifiedSession | null>;
}

/** A request's verified session, or the answer `requireVerified` gives without one. */
export type Authorization =
  | { session: VerifiedSession; refusal?: undefined }
  | { session: null; refusal: Response };

/**
 * The wall: `wall` for a middleware over every request, `requireVerified` for one route. A
 * missing session secret fails here, at creation (except during `next build`).
 */
export function createWall(
  options: Omit<ProtectOptions, "protect"> & { protect?: string[] | undefined },
  label = SESSION_LABEL,
): Wall {
  const created = resolveOrDefer(() => sessionKeyring(options.sessionSecret), {
    deferInDevelopment: false,
    label,
  });
  const getSession = async (request: Request) => {
    const keyring = created.value ?? relabelled(() => sessionKeyring(options.sessionSecret), label);
    const user = options.getUserRef
      ? { userRef: (await options.getUserRef(request)) || undefined }
      : undefined;
    const secure = options.secureCookies ?? defaultSecureCookies();
    return readVerifiedSession(readCookies(request), keyring, user, secure);
  };
  const refusalOf = (request: Request, page: boolean): Response => {
    if (!isPageLoad(request.headers, page))
      return Response.json(
        { code: "verified_session_required", message: "No verified session." },
        { status: 401, headers: { "cache-control": NO_STORE } },
      );
    const url = new URL(request.url);
    const target = new URL(options.signInPath, url);
    const back = returnPathOf(url);
    if (back) target.searchParams.set(REDIRECT_URL_PARAM, back);
    // Relative on the same site: the request's Host (or an absolute-form request target) is the
    // sender's to choose, and must not choose where the visitor is sent.
    const location = target.origin === url.origin ? target.pathname + target.search : target.href;
    return new Response(null, {
      status: 307,
      headers: { location, "cache-control": NO_STORE },
    });
  };
  const { telemetry } = options;
  if (telemetry !== undefined && !isSessionTelemetry(telemetry))
    relabelled(() => {
      throw configurationError(
        "telemetry must be made by createTelemetry from @credport/session/telemetry.",
      );
    }, label);
  const authorize = (request: Request, refusal?: RefusalOptions): Promise<Authorization> => {
    const check = async (): Promise<Authorization> => {
      const session = await getSession(request);
      return session
        ? { session }
        : { session: null, refusal: refusalOf(request, refusal?.page === true) };
    };
    return telemetry ? telemetry.observeProtect(check) : check();
  };
  const requireVerified = async (request: Request, refusal?: RefusalOptions) =>
    (await authorize(request, refusal)).refusal;
  // Every reading of the path the request may be routed by: walled when one of them is under
  // `protect` and is not the sign-in page itself (exact path: a prefix rule would make
  // `signInPath: "/"` exempt everything).
  const wallRouted = async (request: Request, ...routedPaths: string[]) => {
    const url = new URL(request.url);
    const signIn = new URL(options.signInPath, url).pathname;
    const walled = [url.pathname, ...routedPaths].some(
      (path) => isProtectedPath(path, options.protect ?? []) && !isSignInPage(path, signIn),
    );
    return walled ? requireVerified(request) : undefined;
  };
  const wall = (request: Request) => wallRouted(request);
  return { wall, wallRouted, requireVerified, authorize, getSession };
}

/**
 * A middleware (Next.js `proxy.ts`, `middleware.ts` before 16; any Fetch framework) that sends
 * visitors without a verified session to `signInPath?redirect_url=…` (`307`,
 * `Cache-Control: no-store`); returns `undefined` to let the request through. Any other request
 * without a session — a router's fetches and prefetches — gets `401 no-store` instead of the
 * redirect: the router then loads the page itself (and meets the redirect), and keeps no redirect
 * for after verification. A missing session secret fails here, at creation (except during `next build`).
 */
export function createCredportMiddleware(options: ProtectOptions, label = SESSION_LABEL) {
  return createWall(options, label).wall;
}
