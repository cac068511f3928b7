import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  getRequestListener,
  type Http2Bindings,
  type HttpBindings,
  serve,
} from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { inThisTier } from "../../../../test/service/test/support/test-matrix.js";
import { createCredportExpress } from "../../src/express.js";
import { createCredportFastify } from "../../src/fastify.js";
import {
  type CredportSessionOptions,
  createCredportSession,
  safeRedirectPath,
  type VerifiedSession,
} from "../../src/index.js";
import type { Pages } from "./react-router-app.js";

/** One app under test, listening on 127.0.0.1. */
export interface RunningApp {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  close(): Promise<void>;
}

/** A framework: starts the same small app with these session options. */
export interface Framework {
  name: string;
  /**
   * The wall is `authorize(request, { page: true })` in a route's loader (React Router): the data
   * fetch of a client-side navigation gets the redirect, which the router follows and keeps not.
   */
  loaderWall?: true;
  start(options: CredportSessionOptions): Promise<RunningApp>;
}

// What every app serves, whatever the framework: the same three pages.
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (body: string) => `<!doctype html><html><body>${body}</body></html>`;

/** What only the members page contains. */
export const MEMBERS_MARKER = 'id="member"';

/** `/members`: only for verified visitors; shows the session it was given. */
const membersHtml = (session: VerifiedSession | null) =>
  page(`<h1>Members</h1><pre ${MEMBERS_MARKER}>${escapeHtml(JSON.stringify(session))}</pre>`);

/** `/verify`: the sign-in page, with the way back it would follow after verification. */
const verifyHtml = (redirectUrl: string | undefined) =>
  page(
    `<h1>Verify your age</h1><a id="back" href="${escapeHtml(safeRedirectPath(redirectUrl, "/"))}">back</a>`,
  );
const homeHtml = page("<h1>Home</h1>");
const notFoundHtml = page("<h1>Not found</h1>");

const htmlResponse = (body: string, status = 200) =>
  new Response(body, { status, headers: { "content-type": "text/html; charset=utf-8" } });
const redirectUrlOf = (url: string) =>
  new URL(url, "http://localhost").searchParams.get("redirect_url") ?? undefined;

async function listening(server: Server): Promise<RunningApp> {
  if (!server.listening) await new Promise<void>((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Any Fetch runtime (Bun, Deno, Workers) as a plain `node:http` server: `wall` in front of every
 * request, `handler` under `basePath`, and a lax router behind them that serves `/members` for
 * any spelling (case, percent-encoding, trailing slash, extension) — as a static file server or a
 * case-insensitive router may — so that only the wall stands between a visitor and the page.
 */
const fetchOnNode: Framework = {
  name: "fetch (node:http)",
  async start(options) {
    const credport = createCredportSession({ protect: ["/members"], ...options });
    // The runtime's own request listener: it knows the socket, and hands its address on.
    const app = async (request: Request, env: HttpBindings | Http2Bindings): Promise<Response> => {
      const walled = await credport.wall(request);
      if (walled) return walled;
      const url = new URL(request.url);
      if (url.pathname.startsWith(`${credport.basePath}/`))
        return credport.handler(request, { remoteAddress: env.incoming.socket.remoteAddress });
      let path = url.pathname;
      try {
        path = decodeURIComponent(path);
      } catch {
        // served as sent
      }
      path = `/${path.toLowerCase().split("/").filter(Boolean).join("/")}`;
      if (path === "/members" || path.startsWith("/members/") || path.startsWith("/members."))
        return htmlResponse(membersHtml(await credport.getSession(request)));
      if (path === "/verify") return htmlResponse(verifyHtml(redirectUrlOf(request.url)));
      if (path === "/") return htmlResponse(homeHtml);
      return htmlResponse(notFoundHtml, 404);
    };
    const server = createServer(getRequestListener(app));
    server.listen(0, "127.0.0.1");
    return listening(server);
  },
};

/** Hono on Node, mounted as the README says: two lines. */
const hono: Framework = {
  name: "hono",
  async start(options) {
    const credport = createCredportSession(options);
    const app = new (await loadHono())();
    app.on(["GET", "POST", "DELETE"], `${credport.basePath}/*`, (c) =>
      credport.handler(c.req.raw, { remoteAddress: getConnInfo(c).remote.address }),
    );
    app.use("/members/*", async (c, next) => (await credport.requireVerified(c.req.raw)) ?? next());
    const members = async (c: { req: { raw: Request } }) =>
      htmlResponse(membersHtml(await credport.getSession(c.req.raw)));
    app.get("/members", members);
    app.get("/members/*", members);
    app.get("/verify", (c) => htmlResponse(verifyHtml(c.req.query("redirect_url"))));
    app.get("/", () => htmlResponse(homeHtml));
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }) as Server;
    return listening(server);
  },
};

type ExpressModule = typeof import("express5");

// The frameworks load on first start: the fast tier runs the plain Fetch server alone, and a file
// importing them all would pay for each in every file of the attack suite.
const express4 = async () => (await import("express4")).default as unknown as ExpressModule;
const express5 = async () => (await import("express5")).default as ExpressModule;
const loadFastify = async () => (await import("fastify")).default;
const loadHono = async () => (await import("hono")).Hono;

/** Express as the README says: the router before the body parsers, `requireVerified` per route. */
const expressOf = (name: string, load: () => Promise<ExpressModule>): Framework => ({
  name,
  async start(options) {
    const credport = createCredportExpress(options);
    const express = await load();
    const app = express();
    app.use(credport.router);
    app.use(express.json());
    app.get("/members", credport.requireVerified, async (req, res) => {
      res.type("html").send(membersHtml(await credport.getSession(req)));
    });
    app.get("/verify", (req, res) => {
      res.type("html").send(verifyHtml(redirectUrlOf(req.originalUrl)));
    });
    app.get("/", (_req, res) => {
      res.type("html").send(homeHtml);
    });
    const server = createServer(app);
    server.listen(0, "127.0.0.1");
    return listening(server);
  },
});

/** Fastify as the README says: the plugin registered, `requireVerified` as a preHandler. */
const fastify: Framework = {
  name: "fastify",
  async start(options) {
    const credport = createCredportFastify(options);
    const app = (await loadFastify())();
    await app.register(credport.plugin);
    app.get("/members", { preHandler: credport.requireVerified }, async (request, reply) =>
      reply.type("text/html; charset=utf-8").send(membersHtml(await credport.getSession(request))),
    );
    app.get("/verify", async (request, reply) =>
      reply.type("text/html; charset=utf-8").send(verifyHtml(redirectUrlOf(request.url))),
    );
    app.get("/", async (_request, reply) => reply.type("text/html; charset=utf-8").send(homeHtml));
    await app.listen({ port: 0, host: "127.0.0.1" });
    const server = app.server as Server;
    const running = await listening(server);
    return { url: running.url, close: () => app.close() };
  },
};

/** React Router 7 in framework mode, as the README mounts it (support/react-router-app.ts). */
const reactRouter: Framework = {
  name: "react router 7",
  loaderWall: true,
  async start(options) {
    const pages = {
      members: membersHtml,
      verify: verifyHtml,
      home: homeHtml,
      notFound: notFoundHtml,
    };
    const { startReactRouterApp } = await import("./react-router-app.js");
    return listening(await startReactRouterApp(options, pages as Pages));
  },
};

/**
 * A lax reading of a path, as a static file server or a case-insensitive router may have:
 * decoded, lower-cased, empty segments dropped. Behind it, only the wall keeps `/members` out.
 */
function laxPage(path: string): "members" | "verify" | "home" | undefined {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // served as sent
  }
  const p = `/${decoded.toLowerCase().split("/").filter(Boolean).join("/")}`;
  if (p === "/members" || p.startsWith("/members/") || p.startsWith("/members.")) return "members";
  if (p === "/verify") return "verify";
  if (p === "/") return "home";
  return undefined;
}

/** The page a lax router serves for `path`; the session shown is the one the app read. */
async function laxResponse(
  path: string,
  redirectUrl: string | undefined,
  session: () => Promise<VerifiedSession | null>,
): Promise<Response> {
  const which = laxPage(path);
  if (which === "members") return htmlResponse(membersHtml(await session()));
  if (which === "verify") return htmlResponse(verifyHtml(redirectUrl));
  if (which === "home") return htmlResponse(homeHtml);
  return htmlResponse(notFoundHtml, 404);
}

const sendFetch = async (
  answer: Response,
  reply: (status: number, type: string, body: string) => unknown,
) => reply(answer.status, answer.headers.get("content-type") ?? "text/html", await answer.text());

/** Hono with the wall in front of every request (`protect`), and a lax router behind it. */
const honoWalled: Framework = {
  name: "hono (protect)",
  async start(options) {
    const credport = createCredportSession({ protect: ["/members"], ...options });
    const app = new (await loadHono())();
    app.use(async (c, next) => (await credport.wall(c.req.raw)) ?? next());
    app.on(["GET", "POST", "DELETE"], `${credport.basePath}/*`, (c) =>
      credport.handler(c.req.raw, { remoteAddress: getConnInfo(c).remote.address }),
    );
    app.get("*", (c) =>
      laxResponse(new URL(c.req.url).pathname, c.req.query("redirect_url"), () =>
        credport.getSession(c.req.raw),
      ),
    );
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }) as Server;
    return listening(server);
  },
};

/** Express with `protect` (the router walls every request) and a lax router on the raw path. */
const expressWalledOf = (name: string, load: () => Promise<ExpressModule>): Framework => ({
  name: `${name} (protect)`,
  async start(options) {
    const credport = createCredportExpress({ protect: ["/members"], ...options });
    const express = await load();
    const app = express();
    app.use(credport.router);
    app.use(async (req, res) => {
      const answer = await laxResponse(req.path, redirectUrlOf(req.originalUrl), () =>
        credport.getSession(req),
      );
      await sendFetch(answer, (status, type, body) => res.status(status).type(type).send(body));
    });
    const server = createServer(app);
    server.listen(0, "127.0.0.1");
    return listening(server);
  },
});

/** Fastify with `protect` (the plugin walls every request) and a catch-all lax route. */
const fastifyWalledOf = (name: string, serverOptions: Record<string, unknown>): Framework => ({
  name: `${name} (protect)`,
  async start(options) {
    const credport = createCredportFastify({ protect: ["/members"], ...options });
    const app = (await loadFastify())(serverOptions);
    await app.register(credport.plugin);
    app.get("*", async (request, reply) => {
      // The path as Fastify routed it (cut at `;` under useSemicolonDelimiter).
      const routed = `/${(request.params as Record<string, string>)["*"] ?? ""}`;
      const answer = await laxResponse(routed, redirectUrlOf(request.url), () =>
        credport.getSession(request),
      );
      return sendFetch(answer, (status, type, body) => reply.code(status).type(type).send(body));
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const running = await listening(app.server as Server);
    return { url: running.url, close: () => app.close() };
  },
});

/**
 * Every framework with the wall (`protect`) as the only guard of `/members`: a lax router behind
 * it serves the page for any spelling it reads as `/members`.
 */
export const walledFrameworks: Framework[] = inThisTier([
  fetchOnNode,
  honoWalled,
  expressWalledOf("express 4", express4),
  expressWalledOf("express 5", express5),
  fastifyWalledOf("fastify", {}),
  fastifyWalledOf("fastify with useSemicolonDelimiter", {
    routerOptions: { useSemicolonDelimiter: true },
  }),
]);

/**
 * The frameworks the attack suites run against in this tier. The fast tier (`session` project)
 * takes the plain Fetch handler alone: the one mechanism every adapter wraps, where each defect is
 * fixed. `pnpm test:matrix` (`session-matrix`) takes the four adapters; run a file directly for all.
 */
export const frameworks: Framework[] = inThisTier([
  fetchOnNode,
  hono,
  expressOf("express 4", express4),
  expressOf("express 5", express5),
  fastify,
  reactRouter,
]);
