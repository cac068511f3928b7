import { statusTone, time } from "../face/format.js";
import { html } from "../face/html.js";
import type { Page } from "../face/layout.js";
import { actionForm } from "./controls.js";
import type { DashboardContext } from "./dashboard-context.js";

/** `/requests`: the emulator's recent traffic, newest first. */
export function requestsPage(ctx: DashboardContext): Page {
  const entries = [...ctx.traffic.entries].reverse();
  return {
    title: "Requests",
    section: "requests",
    live: true,
    head: html`<div class="page-head"><div><h1>Requests</h1><p>What your backend, browsers and wallets sent, with the answer. The newest 500 are kept.</p></div>
      ${actionForm(ctx, "requests-clear", html`<button type="submit">Clear</button>`)}</div>`,
    body: html`<section class="card" aria-label="Requests">${
      entries.length === 0
        ? html`<p class="empty">No requests yet.</p>`
        : html`<div class="table-wrap"><table>
  <thead><tr><th scope="col">Time</th><th scope="col">Request</th><th scope="col">Status</th><th scope="col">Idempotency key</th><th scope="col">Request ID</th><th scope="col">Took</th></tr></thead>
  <tbody>${entries.map(
    (e) => html`<tr>
    <td class="nowrap">${time(e.startedAt)}</td>
    <td><span class="mono"><strong>${e.method}</strong> ${e.target}</span></td>
    <td class="nowrap"><span class="pill pill-${statusTone(e.status)}">${e.status ?? "dropped"}</span></td>
    <td>${e.idempotencyKey ? html`<span class="mono small">${e.idempotencyKey}</span>${e.replayed ? html` <span class="pill pill-info">replayed</span>` : ""}` : html`<span class="muted">–</span>`}</td>
    <td class="mono small">${e.requestId ?? ""}</td>
    <td class="nowrap muted">${e.durationMs} ms</td></tr>`,
  )}</tbody></table></div>`
    }</section>`,
  };
}
