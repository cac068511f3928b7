import type { IncomingMessage, ServerResponse } from "node:http";
import { type ResolvedLogger, resolveLogger } from "@credport/core";
import type { VerifiedSession } from "./cookies/verified-session.js";
import { badHostResponse } from "./node/bad-host.js";
import { bodyAlreadyRead, bodyAlreadyReadResponse } from "./node/body-already-read.js";
import { requestUrl, toFetchRequest, toHeadersOnlyRequest } from "./node/node-request.js";
import { routedPath } from "./node/routed-path.js";
import { sendFetchResponse } from "./node/send-response.js";
import { type CredportSessionOptions, createSessionParts } from "./session.js";

export type { VerifiedSession } from "./cookies/verified-session.js";
export type { CredportSessionOptions } from "./session.js";

const EXPRESS_LABEL = "credport/express";

/**
 * The few fields of an Express request (4 or 5) the adapter reads, over Node's `IncomingMessage`:
 * any Express `Request` is one, whichever `@types/express` major the app uses.
 */
export interface ExpressRequestLike extends IncomingMessage {
  /** The path and query as the browser sent them, mount paths included. */
  originalUrl?: string;
  /** `http` or `https`, as Express decided it (`X-Forwarded-Proto` only with `trust proxy` set). */
  protocol?: string;
  /** Set by a body parser: its presence on a Credport route is an error (see `router`). */
  body?: unknown;
  /** The path the router is mounted at (`""` at the root). */
  baseUrl?: string;
}

/** Express's `next`. */
export type ExpressNext = (error?: unknown) => void;

/** An Express middleware, as `app.use` and route methods take it. */
export type ExpressMiddleware = (
  req: ExpressRequestLike,
  res: ServerResponse,
  next: ExpressNext,
) => void;

/** Credport sessions in an Express 4 or 5 app. */
export interface CredportExpress {
  /** Where the routes answer: the full path the browser requests (default `/api/credport`). */
  readonly basePath: string;
  /**
   * The routes of the browser flow (`verifications`, `session`, `webhooks`) under `basePath`; any
   * other request goes on to `next()`. Mount it before any body parser (`express.json()`, …): the
   * routes read the raw body under their own cap (`413` beyond it), and answer a request whose body
   * a parser already read with `500 body_already_read`. `basePath` is the whole public path, mount
   * paths included: with `app.use("/auth", credport.router)`, set `basePath: "/auth/api/credport"`.
   *
   * With `protect`, it is also the wall in front of every other request: mount it at the root
   * (`app.use(credport.router)`), before the protected routes. Mounted under a path it would not
   * see the others, so it answers `500 configuration_error` instead.
   */
  readonly router: ExpressMiddleware;
  /**
   * A middleware that lets only verified sessions through: `app.get("/members",
   * credport.requireVerified, handler)`. Without one: `307` to `signInPath?redirect_url=…` for a
   * page load, `401` (`no-store`) otherwise.
   */
  readonly requireVerified: ExpressMiddleware;
  /** The request's verified session, or `null`. */
  getSession(req: ExpressRequestLike): Promise<VerifiedSession | null>;
}

/** The request URL from the `Host` header, Express's `req.protocol`, and `req.originalUrl`. */
function urlOf(req: ExpressRequestLike): URL | undefined {
  return requestUrl(req, {
    protocol:
      req.protocol ?? ("encrypted" in req.socket && req.socket.encrypted ? "https" : "http"),
    pathAndQuery: req.originalUrl ?? req.url ?? "/",
  });
}

/** Whether this path is `basePath` or under it, as the Fetch handler will read it (dot segments resolved). */
function isUnder(pathAndQuery: string, basePath: string): boolean {
  let pathname: string;
  try {
    pathname = new URL(pathAndQuery, "http://localhost").pathname;
  } catch {
    return false;
  }
  return pathname === basePath || pathname.startsWith(`${basePath}/`);
}

/** `protect` with the router mounted under a path: the wall would not see the other requests. */
function mountedWallResponse(mountPath: string, log: ResolvedLogger): Response {
  const message = `${EXPRESS_LABEL}: protect needs credport.router mounted at the root (app.use(credport.router)); mounted at "${mountPath}" it does not see the requests it should wall. Mount it at the root, or drop protect and put credport.requireVerified on each protected route.`;
  log.error(message);
  return Response.json(
    { code: "configuration_error", message },
    { status: 500, headers: { "cache-control": "no-store" } },
  );
}

/**
 * Credport sessions for Express 4 and 5: a `router` to mount before your body parsers (with
 * `protect`, also the wall in front of every request), a `requireVerified` middleware, and
 * `getSession(req)`. Configuration is checked here (see
 * {@link CredportSessionOptions}); the secrets default to the `CREDPORT_*` environment variables.
 *
 * @example
 * import { createCredportExpress } from "@credport/session/express";
 *
 * const credport = createCredportExpress({ policyId: "preset_age_over_18" });
 * app.use(credport.router); // before express.json()
 * app.get("/members", credport.requireVerified, (req, res) => res.send("Welcome"));
 */
export function createCredportExpress(options: CredportSessionOptions): CredportExpress {
  const { session, wall, protects } = createSessionParts(options, EXPRESS_LABEL);
  const log = resolveLogger(options.logger);
  const fail = (res: ServerResponse, next: ExpressNext, answer: Response) =>
    sendFetchResponse(res, answer).catch(next);

  // The session `requireVerified` let through, for `getSession` on the same request: one read, and
  // the page never meets `null` after the check passed (an expiry in between).
  const admitted = new WeakMap<ExpressRequestLike, VerifiedSession>();

  // `protect`: every request outside the routes meets the wall first, read as Express routes it
  // (the raw path) as well as the URL's way (dot segments resolved).
  const walled: ExpressMiddleware = (req, res, next) => {
    if (req.baseUrl) {
      fail(res, next, mountedWallResponse(req.baseUrl, log));
      return;
    }
    const url = urlOf(req);
    if (!url) {
      fail(res, next, badHostResponse(EXPRESS_LABEL));
      return;
    }
    const request = toHeadersOnlyRequest(req, url);
    wall.wallRouted(request, routedPath(req.originalUrl ?? req.url ?? "/")).then((refusal) => {
      if (refusal) return sendFetchResponse(res, refusal);
      next();
    }, next);
  };

  const router: ExpressMiddleware = (req, res, next) => {
    const pathAndQuery = req.originalUrl ?? req.url ?? "/";
    if (!isUnder(pathAndQuery, session.basePath)) return protects ? walled(req, res, next) : next();
    if (bodyAlreadyRead(req)) {
      fail(
        res,
        next,
        bodyAlreadyReadResponse(
          EXPRESS_LABEL,
          "Mount app.use(credport.router) before express.json(), express.urlencoded() and any other body parser.",
          log,
        ),
      );
      return;
    }
    const url = urlOf(req);
    if (!url) {
      fail(res, next, badHostResponse(EXPRESS_LABEL));
      return;
    }
    session
      .handler(toFetchRequest(req, res, url), { remoteAddress: req.socket.remoteAddress })
      .then((response) => sendFetchResponse(res, response))
      .catch(next);
  };

  const requireVerified: ExpressMiddleware = (req, res, next) => {
    const url = urlOf(req);
    if (!url) {
      fail(res, next, badHostResponse(EXPRESS_LABEL));
      return;
    }
    session.authorize(toHeadersOnlyRequest(req, url)).then(({ session: found, refusal }) => {
      if (refusal) return sendFetchResponse(res, refusal);
      admitted.set(req, found);
      next();
    }, next);
  };

  return {
    basePath: session.basePath,
    router,
    requireVerified,
    async getSession(req) {
      const found = admitted.get(req);
      if (found) return found;
      const url = urlOf(req);
      return url ? session.getSession(toHeadersOnlyRequest(req, url)) : null;
    },
  };
}
