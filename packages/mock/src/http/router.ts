import { ModelError, validationError } from "../model/errors.js";
import type { Model } from "../model/model.js";
import { createProtocolRoutes } from "../protocol/routes.js";
import { errorResponse, newRequestId, toModelError } from "./responses.js";
import type { Route } from "./route.js";
import { controlPlaneRoutes } from "./routes/control-plane.js";
import { definitionRoutes } from "./routes/definitions.js";
import { issuanceRoutes } from "./routes/issuance.js";
import { policyRoutes } from "./routes/policies.js";
import { verificationRoutes } from "./routes/verifications.js";

/** Returned instead of a response when a fault says the connection drops after the write. */
export const DROP_CONNECTION = Symbol("credport.mock.dropConnection");
export type RouterResult = Response | typeof DROP_CONNECTION;

export interface Router {
  /** Serves one request; `baseUrl` is where the service is reached (origin plus optional path). */
  handle(request: Request, baseUrl: string): Promise<RouterResult>;
}

interface CompiledRoute {
  route: Route<Model>;
  regex: RegExp;
  names: string[];
}

/** Browsers may read these cross-origin: status and realtime (client token + publishable key) and the wallet endpoints. */
const BROWSER_READABLE = [
  /^\/v1\/verifications\/[^/]+\/(status|events)$/,
  /^\/oid4v(ci|p)\//,
  /^\/\.well-known\//,
];
const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, OPTIONS",
  "access-control-allow-headers":
    "authorization, x-publishable-key, content-type, last-event-id, dpop",
  "access-control-expose-headers": "x-request-id, retry-after",
  "access-control-max-age": "600",
};

export interface RouterOptions {
  /** The server also serves the test wallet page: test-mode create responses link to it. */
  servesTestWallet?: boolean;
}

export function createRouter(
  model: Model,
  routes: Route<Model>[] = allRoutes(),
  options: RouterOptions = {},
): Router {
  const compiled = routes.map(compile);

  return {
    async handle(request, baseUrl) {
      const requestId = newRequestId();
      const url = new URL(request.url);
      const base = new URL(baseUrl);
      const prefix = base.pathname.replace(/\/$/, "");
      const path = url.pathname.startsWith(prefix)
        ? url.pathname.slice(prefix.length) || "/"
        : url.pathname;
      const cors = BROWSER_READABLE.some((re) => re.test(path));
      const finish = (response: Response) => {
        response.headers.set("x-request-id", requestId);
        if (cors)
          for (const [name, value] of Object.entries(CORS_HEADERS))
            response.headers.set(name, value);
        return response;
      };

      if (request.method === "OPTIONS") return finish(new Response(null, { status: 204 }));
      model.sweep();

      if (path.startsWith("/v1/")) {
        model.requestLog.push({ method: request.method, path });
        if (model.requestLog.length > 5000) model.requestLog.shift();
      }
      const fault = path.startsWith("/v1/") ? model.faults.take(request.method, path) : undefined;
      if (fault?.kind === "server_error")
        return finish(
          errorResponse(new ModelError(500, "internal_error", "Injected fault: internal error.")),
        );
      if (fault?.kind === "service_unavailable") {
        return finish(
          errorResponse(
            new ModelError(503, "service_unavailable", "Injected fault: service unavailable."),
          ),
        );
      }
      if (fault?.kind === "rate_limited") {
        const retryAfter = String(fault.retryAfter ?? 1);
        return finish(
          errorResponse(
            new ModelError(429, "rate_limited", "Too many requests; retry later.", undefined, {
              "retry-after": retryAfter,
            }),
          ),
        );
      }

      if (fault?.kind === "bad_gateway_html") {
        // What a proxy in front of the service answers: not JSON at all.
        return finish(
          new Response("<html><body>502 Bad Gateway</body></html>", {
            status: 502,
            headers: { "content-type": "text/html" },
          }),
        );
      }
      if (fault?.kind === "delay")
        await new Promise((resolve) => setTimeout(resolve, fault.delayMs ?? 1000));

      let response: Response;
      try {
        response = await dispatch(
          model,
          compiled,
          request,
          url,
          path,
          base.href.replace(/\/$/, ""),
          options.servesTestWallet === true,
        );
      } catch (error) {
        response = errorResponse(toModelError(error));
      }
      if (fault?.kind === "drop_after_write") return DROP_CONNECTION;
      return finish(response);
    },
  };
}

export function allRoutes(): Route<Model>[] {
  return [
    ...definitionRoutes,
    ...issuanceRoutes,
    ...policyRoutes,
    ...verificationRoutes,
    ...controlPlaneRoutes,
    ...createProtocolRoutes(),
  ];
}

async function dispatch(
  model: Model,
  routes: CompiledRoute[],
  request: Request,
  url: URL,
  path: string,
  baseUrl: string,
  servesTestWallet: boolean,
): Promise<Response> {
  let pathMatched = false;
  for (const { route, regex, names } of routes) {
    const match = regex.exec(path);
    if (!match) continue;
    pathMatched = true;
    if (route.method !== request.method) continue;
    const params: Record<string, string> = {};
    names.forEach((name, i) => {
      params[name] = decodeURIComponent(match[i + 1]!);
    });
    const idempotencyKey = request.headers.get("idempotency-key");
    if (request.method === "POST" && idempotencyKey !== null && path.startsWith("/v1/")) {
      return withIdempotency(model, request, idempotencyKey, `${request.method} ${path}`, (body) =>
        route.handle({
          request: withBody(request, body),
          url,
          params,
          baseUrl,
          model,
          servesTestWallet,
        }),
      );
    }
    return route.handle({ request, url, params, baseUrl, model, servesTestWallet });
  }
  if (pathMatched)
    return errorResponse(
      new ModelError(405, "method_not_allowed", `${request.method} is not allowed on ${path}.`),
    );
  return errorResponse(
    new ModelError(404, "route_not_found", `No route ${request.method} ${path}.`),
  );
}

/**
 * Replays the stored answer to a repeated key, refuses a key reused for another request, and stores
 * every answer that is not a server error (a 5xx may be retried with the same key).
 */
async function withIdempotency(
  model: Model,
  request: Request,
  key: string,
  route: string,
  run: (body: string) => Promise<Response> | Response,
): Promise<Response> {
  if (key.trim() === "" || key.length > 255)
    throw validationError("Idempotency-Key: 1 to 255 characters", { field: "Idempotency-Key" });
  const body = await request.text();
  let tenant: { projectId: string; environment: "test" | "live" };
  try {
    tenant = model.keys.authenticateSecret(request.headers.get("x-service-key"));
  } catch {
    return run(body);
  }
  const stored = model.idempotency.lookup(tenant, key, route, body);
  if (stored)
    return new Response(stored.body, {
      status: stored.status,
      headers: { ...stored.headers, "idempotent-replayed": "true" },
    });
  const response = await run(body);
  if (response.status < 500) {
    const text = await response.clone().text();
    model.idempotency.store(tenant, key, route, body, {
      status: response.status,
      body: text,
      headers: Object.fromEntries(response.headers),
    });
  }
  return response;
}

const withBody = (request: Request, body: string) =>
  new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body,
    signal: request.signal,
  });

function compile(route: Route<Model>): CompiledRoute {
  const names: string[] = [];
  const source = route.pattern
    .split("/")
    .map((segment) => {
      if (segment.startsWith(":")) {
        names.push(segment.slice(1));
        return "([^/]+)";
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return { route, regex: new RegExp(`^${source}$`), names };
}
