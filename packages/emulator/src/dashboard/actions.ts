import type { FaultKind } from "@credport/mock";
import { ModelError } from "@credport/mock";
import { clockAdvanceBody, parseInput, webhookBody } from "@credport/mock/engine";
import { localPath, readForm, redirect } from "../face/forms.js";
import type { DashboardContext } from "./dashboard-context.js";

export const FAULT_KINDS = [
  "server_error",
  "service_unavailable",
  "rate_limited",
  "drop_after_write",
  "bad_gateway_html",
  "delay",
] as const satisfies readonly FaultKind[];

type Action = (ctx: DashboardContext, form: URLSearchParams) => string | Promise<string>;

const bad = (message: string) => new ModelError(400, "validation_error", message);

/** The dashboard's buttons; each answers the notice to show. */
const ACTIONS: Record<string, Action> = {
  realtime: (ctx, form) => {
    const on = form.get("available") === "on";
    ctx.model.realtime.setAvailable(on);
    ctx.model.changes.notify();
    return on ? "Realtime switched on" : "Realtime switched off: clients poll";
  },
  clock: (ctx, form) => {
    const { ms } = parseInput(clockAdvanceBody, { ms: Number(form.get("ms")) });
    ctx.model.clock.advance(ms);
    ctx.model.changes.notify();
    return `Clock moved ${Math.round(ms / 60000)} min ahead`;
  },
  fault: (ctx, form) => {
    const kind = form.get("kind") as FaultKind;
    const count = Number(form.get("count") ?? "1");
    ctx.model.faults.inject({ kind, count, ...(kind === "delay" ? { delayMs: 1000 } : {}) });
    return `The next ${count === 1 ? "request" : `${count} requests`} fail with ${kind}`;
  },
  "faults-clear": (ctx) => {
    ctx.model.faults.clear();
    return "Faults cleared";
  },
  reset: (ctx) => {
    ctx.model.reset();
    return "The emulator was reset";
  },
  "webhook-endpoint": (ctx, form) => {
    const { projectId, environment, url } = parseInput(webhookBody, {
      projectId: form.get("projectId") ?? "",
      environment: form.get("environment") === "live" ? "live" : "test",
      url: form.get("url") ?? "",
    });
    if (!ctx.model.keys.projects.has(projectId)) throw bad("projectId: no such project");
    ctx.model.webhooks.register({ projectId, environment: environment ?? "test" }, url);
    ctx.model.changes.notify();
    return `Events of ${projectId} now go to ${url}`;
  },
  resend: (ctx, form) => {
    const record = ctx.model.webhooks.resend(form.get("eventId") ?? "");
    if (!record) throw new ModelError(404, "not_found", "eventId: no such event");
    const endpoints = record.deliveries?.length ?? 0;
    if (endpoints === 0) return "No endpoint to send it to: add one on the overview";
    return `Sending ${record.event.type} again`;
  },
  "revoke-key": (ctx, form) => {
    ctx.model.keys.revoke(form.get("key") ?? "");
    ctx.model.changes.notify();
    return "Key revoked";
  },
  "requests-clear": (ctx) => {
    ctx.traffic.clear();
    return "Request log cleared";
  },
};

/**
 * `POST /__dashboard/actions/:name`: runs one action (the emulator's request guard has refused
 * cross-site posts before). A page's script gets `{ notice }` (or
 * `{ error }`) as JSON; a plain form post is sent back to the page it came from.
 */
export async function runDashboardAction(ctx: DashboardContext, name: string): Promise<Response> {
  const action = Object.hasOwn(ACTIONS, name) ? ACTIONS[name] : undefined;
  if (!action) return Response.json({ error: `No dashboard action ${name}.` }, { status: 404 });
  const form = await readForm(ctx.request);
  let status = 200;
  let body: { notice: string } | { error: string };
  try {
    body = { notice: await action(ctx, form) };
  } catch (error) {
    status = error instanceof ModelError ? error.status : 500;
    body = { error: error instanceof Error ? error.message : "The action failed." };
  }
  if (ctx.request.headers.get("x-credport-fetch") === "1")
    return Response.json(body, { status, headers: { "cache-control": "no-store" } });
  return redirect(localPath(ctx, form.get("back"), "/"));
}
