import { type KeyRecord, OPEN_ISSUANCE_STATUSES } from "@credport/mock/engine";
import { pill, time } from "../face/format.js";
import { html, type SafeHtml } from "../face/html.js";
import type { Page } from "../face/layout.js";
import { actionForm, controlsCard } from "./controls.js";
import type { DashboardContext } from "./dashboard-context.js";

const KEY_LABELS = {
  secret: "Secret key",
  publishable: "Publishable key",
  webhook: "Webhook secret",
};
const ENV_NAMES = {
  secret: "CREDPORT_SECRET_KEY",
  publishable: "CREDPORT_PUBLISHABLE_KEY",
  webhook: "CREDPORT_WEBHOOK_SECRET",
};

/** `/`: counts, controls, projects with their keys and webhook endpoints. */
export function overviewPage(ctx: DashboardContext): Page {
  return {
    title: "Overview",
    section: "overview",
    live: true,
    head: html`<div class="page-head"><div><h1>Overview</h1><p>Your local Credport service at <code>${ctx.publicBaseUrl}</code>. Everything here updates as requests come in.</p></div>
      <div class="actions"><a class="button primary" href="${ctx.basePath}/wallet">Open the test wallet</a></div></div>`,
    body: html`${stats(ctx)}
<div class="grid grid-overview">
  <div>${[...ctx.model.keys.projects].reverse().map((projectId) => projectCard(ctx, projectId))}</div>
  <div>${controlsCard(ctx)}${caCard(ctx)}${trustedIssuersCard(ctx)}</div>
</div>`,
  };
}

/** The test CA root a HAIP wallet must trust (docs/protocol.md, "Trusting the test CA"). */
function caCard(ctx: DashboardContext): SafeHtml {
  const pem = ctx.model.ca.rootPemIfMade();
  if (!pem) return html``;
  return html`<section class="card" aria-labelledby="test-ca"><div class="card-body stack">
  <h2 id="test-ca">Test CA root</h2>
  <p class="small">Protocol profile <strong>${ctx.model.profile}</strong>${ctx.model.profile === "haip" ? html`: verifiers sign as <code>${ctx.model.verifierClientIdPrefix}</code> with certificates from this root, and issuers put their chain in credentials. Add it to a wallet's trust store (test only).` : html`: this root is not used.`}</p>
  <p><a class="button" href="${ctx.basePath}/__emulator/ca.pem" download="credport-emulator-ca.pem">Download ca.pem</a> <button type="button" class="small-button" data-copy="${pem}" aria-label="Copy the test CA root">Copy</button></p>
</div></section>`;
}

/**
 * The other issuers' roots the verifier trusts (`trustedIssuers`, `--trust-issuer`): credentials
 * whose chain ends at one verify like the emulator's own.
 */
function trustedIssuersCard(ctx: DashboardContext): SafeHtml {
  const roots = ctx.model.trustedIssuers.summaries();
  return html`<section class="card" aria-labelledby="trusted-issuers"><div class="card-body stack">
  <h2 id="trusted-issuers">Trusted issuers</h2>
  ${
    roots.length === 0
      ? html`<p class="small muted">Only the emulator's own issuers. Add other issuers' root certificates with <code>--trust-issuer &lt;pem file&gt;</code> (or <code>trustedIssuers</code>).</p>`
      : html`<p class="small">Besides its own, the verifier accepts credentials whose <code>x5c</code> or <code>x5chain</code> ends at one of these roots${ctx.model.profile === "haip" ? html` (they are in DCQL <code>trusted_authorities</code>)` : ""}:</p>
  <ul class="claims-list">${roots.map((root) => html`<li><span class="mono">${root.subject.split("\n").join(", ")}</span> <span class="muted small">until ${root.notAfter.slice(0, 10)}</span></li>`)}</ul>`
  }
</div></section>`;
}

function stats(ctx: DashboardContext): SafeHtml {
  const { issuance, verifications, webhooks } = ctx.model;
  const items: [string, number][] = [
    [
      "Open offers",
      issuance.records.filter((r) => OPEN_ISSUANCE_STATUSES.includes(r.status)).length,
    ],
    ["Credentials issued", issuance.records.filter((r) => r.status === "credential_issued").length],
    ["Verifications verified", verifications.records.filter((r) => r.status === "verified").length],
    ["Verifications failed", verifications.records.filter((r) => r.status === "failed").length],
    ["Webhook events", webhooks.events.length],
  ];
  return html`<div class="stats">${items.map(([label, value]) => html`<div class="stat"><div class="stat-value">${value}</div><div class="stat-label">${label}</div></div>`)}</div>`;
}

function projectCard(ctx: DashboardContext, projectId: string): SafeHtml {
  const keys = [...ctx.model.keys.keys.values()].filter((k) => k.projectId === projectId);
  const endpoints = ctx.model.webhooks.endpoints.filter((e) => e.tenant.projectId === projectId);
  const environments = [...new Set(keys.map((k) => k.environment))];
  return html`<section class="card" aria-labelledby="project-${projectId}">
  <div class="card-head">
    <div><h2 id="project-${projectId}" class="mono">${projectId}</h2><p>${projectId === ctx.emulatorProjectId ? "The project the emulator printed at start." : "A project made through the control plane."}</p></div>
    <div class="actions">${environments.map((env) => pill(env, env === "test" ? "test" : "info"))}</div>
  </div>
  <div class="table-wrap"><table>
    <thead><tr><th scope="col">Key</th><th scope="col">Value</th><th scope="col">Created</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
    <tbody>${keys.map((key) => keyRow(ctx, key))}</tbody>
  </table></div>
  <div class="card-body stack">
    <h3>Webhook endpoints</h3>
    ${
      endpoints.length === 0
        ? html`<p class="muted small">None yet: events are recorded (see Webhooks) but sent nowhere.</p>`
        : html`<ul class="claims-list">${endpoints.map((e) => html`<li><code>${e.url}</code> <span class="muted small">(${e.tenant.environment})</span></li>`)}</ul>`
    }
    ${actionForm(
      ctx,
      "webhook-endpoint",
      html`<input type="hidden" name="projectId" value="${projectId}">
      <input type="hidden" name="environment" value="${environments.includes("test") ? "test" : (environments[0] ?? "test")}">
      <div class="field grow"><label for="endpoint-${projectId}">Add an endpoint</label><input id="endpoint-${projectId}" name="url" type="url" required placeholder="http://localhost:3000/api/webhooks"></div>
      <button type="submit">Add</button>`,
      { className: "inline-form" },
    )}
  </div>
</section>`;
}

function keyRow(ctx: DashboardContext, key: KeyRecord): SafeHtml {
  // Live secrets are shown once at creation by the real service; here they stay masked too.
  const shown = key.environment === "test" || key.type === "publishable";
  const value = shown ? key.key : `${key.key.slice(0, 8)}…${key.key.slice(-4)}`;
  return html`<tr>
  <td class="nowrap"><strong>${KEY_LABELS[key.type]}</strong><div class="muted small mono">${ENV_NAMES[key.type]}</div></td>
  <td><code class="key">${value}</code>${key.revoked ? html` ${pill("revoked")}` : ""}${key.scopes ? html`<div class="muted small">scopes: ${key.scopes.join(", ")}</div>` : ""}</td>
  <td class="nowrap">${time(key.createdAt)}</td>
  <td class="nowrap"><div class="row-actions">
    ${shown ? html`<button type="button" class="small-button" data-copy="${key.key}" aria-label="Copy ${KEY_LABELS[key.type].toLowerCase()} ${key.environment}">Copy</button>` : ""}
    ${key.revoked || !shown ? "" : actionForm(ctx, "revoke-key", html`<input type="hidden" name="key" value="${key.key}"><button type="submit" class="small-button danger" aria-label="Revoke ${KEY_LABELS[key.type].toLowerCase()} ${key.environment}">Revoke</button>`, { confirm: "Revoke this key? Clients using it get 401." })}
  </div></td>
</tr>`;
}
