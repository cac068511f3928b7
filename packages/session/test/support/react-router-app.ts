import { createServer, type Server } from "node:http";
import { getRequestListener, type Http2Bindings, type HttpBindings } from "@hono/node-server";
import {
  type ActionFunctionArgs,
  createRequestHandler,
  type EntryContext,
  type LoaderFunctionArgs,
  type ServerBuild,
} from "react-router";
import { type CredportSessionOptions, createCredportSession } from "../../src/index.js";

/** The three pages every framework of the attack suite serves, as HTML. */
export interface Pages {
  members(session: unknown): string;
  verify(redirectUrl: string | undefined): string;
  home: string;
  notFound: string;
}

/** A route module as `react-router build` emits it: the parts the server reads. */
interface RouteModule {
  default?: () => null;
  loader?: (args: LoaderFunctionArgs) => unknown;
  action?: (args: ActionFunctionArgs) => unknown;
}
type SocketContext = { remoteAddress: string | undefined };

/**
 * A React Router 7 framework-mode app as the README's "React Router 7" section writes it — a
 * resource route `api/credport/*` whose loader and action return `credport.handler(request, …)`
 * with the socket's address from a custom server's load context, and `authorize(request,
 * { page: true })` in the members route's loader — served by React Router's own request handler. The build `react-router build` would emit is written out by hand: routes
 * and their modules, and a document renderer that prints the pages as plain HTML (the wall is in
 * the loaders; React's rendering adds nothing to it).
 */
export async function startReactRouterApp(
  options: CredportSessionOptions,
  pages: Pages,
): Promise<Server> {
  const credport = createCredportSession(options);
  // The socket's address from the server's load context, as a custom server
  // (`@react-router/express`'s `getLoadContext`) hands it on.
  const credportRoute: RouteModule = {
    loader: ({ request, context }) => credport.handler(request, context as SocketContext),
    action: ({ request, context }) => credport.handler(request, context as SocketContext),
  };
  const membersRoute: RouteModule = {
    default: () => null,
    loader: async ({ request }) => {
      const { session, refusal } = await credport.authorize(request, { page: true });
      if (refusal) throw refusal;
      return { session };
    },
  };
  const page: RouteModule = { default: () => null };
  const routes: Record<string, { path?: string; index?: true; module: RouteModule }> = {
    "routes/home": { index: true, module: page },
    "routes/verify": { path: "verify", module: page },
    "routes/members": { path: "members", module: membersRoute },
    "routes/credport": { path: "api/credport/*", module: credportRoute },
  };

  const build: ServerBuild = {
    entry: {
      module: {
        default: (request: Request, status: number, headers: Headers, context: EntryContext) => {
          const data = context.staticHandlerContext.loaderData;
          const matched = context.staticHandlerContext.matches.at(-1)?.route.id;
          // A loader's thrown non-redirect Response, or no route: the app's error page.
          const failed = status >= 400 || context.staticHandlerContext.errors !== null;
          const body = failed
            ? pages.notFound
            : matched === "routes/members"
              ? pages.members((data["routes/members"] as { session: unknown }).session)
              : matched === "routes/verify"
                ? pages.verify(new URL(request.url).searchParams.get("redirect_url") ?? undefined)
                : pages.home;
          headers.set("content-type", "text/html; charset=utf-8");
          return new Response(body, { status, headers });
        },
      },
    },
    routes: {
      root: { id: "root", path: "", module: { default: () => null } },
      ...Object.fromEntries(
        Object.entries(routes).map(([id, route]) => [id, { id, parentId: "root", ...route }]),
      ),
    },
    assets: {
      entry: { module: "/entry.client.js", imports: [] },
      routes: Object.fromEntries(
        Object.entries({ root: { path: "" }, ...routes }).map(([id, route]) => [
          id,
          {
            id,
            ...(id === "root" ? {} : { parentId: "root" }),
            ...("path" in route ? { path: route.path } : {}),
            ...("index" in route ? { index: route.index } : {}),
            hasAction: id === "routes/credport",
            hasLoader: id === "routes/credport" || id === "routes/members",
            hasClientAction: false,
            hasClientLoader: false,
            hasClientMiddleware: false,
            hasErrorBoundary: false,
            module: `/${id}.js`,
          },
        ]),
      ),
      url: "/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;

  const handle = createRequestHandler(build, "production");
  const server = createServer(
    getRequestListener((request: Request, env: HttpBindings | Http2Bindings) =>
      handle(request, { remoteAddress: env.incoming.socket.remoteAddress } as never),
    ),
  );
  server.listen(0, "127.0.0.1");
  return server;
}
