import type { CredportSessionConfig } from "./config/session-config.js";
import type { VerifiedSession } from "./cookies/verified-session.js";
import { SESSION_LABEL } from "./environment.js";
import { type Authorization, createWall, type RefusalOptions, type Wall } from "./protect/wall.js";
import { createCredportHandler, type RequestContext } from "./routes/handlers.js";

export interface CredportSessionOptions extends CredportSessionConfig {
  /** Path prefixes `wall` keeps for verified visitors, e.g. `["/members"]`. Default: none. */
  protect?: string[] | undefined;
  /** Where visitors without a session are sent, with `?redirect_url=<path and query>`. Default `/verify`. */
  signInPath?: string | undefined;
}

/** Credport sessions for one app, on Fetch `Request`/`Response`. */
export interface CredportSession {
  /** Where `handler` expects to be mounted (`basePath`, default `/api/credport`). */
  readonly basePath: string;
  /**
   * Every route of the browser flow: `POST verifications`, `GET verifications/{id}/status`,
   * `GET`/`POST`/`DELETE session`, `POST webhooks`, under `basePath`. Pass the socket's address
   * as `context.remoteAddress` where the runtime gives it (see {@link RequestContext}).
   */
  handler(request: Request, context?: RequestContext): Promise<Response>;
  /**
   * For a middleware over every request: the answer that stops a request under `protect` without
   * a verified session (`307` to `signInPath` for a page load, `401` otherwise), or `undefined`.
   */
  wall(request: Request): Promise<Response | undefined>;
  /**
   * The same answer for any request without a verified session, whatever its path. In a router's
   * loader that runs on the server for a client-side navigation too (React Router), pass
   * `{ page: true }`: then it is the redirect for the navigation's data request, which the router
   * follows.
   */
  requireVerified(request: Request, options?: RefusalOptions): Promise<Response | undefined>;
  /**
   * One read for both: `{ session }` when the request has a verified session, else
   * `{ session: null, refusal }` with the answer `requireVerified` gives. For a middleware that
   * hands the session on to the page.
   */
  authorize(request: Request, options?: RefusalOptions): Promise<Authorization>;
  /** The request's verified session (for `getUserRef`'s user), or `null`. */
  getSession(request: Request): Promise<VerifiedSession | null>;
}

/**
 * Credport sessions on the Fetch API: one `handler` for the routes, and the wall in front of your
 * pages. Configuration is checked here (see {@link CredportSessionConfig}).
 *
 * @example
 * // Hono
 * const credport = createCredportSession({ policyId: "preset_age_over_18", protect: ["/members"] });
 * app.all("/api/credport/*", (c) =>
 *   credport.handler(c.req.raw, { remoteAddress: getConnInfo(c).remote.address }),
 * );
 * app.use(async (c, next) => (await credport.wall(c.req.raw)) ?? next());
 */
export function createCredportSession(
  options: CredportSessionOptions,
  /** @internal How messages name the adapter in use. */
  label = SESSION_LABEL,
): CredportSession {
  const { session } = createSessionParts(options, label);
  return session;
}

/**
 * @internal The session and what the Node adapters need beside it: the wall reading the path
 * as their framework routes it, and whether `protect` was given.
 */
export function createSessionParts(
  options: CredportSessionOptions,
  label: string,
): { session: CredportSession; wall: Wall; protects: boolean } {
  const { protect, signInPath = "/verify", ...config } = options;
  const handler = createCredportHandler(config, label);
  const wall = createWall(
    {
      protect,
      signInPath,
      sessionSecret: config.sessionSecret,
      getUserRef: config.getUserRef,
      secureCookies: config.secureCookies,
      telemetry: config.telemetry,
    },
    label,
  );
  const session: CredportSession = {
    basePath: (config.basePath ?? "/api/credport").replace(/\/+$/, ""),
    handler,
    wall: wall.wall,
    requireVerified: wall.requireVerified,
    authorize: wall.authorize,
    getSession: wall.getSession,
  };
  return { session, wall, protects: (protect ?? []).length > 0 };
}
