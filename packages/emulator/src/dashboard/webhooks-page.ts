import type { WebhookDelivery, WebhookEventRecord } from "@credport/mock/engine";
import { codeBlock, pill, pretty, statusTone, time } from "../face/format.js";
import { html, type SafeHtml } from "../face/html.js";
import type { Page } from "../face/layout.js";
import { actionForm } from "./controls.js";
import type { DashboardContext } from "./dashboard-context.js";
import { type Row, rowList } from "./row-list.js";

/** Events shown: the newest ones. */
const SHOWN = 200;

/** `/webhooks`: every event, its body and signature, and each delivery with its attempts. */
export function webhooksPage(ctx: DashboardContext): Page {
  const events = ctx.model.webhooks.events.slice(-SHOWN).reverse();
  return {
    title: "Webhooks",
    section: "webhooks",
    live: true,
    head: html`<div class="page-head"><div><h1>Webhook events</h1><p>Every event the emulator sent, signed with the project's webhook secret, and what each endpoint answered.</p></div></div>`,
    body: html`<section class="card" aria-label="Webhook events">${
      events.length === 0
        ? html`<p class="empty">No events yet. They start when an offer or a verification changes status.</p>`
        : rowList(
            "cols-webhooks",
            ["Event", "Type", "Delivery", "Sent"],
            events.map((record) => eventRow(ctx, record)),
            "Webhook events",
          )
    }</section>`,
  };
}

function eventRow(ctx: DashboardContext, record: WebhookEventRecord): Row {
  const { event } = record;
  const object = event.data.object as { id?: string };
  const deliveries = record.deliveries ?? [];
  return {
    key: event.id,
    cells: [
      html`<span class="chevron" aria-hidden="true">›</span><span class="mono">${event.id}</span>`,
      html`<span class="mono">${event.type}</span>${object?.id ? html`<small class="mono">${object.id}</small>` : ""}`,
      deliverySummary(deliveries),
      time(event.created * 1000),
    ],
    body: html`<div class="detail-grid">
      <div><h3>Body</h3>${codeBlock(pretty(JSON.parse(record.payload)), `Body of ${event.id}`)}</div>
      <div class="stack"><h3>Webhook-Signature</h3>${codeBlock(record.signature || "(no webhook secret)", `Webhook-Signature of ${event.id}`, true)}
        <h3>Deliveries</h3>${deliveries.length === 0 ? html`<p class="muted small">No endpoint registered for ${record.tenant.projectId} (${record.tenant.environment}): add one on the overview.</p>` : deliveries.map(deliveryDetail)}
        ${actionForm(ctx, "resend", html`<input type="hidden" name="eventId" value="${event.id}"><button type="submit" class="small-button">Resend this event</button>`)}</div>
    </div>`,
  };
}

function deliverySummary(deliveries: WebhookDelivery[]): SafeHtml {
  if (deliveries.length === 0)
    return html`${pill("recorded")}<small>no endpoint registered</small>`;
  const last = deliveries.at(-1)!;
  const lastAttempt = last.attempts.at(-1);
  return html`${pill(last.state)}<small>${last.attempts.length} ${last.attempts.length === 1 ? "attempt" : "attempts"}${lastAttempt ? `, last ${lastAttempt.status ?? "no answer"}` : ""}${deliveries.length > 1 ? `, ${deliveries.length} deliveries` : ""}</small>`;
}

function deliveryDetail(delivery: WebhookDelivery): SafeHtml {
  return html`<div><p class="small"><code>${delivery.url}</code> ${pill(delivery.state)}${delivery.forwarded ? html` <span class="muted small">forwarded (--forward-webhooks-to)</span>` : ""}</p>
  <ol class="timeline">${delivery.attempts.map(
    (a) =>
      html`<li>${time(a.at)} ${a.status === undefined ? html`<span class="pill pill-bad">no answer</span> <span class="muted small">${a.error ?? ""}</span>` : html`<span class="pill pill-${statusTone(a.status)}">HTTP ${a.status}</span>`}${a.ms === undefined ? "" : html` <span class="muted small">${a.ms} ms</span>`}</li>`,
  )}</ol></div>`;
}
