import type {
  DcApiAnswerTranscript,
  IssuanceRecord,
  VerificationRecord,
} from "@credport/mock/engine";
import {
  authorizationRequestUri,
  OPEN_ISSUANCE_STATUSES,
  OPEN_VERIFICATION_STATUSES,
  offerUri,
  testWalletUrl,
} from "@credport/mock/engine";
import { codeBlock, pill, pretty, time } from "../face/format.js";
import { html, type SafeHtml } from "../face/html.js";
import type { Page } from "../face/layout.js";
import type { DashboardContext } from "./dashboard-context.js";
import { failureDetailList, stepTimeline } from "./failure-explanation.js";

/** The verification failed because its issuer chains to no trusted root. */
const untrusted = (v: { failureDetail?: { check: string } | undefined }) =>
  v.failureDetail?.check === "issuer_not_trusted";

import { qrCode } from "./qr-code.js";
import { type Row, rowList } from "./row-list.js";
import { type HistoryEntry, statusHistory } from "./status-history.js";

/** `/issuance`: every issuance session, newest first, with its status history. */
export function issuancePage(ctx: DashboardContext): Page {
  const records = [...ctx.model.issuance.records].reverse();
  return {
    title: "Issuance",
    section: "issuance",
    live: true,
    head: html`<div class="page-head"><div><h1>Issuance sessions</h1><p>Offers your backend made and how wallets redeemed them. Open one to see its history, or hand it to the test wallet.</p></div></div>`,
    body: html`<section class="card" aria-label="Issuance sessions">${
      records.length === 0
        ? html`<p class="empty">No offers yet. Create one with <code>credport.issuance.createOffer()</code>.</p>`
        : rowList(
            "cols-issuance",
            ["Session", "Credential", "Status", "Created", "Expires"],
            records.map((record) => issuanceRow(ctx, record)),
            "Issuance sessions",
          )
    }</section>`,
  };
}

function issuanceRow(ctx: DashboardContext, r: IssuanceRecord): Row {
  const open = OPEN_ISSUANCE_STATUSES.includes(r.status);
  const uri = offerUri(ctx.publicBaseUrl, r.id);
  return {
    key: r.id,
    cells: [
      html`<span class="chevron" aria-hidden="true">›</span><span class="mono">${r.id}</span>`,
      html`${r.definition.title}<small class="mono">${r.credentialDefinitionId}</small>`,
      html`${pill(r.status)}${r.credentialStatus === "revoked" ? html` ${pill("revoked")}` : ""}`,
      time(r.createdAt),
      open ? time(r.expiresAt) : html`<span class="muted">–</span>`,
    ],
    body: html`<div class="detail-grid">
      <div><h3>Status history</h3>${timeline(statusHistory(ctx.model, r.id, { at: r.createdAt, status: "offer_created" }))}
        ${r.status === "failed" ? failureDetailList(r.failureDetail) : ""}${stepTimeline(r.timeline)}</div>
      <div><h3>Claims</h3>${codeBlock(pretty(r.claims), `Claims of ${r.id}`)}</div>
      <div class="stack"><h3>Details</h3><dl class="kv">
        <dt>Project</dt><dd class="mono">${r.tenant.projectId} (${r.tenant.environment})</dd>
        ${r.metadata && Object.keys(r.metadata).length > 0 ? html`<dt>Metadata</dt><dd class="mono">${JSON.stringify(r.metadata)}</dd>` : ""}
        ${r.revokedAt ? html`<dt>Revoked</dt><dd>${time(r.revokedAt)}</dd>` : ""}
        ${r.txCode ? html`<dt>Transaction code</dt><dd class="mono">${r.txCode}</dd>` : ""}
      </dl>
      ${open && r.tenant.environment === "test" ? handoff(ctx, uri, "offer") : ""}</div>
    </div>`,
  };
}

/** `/verifications`: every verification, newest first, with its status history. */
export async function verificationsPage(ctx: DashboardContext): Promise<Page> {
  const records = [...ctx.model.verifications.records].reverse();
  // Each project environment is its own verifier: the client_id of each open one's project.
  const clientIds = new Map<string, string>();
  for (const r of records)
    if (OPEN_VERIFICATION_STATUSES.includes(r.status))
      clientIds.set(
        r.id,
        await ctx.model.protocol.verifier.clientIdFor(r.tenant, ctx.publicBaseUrl),
      );
  return {
    title: "Verifications",
    section: "verifications",
    live: true,
    head: html`<div class="page-head"><div><h1>Verifications</h1><p>Presentation requests your backend made and what wallets answered.</p></div></div>`,
    body: html`<section class="card" aria-label="Verifications">${
      records.length === 0
        ? html`<p class="empty">No verifications yet. Create one with <code>credport.verifications.create()</code>.</p>`
        : rowList(
            "cols-verifications",
            ["Verification", "Policy", "Status", "Created", "Expires"],
            records.map((record) => verificationRow(ctx, record, clientIds.get(record.id) ?? "")),
            "Verifications",
          )
    }</section>`,
  };
}

function verificationRow(ctx: DashboardContext, v: VerificationRecord, clientId: string): Row {
  const open = OPEN_VERIFICATION_STATUSES.includes(v.status);
  return {
    key: v.id,
    cells: [
      html`<span class="chevron" aria-hidden="true">›</span><span class="mono">${v.id}</span>`,
      html`<span class="mono">${v.policyId}</span>${v.customerUserRef ? html`<small>${v.customerUserRef}</small>` : ""}`,
      html`${pill(v.status)}${v.failureCode ? html`<small class="mono">${v.failureCode}</small>` : ""}${untrusted(v) ? html`<small>issuer not trusted</small>` : ""}`,
      time(v.createdAt),
      open ? time(v.expiresAt) : html`<span class="muted">–</span>`,
    ],
    body: html`<div class="detail-grid">
      <div><h3>Status history</h3>${timeline(statusHistory(ctx.model, v.id, { at: v.createdAt, status: "pending" }))}
        ${v.dcApiAnswer ? dcApiTranscript(v.dcApiAnswer) : ""}
        ${v.status === "failed" ? failureDetailList(v.failureDetail) : ""}${stepTimeline(v.timeline)}</div>
      <div><h3>Fields asked for</h3><ul class="claims-list">${v.policy.fields.map((f) => html`<li class="mono">${f.path.join(".")}</li>`)}</ul>
        ${v.claims ? html`<h3>Disclosed</h3>${codeBlock(pretty(v.claims), `Disclosed claims of ${v.id}`)}` : ""}</div>
      <div class="stack"><h3>Details</h3><dl class="kv">
        <dt>Project</dt><dd class="mono">${v.tenant.projectId} (${v.tenant.environment})</dd>
        ${v.customerUserRef ? html`<dt>Customer</dt><dd class="mono">${v.customerUserRef}</dd>` : ""}
        <dt>Credential type</dt><dd class="mono">${v.policy.vct}</dd>
        ${untrusted(v) ? html`<dt>Issuer</dt><dd>Not trusted: its certificate chain ends at neither the test CA nor a trusted issuer's root (<code>--trust-issuer</code>).</dd>` : ""}
        ${v.expectedOrigins ? html`<dt>DC API origins</dt><dd class="mono">${v.expectedOrigins.join(", ")}</dd>` : ""}
      </dl>
      ${open && v.tenant.environment === "test" ? handoff(ctx, authorizationRequestUri(ctx.publicBaseUrl, v.id, clientId), "request") : ""}</div>
    </div>`,
  };
}

function handoff(ctx: DashboardContext, uri: string, kind: "offer" | "request"): SafeHtml {
  return html`<div class="actions">
  ${qrCode(uri, kind === "offer" ? "QR code of the offer" : "QR code of the presentation request")}
  <div class="stack"><a class="button primary" href="${testWalletUrl(ctx.basePath || "", uri)}">Open in test wallet</a>
  <button type="button" class="small-button" data-copy="${uri}">Copy the ${kind} link</button></div>
</div>`;
}

/** What the wallet answered through the Digital Credentials API, as the page posted it. */
function dcApiTranscript(answer: DcApiAnswerTranscript): SafeHtml {
  const form =
    answer.form === "response"
      ? "an encrypted answer (data.response)"
      : answer.form === "vp_token"
        ? "a vp_token in the clear"
        : "the wallet's error";
  return html`<h3>Digital Credentials API answer</h3><dl class="kv">
    <dt>Received</dt><dd>${time(answer.at)}</dd>
    <dt>Protocol</dt><dd class="mono">${answer.protocol}</dd>
    <dt>Form</dt><dd>${form}</dd>
    ${answer.origin ? html`<dt>Bound to</dt><dd class="mono">origin:${answer.origin}</dd>` : ""}
    ${answer.reason ? html`<dt>Why it failed</dt><dd>${answer.reason}</dd>` : ""}
  </dl>`;
}

function timeline(entries: HistoryEntry[]): SafeHtml {
  return html`<ol class="timeline">${entries.map((e) => html`<li>${time(e.at)} ${pill(e.status)}</li>`)}</ol>`;
}
