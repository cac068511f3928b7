import { type ResolvedLogger, resolveLogger } from "@credport/core";
import {
  CredportConnectionError,
  CredportError,
  CredportSignatureVerificationError,
  CredportValidationError,
} from "@credport/server";
import { type ResolvedConfig, resolveConfig } from "../config/resolve-config.js";
import type { CredportSessionConfig } from "../config/session-config.js";
import { isDevelopment, relabel, resolveOrDefer, SESSION_LABEL } from "../environment.js";
import type { RouteNote } from "../telemetry/session-observer.js";
import { createVerification } from "./create-verification.js";
import { finalizeSession } from "./finalize-session.js";
import { errorResponse, jsonResponse, RouteError } from "./route-error.js";
import { sessionStatus } from "./session-status.js";
import { signOut } from "./sign-out.js";
import { verificationStatus } from "./verification-status.js";
import { deliverWebhook } from "./webhook-delivery.js";

type Handler = (request: Request) => Promise<Response>;
/** A handler told the socket's address by whoever has it (a Node adapter, the app). */
type AddressedHandler = (request: Request, remoteAddress?: string) => Promise<Response>;
type Route = (
  request: Request,
  path: string,
  config: ResolvedConfig,
  remoteAddress: string | undefined,
  note: RouteNote,
) => Promise<Response>;

/**
 * What the runtime knows about a request that the Fetch `Request` does not carry, for
 * {@link createCredportHandler} and `CredportSession.handler`.
 */
export interface RequestContext {
  /**
   * The address of the connection's other end, for the per-address start limit: Node's
   * `req.socket.remoteAddress`, Hono's `getConnInfo(c).remote.address`, Bun's
   * `server.requestIP(request)?.address`, Deno's `info.remoteAddr.hostname`. Behind your own
   * proxy, set `trustProxy` instead (this is then the proxy's address). The Express and Fastify
   * adapters pass it themselves.
   */
  remoteAddress?: string | undefined;
}

const notFound = () => new RouteError(404, "route_not_found", "No such Credport route.");

// Base URLs already reported unreachable: a stopped emulator is said once, not on every poll.
const reportedUnreachable = new Set<string>();

/**
 * A service that refused the connection, once per base URL and process, in the server log: the
 * browser only sees `502`, and the developer needs the URL and where it was set.
 */
function reportUnreachable(
  error: unknown,
  baseUrl: string,
  source: string | undefined,
  label: string,
  log: ResolvedLogger,
): void {
  if (!(error instanceof CredportConnectionError) || error.code !== "connection_failed") return;
  if (reportedUnreachable.has(baseUrl)) return;
  reportedUnreachable.add(baseUrl);
  log.error(
    `${label}: could not reach the Credport service at ${baseUrl} — is the emulator running?${source ? ` (${source})` : ""}`,
  );
}

/** How a failure reaches the browser: refusals as they are, local validation as 400, never a stack. */
function failureResponse(error: unknown, label: string, log: ResolvedLogger): Response {
  if (error instanceof RouteError)
    return errorResponse(
      new RouteError(error.status, error.code, relabel(error.message, label), error.details),
    );
  if (error instanceof CredportSignatureVerificationError)
    return errorResponse(new RouteError(400, error.code, error.message));
  if (error instanceof CredportValidationError && error.status === undefined)
    return errorResponse(new RouteError(400, error.code, error.message, error.details));
  if (error instanceof CredportError) {
    const status = error.status && error.status < 500 ? error.status : 502;
    return errorResponse(new RouteError(status, error.code, error.message));
  }
  // The stack, redacted: an app's own error (getPolicyId, onEvent) is the developer's to find.
  log.error(
    `${label}: a request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  return errorResponse(
    new RouteError(500, "internal_error", `${label}: the request failed; see the server log.`),
  );
}

/**
 * Route handlers per method (`GET`, `POST`, `DELETE`), as Next.js route files and other
 * per-method routers take them, for the routes under `basePath`:
 * `POST verifications` (create; sets the pending binding cookie), `GET verifications/{id}/status`,
 * `GET session` (`{ verified, expiresAt? }`, no claims), `POST session` (finalize),
 * `DELETE session` (sign out), `POST webhooks`.
 *
 * Configuration is checked here: what is missing or wrong throws a `CredportConfigurationError`
 * naming what to set, except during `next build` (a secret that is not set yet is needed at run
 * time only) and in development (logged, and answered as `500 configuration_error` with the message).
 */
export function createCredportHandlers(
  options: CredportSessionConfig,
  label = SESSION_LABEL,
): {
  GET: Handler;
  POST: Handler;
  DELETE: Handler;
} {
  // Per-method handlers are what Next.js route files export: Next passes its own second argument
  // (`{ params }`), which is not an address, so none is read from it.
  const { GET, POST, DELETE } = addressedHandlers(options, label);
  return {
    GET: (request) => GET(request),
    POST: (request) => POST(request),
    DELETE: (request) => DELETE(request),
  };
}

/** The handlers per method, each told the socket's address when there is one. */
function addressedHandlers(
  options: CredportSessionConfig,
  label: string,
): Record<"GET" | "POST" | "DELETE", AddressedHandler> {
  // Before the configuration is resolved: its own problems are logged through it too.
  const log = resolveLogger(options.logger);
  const resolved = resolveOrDefer(() => resolveConfig(options, label), {
    deferInDevelopment: true,
    label,
    log,
  });
  // Where the base URL was set, for messages (a client passed in as `credport` says nothing).
  const baseUrlSource =
    options.baseUrl !== undefined ? "baseUrl" : options.credport ? undefined : "CREDPORT_BASE_URL";

  const handle =
    (route: Route): AddressedHandler =>
    async (request, remoteAddress) => {
      if (resolved.problem) {
        if (!isDevelopment()) log.error(resolved.problem.message);
        return jsonResponse(500, {
          code: "configuration_error",
          message: isDevelopment()
            ? resolved.problem.message
            : `${label} is not configured; see the server log.`,
        });
      }
      const config = resolved.value;
      const pathname = new URL(request.url).pathname;
      if (!pathname.startsWith(config.basePath)) return errorResponse(notFound());
      const path = pathname.slice(config.basePath.length).replace(/^\/+|\/+$/g, "");
      const run = async (note: RouteNote) => {
        try {
          return await route(request, path, config, remoteAddress, note);
        } catch (error) {
          reportUnreachable(error, config.credport.baseUrl, baseUrlSource, label, config.log);
          note.errorCode = errorCodeOf(error);
          return failureResponse(error, label, config.log);
        }
      };
      const { telemetry } = config;
      return telemetry ? telemetry.observeRoute(routeName(request.method, path), run) : run({});
    };

  return {
    GET: handle(async (request, path, config, _remoteAddress, note) => {
      const status = /^verifications\/([^/]+)\/status$/.exec(path);
      if (status) return verificationStatus(request, status[1]!, config, note);
      if (path === "session") return sessionStatus(request, config);
      throw notFound();
    }),
    POST: handle(async (request, path, config, remoteAddress, note) => {
      if (path === "verifications") return createVerification(request, config, remoteAddress, note);
      if (path === "session") return finalizeSession(request, config, note);
      if (path === "webhooks") return deliverWebhook(request, config, note);
      throw notFound();
    }),
    DELETE: handle(async (request, path, config) => {
      if (path === "session") return signOut(request, config);
      throw notFound();
    }),
  };
}

/** A route's name in span names (`credport.session.<name>`): a fixed set, never the raw path. */
function routeName(method: string, path: string): string {
  if (method === "POST" && path === "verifications") return "start";
  if (method === "POST" && path === "session") return "finalize";
  if (method === "POST" && path === "webhooks") return "webhook";
  if (method === "GET" && path === "session") return "session";
  if (method === "DELETE" && path === "session") return "sign_out";
  if (method === "GET" && /^verifications\/[^/]+\/status$/.test(path)) return "status";
  return "unknown";
}

/** A refusal's or error's code, when it is one of ours (a fixed vocabulary); else its class. */
function errorCodeOf(error: unknown): string {
  if (error instanceof RouteError || error instanceof CredportError) return error.code;
  return "internal_error";
}

/**
 * One handler for every route and method of {@link createCredportHandlers}: mount it under
 * `basePath` as is in any Fetch framework (Hono, Bun, Deno, Workers, React Router, SvelteKit).
 * Other methods get `405` with `Allow`. Pass the socket's address as `context.remoteAddress`
 * where the runtime gives it: the start limit then holds back a script that drops its cookies.
 */
export function createCredportHandler(
  options: CredportSessionConfig,
  label = SESSION_LABEL,
): (request: Request, context?: RequestContext) => Promise<Response> {
  const handlers: Record<string, AddressedHandler> = addressedHandlers(options, label);
  return async (request, context) => {
    const handler = handlers[request.method];
    if (handler) return handler(request, context?.remoteAddress);
    return new Response(
      JSON.stringify({
        code: "method_not_allowed",
        message: `${request.method} is not allowed here.`,
      }),
      {
        status: 405,
        headers: {
          allow: "GET, POST, DELETE",
          "content-type": "application/json",
          "cache-control": "no-store",
        },
      },
    );
  };
}
