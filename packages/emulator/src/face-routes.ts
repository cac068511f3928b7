import { runDashboardAction } from "./dashboard/actions.js";
import type { DashboardContext } from "./dashboard/dashboard-context.js";
import { definitionsPage } from "./dashboard/definitions-page.js";
import { liveUpdates } from "./dashboard/live-updates.js";
import { overviewPage } from "./dashboard/overview-page.js";
import { requestsPage } from "./dashboard/requests-page.js";
import { issuancePage, verificationsPage } from "./dashboard/sessions-page.js";
import { webhooksPage } from "./dashboard/webhooks-page.js";
import { CLIENT_SCRIPT, SCRIPT_PATH } from "./face/client-script.js";
import type { FaceHandler } from "./face/context.js";
import { htmlResponse } from "./face/html.js";
import { layout, type Page } from "./face/layout.js";
import { STYLESHEET, STYLESHEET_PATH } from "./face/styles.js";
import type { WalletPageContext } from "./wallet-page/wallet-page-context.js";
import {
  acceptOffer,
  answerDcApiRequest,
  presentCredential,
  showWallet,
  startOver,
} from "./wallet-page/wallet-routes.js";

// The page router sits above the UI kit (face/) and the pages it serves (dashboard/, wallet-page/).

/** What the emulator hands every page: the dashboard's and the wallet page's stores together. */
export type EmulatorPageContext = DashboardContext & WalletPageContext;

type PageHandler = FaceHandler<EmulatorPageContext>;

/** A dashboard page: the whole document, or only its live region when the page's script asks. */
const page =
  (render: (ctx: DashboardContext) => Page | Promise<Page>): PageHandler =>
  async (ctx) => {
    const rendered = await render(ctx);
    if (ctx.request.headers.get("x-credport-partial") === "1")
      return new Response(rendered.body.value, {
        headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
      });
    return htmlResponse(layout(rendered, ctx.basePath));
  };

const asset =
  (body: string, type: string): PageHandler =>
  () =>
    new Response(body, { headers: { "content-type": type, "cache-control": "no-cache" } });

const GET = pageTable({
  "/": page(overviewPage),
  "/issuance": page(issuancePage),
  "/verifications": page(verificationsPage),
  "/webhooks": page(webhooksPage),
  "/requests": page(requestsPage),
  "/definitions": page(definitionsPage),
  "/wallet": showWallet,
  [STYLESHEET_PATH]: asset(STYLESHEET, "text/css; charset=utf-8"),
  [SCRIPT_PATH]: asset(CLIENT_SCRIPT, "text/javascript; charset=utf-8"),
  "/__dashboard/live": (ctx) =>
    liveUpdates([ctx.model.changes, ctx.traffic.changes], ctx.request.signal),
});

/**
 * A Map, not an object: every API request asks with a path no page has, and a Map answers that
 * without V8's property lookup (which first looks the new string up in its string table).
 */
function pageTable(pages: Record<string, PageHandler>): ReadonlyMap<string, PageHandler> {
  return new Map(Object.entries(pages));
}

/** Cross-site posts never get here: the emulator's request guard refuses them (http/request-guard.ts). */
const POST = pageTable({
  "/wallet/accept": acceptOffer,
  "/wallet/present": presentCredential,
  "/wallet/new": startOver,
  "/wallet/dc-api": answerDcApiRequest,
});

const ACTION_PATH = /^\/__dashboard\/actions\/([a-z-]+)$/;

/**
 * The emulator's face: the handler of a dashboard or test wallet page request, or `undefined`
 * for every other request (the service's routes answer those). A lookup, no parsing: the
 * emulator asks it before each request.
 */
export function faceRoute(method: string, path: string): PageHandler | undefined {
  // The API's paths are never pages: most requests are API calls, and this is before each one.
  if (path.startsWith("/v1/")) return undefined;
  const handler = (method === "GET" ? GET : method === "POST" ? POST : undefined)?.get(path);
  if (handler) return handler;
  if (method !== "POST" || !path.startsWith("/__dashboard/actions/")) return undefined;
  const action = ACTION_PATH.exec(path);
  return action ? (ctx) => runDashboardAction(ctx, action[1]!) : undefined;
}
