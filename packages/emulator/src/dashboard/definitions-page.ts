import { GLOBAL_DEFINITIONS, POLICY_PRESETS } from "@credport/mock/engine";
import { pill } from "../face/format.js";
import { html } from "../face/html.js";
import type { Page } from "../face/layout.js";
import type { DashboardContext } from "./dashboard-context.js";

/** `/definitions`: credential definitions and policies, the projects' own and the built-in ones. */
export function definitionsPage(ctx: DashboardContext): Page {
  const owned = ctx.model.definitions.snapshot().owned.reverse();
  const definitions = [
    ...owned.map((d) => ({ ...d, scope: d.owner ? d.owner.projectId : "global" })),
    ...GLOBAL_DEFINITIONS.filter((d) => d.lifecycleStatus === "published").map((d) => ({
      ...d,
      scope: "built in",
    })),
  ];
  const policies = [
    ...ctx.model.policies
      .snapshot()
      .reverse()
      .map((p) => ({ ...p, scope: p.tenant?.projectId ?? "" })),
    ...POLICY_PRESETS.map((p) => ({ ...p, scope: "built in" })),
  ];
  return {
    title: "Definitions & policies",
    section: "definitions",
    live: true,
    head: html`<div class="page-head"><div><h1>Definitions &amp; policies</h1><p>What can be issued, and what verifications ask for.</p></div></div>`,
    body: html`<section class="card" aria-labelledby="definitions-title">
  <div class="card-head"><h2 id="definitions-title">Credential definitions</h2></div>
  <div class="table-wrap"><table>
  <thead><tr><th scope="col">Definition</th><th scope="col">Type (vct)</th><th scope="col">Claims</th><th scope="col">Status</th><th scope="col">Owner</th></tr></thead>
  <tbody>${definitions.map(
    (
      d,
    ) => html`<tr><td><strong>${d.title ?? "(untitled draft)"}</strong><div class="muted small mono">${d.credentialDefinitionId}</div></td>
    <td class="mono small">${d.vct ?? "–"}</td>
    <td class="small">${d.claims.map((c, i) => html`${i > 0 ? ", " : ""}<span class="mono">${c.path.join(".")}</span>${c.mandatory ? "" : html`<span class="muted">?</span>`}`)}</td>
    <td>${pill(d.lifecycleStatus)}</td><td class="mono small">${d.scope}</td></tr>`,
  )}</tbody></table></div>
</section>
<section class="card" aria-labelledby="policies-title">
  <div class="card-head"><h2 id="policies-title">Policies</h2></div>
  <div class="table-wrap"><table>
  <thead><tr><th scope="col">Policy</th><th scope="col">Fields</th><th scope="col">Status</th><th scope="col">Owner</th></tr></thead>
  <tbody>${policies.map(
    (
      p,
    ) => html`<tr><td><strong>${p.name}</strong><div class="muted small mono">${p.policyId}</div></td>
    <td class="small mono">${p.fields.map((f) => f.path.join(".")).join(", ")}</td>
    <td>${pill(p.status)}</td><td class="mono small">${p.scope}</td></tr>`,
  )}</tbody></table></div>
</section>`,
  };
}
