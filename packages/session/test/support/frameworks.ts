import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener, serve } from "@hono/node-server";
import { Hono } from "hono";
import {
  type CredportSessionOptions,
  createCredportSession,
  safeRedirectPath,
  type VerifiedSession,
} from "../../src/index.js";

/** One app under test, listening on 127.0.0.1. */
export interface RunningApp {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  close(): Promise<void>;
}

/** A framework: starts the same small app with these session options. */
export interface Framework {
  name: string;
  start(options: CredportSessionOptions): Promise<RunningApp>;
}

/** What every app serves, whatever the framework: the same three pages. */
const html = (body: string, status = 200) =>
  new Response(`<!doctype html><html><body>${body}</body></html>`, {
    status,
    headers: { "content-type": "text/html; charset=utf-8" },
  });
const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `/members`: only for verified visitors; shows the session it was given. */
export const MEMBERS_MARKER = 'id="member"';
export const membersPage = (session: VerifiedSession | null) =>
  html(`<h1>Members</h1><pre ${MEMBERS_MARKER}>${escape(JSON.stringify(session))}</pre>`);

/** `/verify`: the sign-in page, with the way back it would follow after verification. */
export const verifyPage = (url: URL) =>
  html(
    `<h1>Verify your age</h1><a id="back" href="${escape(
      safeRedirectPath(url.searchParams.get("redirect_url") ?? undefined, "/"),
    )}">back</a>`,
  );
const homePage = () => html("<h1>Home</h1>");

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
    const app = async (request: Request): Promise<Response> => {
      const walled = await credport.wall(request);
      if (walled) return walled;
      const url = new URL(request.url);
      if (url.pathname.startsWith(`${credport.basePath}/`)) return credport.handler(request);
      let path = url.pathname;
      try {
        path = decodeURIComponent(path);
      } catch {
        // served as sent
      }
      path = `/${path.toLowerCase().split("/").filter(Boolean).join("/")}`;
      if (path === "/members" || path.startsWith("/members/") || path.startsWith("/members."))
        return membersPage(await credport.getSession(request));
      if (path === "/verify") return verifyPage(url);
      if (path === "/") return homePage();
      return html("<h1>Not found</h1>", 404);
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
    const app = new Hono();
    app.on(["GET", "POST", "DELETE"], `${credport.basePath}/*`, (c) =>
      credport.handler(c.req.raw),
    );
    app.use("/members/*", async (c, next) => (await credport.requireVerified(c.req.raw)) ?? next());
    app.get("/members", async (c) => membersPage(await credport.getSession(c.req.raw)));
    app.get("/members/*", async (c) => membersPage(await credport.getSession(c.req.raw)));
    app.get("/verify", (c) => verifyPage(new URL(c.req.url)));
    app.get("/", () => homePage());
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }) as Server;
    return listening(server);
  },
};

/** Every framework the attack suite runs against. */
export const frameworks: Framework[] = [fetchOnNode, hono];
