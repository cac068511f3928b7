import type { FailureDetail, TimelineEntry } from "@credport/core/contract";
import { pill, time } from "../face/format.js";
import { html, type SafeHtml } from "../face/html.js";

/**
 * Why a verification or an issuance failed, as the service's server reads tell it
 * (`failure_detail`): the check, the claim concerned and what was expected. Never a value.
 */
export function failureDetailList(detail: FailureDetail | undefined): SafeHtml | "" {
  if (!detail) return "";
  return html`<h3>Why it failed</h3><dl class="kv">
    <dt>Check</dt><dd class="mono">${detail.check}</dd>
    ${detail.path ? html`<dt>Claim</dt><dd class="mono">${detail.path.join(".")}</dd>` : ""}
    <dt>Expected</dt><dd>${detail.message}</dd>
  </dl>`;
}

/**
 * Every step of a verification or an issuance, in order (`GET …/timeline`): each check with its
 * outcome, the final status, each webhook delivery attempt with the receiver's HTTP status.
 */
export function stepTimeline(entries: readonly TimelineEntry[] | undefined): SafeHtml | "" {
  if (!entries || entries.length === 0) return "";
  return html`<h3>Timeline</h3><ol class="timeline">${entries.map((e) => html`<li>${time(e.at)} ${stepLabel(e)}</li>`)}</ol>`;
}

function stepLabel({ step, detail }: TimelineEntry): SafeHtml {
  if (step === "check" && detail)
    return html`check <span class="mono">${String(detail.check)}</span> ${pill(
      String(detail.outcome),
      detail.outcome === "passed" ? "ok" : "bad",
    )}`;
  if (step === "webhook_delivery" && detail)
    return html`webhook <span class="mono">${String(detail.event)}</span> attempt ${String(detail.attempt)}: ${
      detail.status === undefined
        ? pill("not reached", "bad")
        : pill(String(detail.status), Number(detail.status) < 300 ? "ok" : "bad")
    }`;
  const rest = detail
    ? Object.entries(detail)
        .map(([key, value]) => `${key} ${value}`)
        .join(", ")
    : "";
  return html`${pill(step)}${rest ? html` <small class="mono">${rest}</small>` : ""}`;
}
