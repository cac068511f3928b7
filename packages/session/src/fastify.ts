import type { IncomingMessage } from "node:http";
import type { Readable } from "node:stream";
import { CredportConfigurationError } from "@credport/core";
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from "fastify";
import type { VerifiedSession } from "./cookies/verified-session.js";
import { badHostResponse } from "./node/bad-host.js";
import { requestUrl, toFetchRequest, toHeadersOnlyRequest } from "./node/node-request.js";
import { routedPath } from "./node/routed-path.js";
import { type CredportSessionOptions, createSessionParts } from "./session.js";

export type { VerifiedSession } from "./cookies/verified-session.js";
export type { CredportSessionOptions } from "./session.js";

const FASTIFY_LABEL = "credport/fastify";

/** Credport sessions in a Fastify 5 app. */
export interface CredportFastify {
  /** Where the routes answer: the full path the browser requests (default `/api/credport`). */
  readonly basePath: string;
  /**
   * The routes of the browser flow under `basePath`: `app.register(credport.plugin)`. In its own
   * scope, the body is not parsed: the routes read the raw bytes under their own cap (`413` beyond
   * it), so webhook signatures verify whatever parsers the rest of the app uses. `basePath` is the
   * whole public path: registered with `{ prefix: "/auth" }`, set `basePath: "/auth/api/credport"`.
   *
   * With `protect`, it also puts the wall in front of every request of the scope it is registered
   * in (an `onRequest` hook): register it at the root, before the protected routes. The wall reads
   * the path as Fastify's router does (`useSemicolonDelimiter` included).
   */
  readonly plugin: (instance: FastifyInstance, options?: { prefix?: string }) => Promise<void>;
  /**
   * A `preHandler` hook that lets only verified sessions through:
   * `app.get("/members", { preHandler: credport.requireVerified }, handler)`. Without one: `307`
   * to `signInPath?redirect_url=…` for a page load, `401` (`no-store`) otherwise.
   */
  readonly requireVerified: preHandlerAsyncHookHandler;
  /** The request's verified session, or `null`. */
  getSession(request: FastifyRequest): Promise<VerifiedSession | null>;
}

/** The request URL from the `Host` header, Fastify's `request.protocol` (trustProxy-aware) and the raw URL. */
function urlOf(request: FastifyRequest): URL | undefined {
  return requestUrl(request.raw, {
    protocol: request.protocol,
    pathAndQuery: request.raw.url ?? request.url,
  });
}

/** Sends a Fetch `Response` through Fastify (its `onSend` hooks run), each Set-Cookie kept apart. */
function send(reply: FastifyReply, response: Response): FastifyReply {
  reply.code(response.status);
  for (const [name, value] of response.headers)
    if (name !== "set-cookie") reply.header(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  return reply.send(response.body ?? undefined);
}

const isStream = (value: unknown): value is Readable =>
  typeof (value as Readable | null)?.read === "function" &&
  typeof (value as Readable).on === "function";

/**
 * Credport sessions for Fastify 5: a `plugin` to register, a `requireVerified` `preHandler`, and
 * `getSession(request)`. Configuration is checked here (see {@link CredportSessionOptions}); the
 * secrets default to the `CREDPORT_*` environment variables.
 *
 * @example
 * import { createCredportFastify } from "@credport/session/fastify";
 *
 * const credport = createCredportFastify({ policyId: "preset_age_over_18" });
 * await app.register(credport.plugin);
 * app.get("/members", { preHandler: credport.requireVerified }, async () => "Welcome");
 */
export function createCredportFastify(options: CredportSessionOptions): CredportFastify {
  const { session, wall, protects } = createSessionParts(options, FASTIFY_LABEL);
  const { basePath } = session;

  const routes = async (instance: FastifyInstance) => {
    const prefix = instance.prefix;
    if (prefix && basePath !== prefix && !basePath.startsWith(`${prefix}/`))
      throw new CredportConfigurationError(
        `${FASTIFY_LABEL}: basePath must include the plugin's prefix: registered under "${prefix}", basePath "${basePath}" is out of its reach (set basePath: "${prefix}/api/credport").`,
        { code: "invalid_option" },
      );
    // This scope only (the plugin is encapsulated): the body stays unread, as a stream.
    instance.removeAllContentTypeParsers();
    instance.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
    instance.route({
      method: ["GET", "POST", "DELETE"],
      url: `${basePath.slice(prefix.length)}/*`,
      exposeHeadRoute: false,
      handler: async (request, reply) => {
        const url = urlOf(request);
        if (!url) return send(reply, badHostResponse(FASTIFY_LABEL));
        const body = isStream(request.body) ? request.body : request.raw;
        const response = await session.handler(
          toFetchRequest(request.raw, reply.raw, url, body as IncomingMessage),
          { remoteAddress: request.raw.socket.remoteAddress },
        );
        return send(reply, response);
      },
    });
  };

  // The wall, read as this instance's router reads the path: with `useSemicolonDelimiter`, it
  // serves `/members;x` as `/members`, so the wall must judge `/members` too.
  const wallHook =
    (instance: FastifyInstance): onRequestAsyncHookHandler =>
    async (request, reply) => {
      const config = instance.initialConfig as {
        useSemicolonDelimiter?: boolean;
        routerOptions?: { useSemicolonDelimiter?: boolean };
      };
      const semicolon =
        config.routerOptions?.useSemicolonDelimiter === true ||
        config.useSemicolonDelimiter === true;
      const url = urlOf(request);
      if (!url) return send(reply, badHostResponse(FASTIFY_LABEL));
      const refusal = await wall.wallRouted(
        toHeadersOnlyRequest(request.raw, url),
        routedPath(request.raw.url ?? request.url, { semicolon }),
      );
      if (refusal) return send(reply, refusal);
    };

  // Not encapsulated (as `fastify-plugin` does it): the wall's hook belongs to the scope that
  // registers the plugin. The routes keep a scope of their own (raw bodies), under any prefix.
  const plugin = async (instance: FastifyInstance, pluginOptions: { prefix?: string } = {}) => {
    if (protects) instance.addHook("onRequest", wallHook(instance));
    await instance.register(routes, pluginOptions.prefix ? { prefix: pluginOptions.prefix } : {});
  };
  Object.assign(plugin, { [Symbol.for("skip-override")]: true });

  // The session `requireVerified` let through, for `getSession` on the same request: one read, and
  // the handler never meets `null` after the check passed (an expiry in between).
  const admitted = new WeakMap<FastifyRequest, VerifiedSession>();

  const requireVerified: preHandlerAsyncHookHandler = async (request, reply) => {
    const url = urlOf(request);
    if (!url) return send(reply, badHostResponse(FASTIFY_LABEL));
    const { session: found, refusal } = await session.authorize(
      toHeadersOnlyRequest(request.raw, url),
    );
    if (refusal) return send(reply, refusal);
    admitted.set(request, found);
  };

  return {
    basePath,
    plugin,
    requireVerified,
    async getSession(request) {
      const found = admitted.get(request);
      if (found) return found;
      const url = urlOf(request);
      return url ? session.getSession(toHeadersOnlyRequest(request.raw, url)) : null;
    },
  };
}
