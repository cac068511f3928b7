import { runDashboardAction } from "../dashboard/actions.js";
import { definitionsPage } from "../dashboard/definitions-page.js";
import { liveUpdates } from "../dashboard/live-updates.js";
import { overviewPage } from "../dashboard/overview-page.js";
import { requestsPage } from "../dashboard/requests-page.js";
import { issuancePage, verificationsPage } from "../dashboard/sessions-page.js";
import { webhooksPage } from "../dashboard/webhooks-page.js";
import {
  acceptOffer,
  presentCredential,
  showWallet,
  startOver,
} from "../wallet-page/wallet-routes.js";
import { CLIENT_SCRIPT, SCRIPT_PATH } from "./client-script.js";
import type { FaceContext } from "./context.js";
import { htmlResponse } from "./html.js";
import { layout, type Page } from "./layout.js";
import { STYLESHEET, STYLESHEET_PATH } from "./styles.js";

type Handler = (ctx: FaceContext) => Response | Promise<Response>;

/** A dashboard page: the whole document, or only its live region when the page's script asks. */
const page =
  (render: (ctx: FaceContext) => Page | Promise<Page>): Handler =>
  async (ctx) => {
    const rendered = await render(ctx);
    if (ctx.request.headers.get("x-credport-partial") === "1")
      return new Response(rendered.body.value, {
        headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
      });
    return htmlResponse(layout(rendered, ctx.basePath));
  };

const asset =
  (body: string, type: string): Handler =>
  () =>
    new Response(body, { headers: { "content-type": type, "cache-control": "no-cache" } });

const GET: Record<string, Handler> = {
  "/": page(overviewPage),
  "/issuance": page(issuancePage),
  "/verifications": page(verificationsPage),
  "/webhooks": page(webhooksPage),
  "/requests": page(requestsPage),
  "/definitions": page(definitionsPage),
  "/wallet": showWallet,
  [STYLESHEET_PATH]: asset(STYLESHEET, "text/css; charset=utf-8"),
  [SCRIPT_PATH]: asset(CLIENT_SCRIPT, "text/javascript; charset=utf-8"),
  "/__dashboard/live": (ctx) => liveUpdates(ctx.model, ctx.request.signal),
};

const POST: Record<string, Handler> = {
  "/wallet/accept": acceptOffer,
  "/wallet/present": presentCredential,
  "/wallet/new": startOver,
};

const ACTION_PATH = /^\/__dashboard\/actions\/([a-z-]+)$/;

/**
 * The emulator's face: the dashboard and the test wallet page. `undefined` for every other
 * request, which the service's routes answer.
 */
export function faceHandler(ctx: FaceContext): Promise<Response> | Response | undefined {
  const table = ctx.request.method === "GET" ? GET : ctx.request.method === "POST" ? POST : {};
  const handler = Object.hasOwn(table, ctx.path) ? table[ctx.path] : undefined;
  if (handler) return handler(ctx);
  const action = ctx.request.method === "POST" ? ACTION_PATH.exec(ctx.path) : null;
  return action ? runDashboardAction(ctx, action[1]!) : undefined;
}
