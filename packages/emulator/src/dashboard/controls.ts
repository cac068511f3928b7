import { html, type SafeHtml } from "../face/html.js";
import { FAULT_KINDS } from "./actions.js";
import type { DashboardContext } from "./dashboard-context.js";

/** A form that posts one dashboard action (sent without a page load when the script runs). */
export function actionForm(
  ctx: DashboardContext,
  action: string,
  content: SafeHtml,
  options: { confirm?: string; className?: string } = {},
): SafeHtml {
  return html`<form method="post" action="${ctx.basePath}/__dashboard/actions/${action}" data-enhance${options.confirm ? html` data-confirm="${options.confirm}"` : ""} class="${options.className ?? ""}"><input type="hidden" name="back" value="${ctx.path}">${content}</form>`;
}

const FAULT_LABELS: Record<(typeof FAULT_KINDS)[number], string> = {
  server_error: "500 internal error",
  service_unavailable: "503 service unavailable",
  rate_limited: "429 rate limited",
  drop_after_write: "Drop the connection after the write",
  bad_gateway_html: "502 HTML from a proxy",
  delay: "Delay by one second",
};

/** What the control plane can do, as buttons: realtime, clock, faults, reset. */
export function controlsCard(ctx: DashboardContext): SafeHtml {
  const { model } = ctx;
  const offsetMinutes = Math.round(model.clock.offsetMs / 60000);
  return html`<section class="card" aria-labelledby="controls-title">
  <div class="card-head"><div><h2 id="controls-title">Controls</h2><p>What the control plane under <code>/__emulator/</code> does, one click away.</p></div></div>
  <div>
    <div class="control-row">
      <div class="grow"><h3>Realtime channel</h3><p class="muted small">Off: <code>/events</code> answers 503 and clients fall back to polling.</p></div>
      <span class="pill ${model.realtime.available ? "pill-ok" : "pill-bad"}">${model.realtime.available ? "on" : "off"}</span>
      ${actionForm(ctx, "realtime", html`<input type="hidden" name="available" value="${model.realtime.available ? "off" : "on"}"><button type="submit">${model.realtime.available ? "Switch off" : "Switch on"}</button>`)}
    </div>
    <div class="control-row">
      <div class="grow"><h3>Clock</h3><p class="muted small">Emulator time ${model.clock.iso().slice(11, 19)} UTC${offsetMinutes > 0 ? `, ${offsetMinutes} min ahead of real time` : ""}. Offers and verifications live 15 minutes.</p></div>
      ${actionForm(ctx, "clock", html`<input type="hidden" name="ms" value="60000"><button type="submit">+1 minute</button>`)}
      ${actionForm(ctx, "clock", html`<input type="hidden" name="ms" value="900000"><button type="submit">Expire open sessions (+15 min)</button>`)}
    </div>
    ${actionForm(
      ctx,
      "fault",
      html`<div class="field grow"><label for="fault-kind">Inject a fault into the next API requests</label>
        <select id="fault-kind" name="kind">${FAULT_KINDS.map((kind) => html`<option value="${kind}">${FAULT_LABELS[kind]}</option>`)}</select></div>
      <div class="field"><label for="fault-count">Requests</label><input id="fault-count" name="count" type="number" min="1" max="100" value="1"></div>
      <button type="submit">Inject</button>
      <button type="submit" formaction="${ctx.basePath}/__dashboard/actions/faults-clear">Clear faults</button>`,
      { className: "control-row inline-form" },
    )}
    <div class="control-row">
      <div class="grow"><h3>Reset</h3><p class="muted small">Forgets every project, key, session and event. Printed keys stop working.</p></div>
      ${actionForm(ctx, "reset", html`<button type="submit" class="danger">Reset the emulator</button>`, { confirm: "Reset the emulator? Every project, key and session is forgotten." })}
    </div>
  </div>
</section>`;
}
