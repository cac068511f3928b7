import { ModelError, validationError } from "../model/infrastructure/errors.js";
import type { FaultRule } from "../model/infrastructure/faults.js";
import type { Model } from "../model/model.js";
import { faultAnswer } from "./fault-answer.js";
import { fetchIncoming, toFetchResponse } from "./fetch-transport.js";
import { answerOnce } from "./idempotent-answer.js";
import { type Incoming, RequestContext } from "./incoming.js";
import { errorReply, internalError, newRequestId, toModelError } from "./responses.js";
import type { Answer, Route } from "./route.js";
import { RouteTable } from "./route-table.js";

/** Returned instead of a response when a fault says the connection drops after the write. */
export const DROP_CONNECTION = Symbol("credport.mock.dropConnection");
export type RouterResult = Response | typeof DROP_CONNECTION;
/** What {@link Router.serve} gives the transport to write: an answer, or a dropped connection. */
export type RouterOutcome = Answer | typeof DROP_CONNECTION;

/**
 * Serves the routes from one model. Both transports share everything below the way the request
 * arrives and the answer leaves: routing, faults, idempotency, the sweep, errors.
 */
export interface Router {
  /** Serves one Fetch request (msw, any Fetch server); `baseUrl` is where the service is reached (origin plus optional path). */
  handle(request: Request, baseUrl: string): Promise<RouterResult>;
  /**
   * Serves one request that a transport of its own carried (the emulator's node:http transport, in
   * `@credport/emulator`), without Fetch Request or Response objects for the built-in routes. Never
   * rejects; the transport writes the outcome (a {@link DROP_CONNECTION} closes the connection) and
   * calls `body.discard()` of a streamed answer it cannot write. `baseUrl` as for
   * {@link Router.handle}; `requestId` is the answer's `X-Request-ID`; `receivedAt` is the real
   * time (`Date.now()`) the transport read when the request came, if it read one.
   */
  serve(
    incoming: Incoming,
    baseUrl: string,
    requestId: string,
    receivedAt?: number,
  ): RouterOutcome | Promise<RouterOutcome>;
}

type Outcome = RouterOutcome;
type MaybePromise<T> = T | Promise<T>;

/** The verification routes browsers may call cross-origin (client token + publishable key). */
const VERIFICATIONS = "/v1/verifications/";
const BROWSER_READABLE_VERIFICATION_ROUTES = ["status", "events", "dc-api-response"];
/** Prefixes of the wallet endpoints, which browsers may call cross-origin too. */
const BROWSER_READABLE_PREFIXES = ["/oid4vci/", "/oid4vp/", "/.well-known/"];
const ALLOW_ORIGIN = "*";
const EXPOSE_HEADERS = "x-request-id, retry-after, date";
/**
 * CORS headers as the Fetch standard reads them: every answer of a browser-readable route says who
 * may read it and which headers a page may see; only a preflight's answer says which methods and
 * headers may be sent, and for how long (its Allow-Methods, Allow-Headers and Max-Age are read from
 * no other answer, and on every status read they were a third of its header bytes).
 */
const CORS_HEADERS: [string, string][] = [
  ["access-control-allow-origin", ALLOW_ORIGIN],
  ["access-control-expose-headers", EXPOSE_HEADERS],
];
const PREFLIGHT_HEADERS: [string, string][] = [
  ["access-control-allow-methods", "GET, POST, OPTIONS"],
  [
    "access-control-allow-headers",
    "authorization, x-publishable-key, content-type, last-event-id, dpop",
  ],
  ["access-control-max-age", "600"],
];

/** What a server that embeds the router adds to it (the emulator); msw handlers use none. */
export interface RouterOptions {
  /** The server also serves the test wallet page: test-mode create answers link to it. */
  servesTestWallet?: boolean;
}

/**
 * The routing engine over a route table; `createRouter` (../router.ts) hands it the service's
 * routes, so that this folder never depends on the protocol endpoints it serves.
 */
export function routerFor(model: Model, routes: Route<Model>[], options: RouterOptions): Router {
  const table = new RouteTable(routes);
  const base = baseCache();
  const servesTestWallet = options.servesTestWallet === true;

  /**
   * Everything between a request and its answer; never throws, and never answers an empty 500.
   * Synchronous as long as nothing waits (a body, a delay, an async route): most reads pay for
   * no promise at all, and a request without a fault for no closure either.
   */
  function serve(
    incoming: Incoming,
    baseUrl: string,
    requestId: string,
    receivedAt: number = Date.now(),
  ): MaybePromise<Outcome> {
    let cors = false;
    try {
      const { prefix, href } = base(baseUrl);
      const path = routePath(incoming.target, prefix);
      cors = isBrowserReadable(path);
      if (incoming.method === "OPTIONS")
        return finish({ status: 204, headers: {} }, requestId, cors, cors, receivedAt);
      model.sweep(model.clock.at(receivedAt));

      const v1 = path.startsWith("/v1/");
      if (v1) model.logRequest(incoming.method, path);
      const fault = v1 ? model.faults.take(incoming.method, path) : undefined;
      if (fault === undefined)
        return answered(attempt(incoming, path, href), requestId, cors, receivedAt);
      return withFault(fault, incoming, path, href, requestId, cors);
    } catch (error) {
      return failed(error, requestId, cors);
    }
  }

  /**
   * Every answer leaves through here: request ID, the service's `Date`, CORS headers. An answer
   * made in the same turn as its request takes its `Date` from the request's real time (with the
   * clock's offset as it is now, after a `clock/advance` too); a later one reads the clock again.
   */
  function finish(
    answer: Answer,
    requestId: string,
    cors: boolean,
    preflight: boolean,
    realNow: number = Date.now(),
  ): Answer {
    return finishAnswer(answer, requestId, serviceDate(model.clock.at(realNow)), cors, preflight);
  }

  /** An error's answer (its own status and code, or a bare 500), finished like any other. */
  function failed(error: unknown, requestId: string, cors: boolean): Answer {
    return finish(errorReply(toModelError(error)), requestId, cors, false);
  }

  /** The route's answer, finished once it is there. */
  function answered(
    answer: MaybePromise<Answer>,
    requestId: string,
    cors: boolean,
    receivedAt: number,
  ) {
    if (!(answer instanceof Promise)) return finish(answer, requestId, cors, false, receivedAt);
    return answer.then(
      (settled) => finish(settled, requestId, cors, false),
      (error) => failed(error, requestId, cors),
    );
  }

  /** A request an injected fault takes: answered instead, delayed, or dropped after the route ran. */
  function withFault(
    fault: FaultRule,
    incoming: Incoming,
    path: string,
    baseUrl: string,
    requestId: string,
    cors: boolean,
  ): MaybePromise<Outcome> {
    const early = faultAnswer(fault);
    if (early) return finish(early, requestId, cors, false);
    const settle = (answer: Answer): Outcome => {
      if (fault.kind !== "drop_after_write") return finish(answer, requestId, cors, false);
      discard(answer);
      return DROP_CONNECTION;
    };
    const run = () => {
      const answer = attempt(incoming, path, baseUrl);
      return answer instanceof Promise
        ? answer.then(settle, (error) => settle(errorReply(toModelError(error))))
        : settle(answer);
    };
    if (fault.kind !== "delay") return run();
    return new Promise((resolve) => setTimeout(resolve, fault.delayMs ?? 1000))
      .then(run)
      .catch((error) => failed(error, requestId, cors));
  }

  /** The route's answer; a route that throws answers its error. */
  function attempt(incoming: Incoming, path: string, baseUrl: string): MaybePromise<Answer> {
    try {
      return dispatch(incoming, path, baseUrl);
    } catch (error) {
      return errorReply(toModelError(error));
    }
  }

  function dispatch(incoming: Incoming, path: string, baseUrl: string): MaybePromise<Answer> {
    const match = table.match(incoming.method, path);
    if (match === "not_found")
      throw new ModelError(404, "route_not_found", `No route ${incoming.method} ${path}.`);
    if (match === "method_not_allowed")
      throw new ModelError(
        405,
        "method_not_allowed",
        `${incoming.method} is not allowed on ${path}.`,
      );
    const { route } = match;
    const params = decodeParams(match.params);
    if (incoming.method === "GET" || incoming.method === "HEAD")
      return runRoute(route, incoming, "", params, path, baseUrl);
    return incoming
      .readBody(model.limits.requestBodyBytes)
      .then((body) => runRoute(route, incoming, body, params, path, baseUrl));
  }

  /** Runs a route on its request; a POST with an `Idempotency-Key` to the API is answered once. */
  function runRoute(
    route: Route<Model>,
    incoming: Incoming,
    body: string,
    params: Record<string, string>,
    path: string,
    baseUrl: string,
  ): MaybePromise<Answer> {
    const ctx = new RequestContext(incoming, body, params, baseUrl, model, servesTestWallet);
    const key = incoming.method === "POST" ? ctx.header("idempotency-key") : null;
    if (key !== null && path.startsWith("/v1/"))
      return answerOnce(ctx, key, `POST ${path}`, () => route.handle(ctx));
    return route.handle(ctx);
  }

  return {
    async handle(request, baseUrl) {
      const requestId = newRequestId();
      const answer = await serve(fetchIncoming(request), baseUrl, requestId);
      if (answer === DROP_CONNECTION) return answer;
      try {
        return toFetchResponse(answer, request.signal);
      } catch {
        discard(answer);
        const failure = errorReply(internalError());
        failure.headers["x-request-id"] = requestId;
        return toFetchResponse(failure, request.signal);
      }
    },
    serve,
  };
}

/** The `Date` header of the current second, made once a second (it is on every answer). */
let dateSecond = Number.NaN;
let dateHeader = "";
function serviceDate(now: number): string {
  const second = Math.floor(now / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateHeader = new Date(second * 1000).toUTCString();
  }
  return dateHeader;
}

/**
 * Browsers may call these cross-origin: `/v1/verifications/{id}/status|events|dc-api-response`
 * (a non-empty ID without `/`) and the wallet endpoints. String checks: this runs on every request.
 */
function isBrowserReadable(path: string): boolean {
  if (path.startsWith(VERIFICATIONS)) {
    const slash = path.indexOf("/", VERIFICATIONS.length);
    if (slash <= VERIFICATIONS.length) return false;
    // Compared in place: a slice of the path to look up would be a new string per request.
    const leafLength = path.length - slash - 1;
    for (const leaf of BROWSER_READABLE_VERIFICATION_ROUTES)
      if (leaf.length === leafLength && path.startsWith(leaf, slash + 1)) return true;
    return false;
  }
  for (const prefix of BROWSER_READABLE_PREFIXES) if (path.startsWith(prefix)) return true;
  return false;
}

/**
 * Every answer carries its request ID and the service's time (`Date`, from the model's clock, so
 * that clients correcting their clock by it follow `clock/advance` too); browser-readable ones the
 * CORS headers, and their preflights' answers the preflight headers too.
 */
function finishAnswer(
  answer: Answer,
  requestId: string,
  date: string,
  cors: boolean,
  preflight: boolean,
): Answer {
  if (answer instanceof Response) {
    answer.headers.set("x-request-id", requestId);
    answer.headers.set("date", date);
    if (cors) for (const [name, value] of CORS_HEADERS) answer.headers.set(name, value);
    if (preflight) for (const [name, value] of PREFLIGHT_HEADERS) answer.headers.set(name, value);
  } else {
    const { headers } = answer;
    headers["x-request-id"] = requestId;
    headers.date = date;
    // Named one by one: a store under a name that changes from one pass to the next (a loop over
    // the list) is a slow, generic store in V8, and this runs on every answer.
    if (cors) {
      headers["access-control-allow-origin"] = ALLOW_ORIGIN;
      headers["access-control-expose-headers"] = EXPOSE_HEADERS;
    }
    if (preflight) for (const [name, value] of PREFLIGHT_HEADERS) headers[name] = value;
  }
  return answer;
}

/** `:param` values decoded; a value that is not valid percent-encoded UTF-8 is 400, naming the path. */
function decodeParams(params: Record<string, string>): Record<string, string> {
  for (const name in params) {
    const value = params[name]!;
    if (!value.includes("%")) continue;
    try {
      params[name] = decodeURIComponent(value);
    } catch {
      throw validationError(`path: the ${name} segment is not valid percent-encoded UTF-8`, {
        field: "path",
      });
    }
  }
  return params;
}

/** The path below the service's base path, without the query string. */
function routePath(target: string, prefix: string): string {
  const query = target.indexOf("?");
  const pathname = query === -1 ? target : target.slice(0, query);
  if (prefix === "" || !pathname.startsWith(prefix)) return pathname;
  return pathname.slice(prefix.length) || "/";
}

/** The parts of a base URL the router needs, worked out once per distinct base URL. */
function baseCache() {
  let last: { baseUrl: string; origin: string; prefix: string; href: string } | undefined;
  return (baseUrl: string) => {
    if (last?.baseUrl !== baseUrl) {
      const url = new URL(baseUrl);
      last = {
        baseUrl,
        origin: url.origin,
        prefix: url.pathname.replace(/\/$/, ""),
        href: url.href.replace(/\/$/, ""),
      };
    }
    return last;
  };
}

/** An answer that will never be sent gives back what it holds (a realtime stream's place). */
function discard(answer: Answer): void {
  if (!(answer instanceof Response) && typeof answer.body === "object") answer.body.discard();
}
