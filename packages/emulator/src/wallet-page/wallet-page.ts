import type { VerifierIdentity } from "@credport/mock";
import { TAMPERS } from "@credport/mock/engine";
import type {
  HeldCredential,
  OfferPreview,
  RequestPreview,
  TestWallet,
} from "@credport/mock/wallet";
import { DEFAULT_TEST_IDENTITY } from "@credport/mock/wallet";
import { claimValue, flattenClaims, humanize } from "../face/format.js";
import { html, type SafeHtml } from "../face/html.js";
import type { Page } from "../face/layout.js";
import type { WalletPageContext } from "./wallet-page-context.js";
import type { Flash } from "./wallet-sessions.js";

/** How each tamper knob reads on the page, and the failure it produces. */
const TAMPER_LABELS: Record<(typeof TAMPERS)[number], string> = {
  disclosure: "Alter a disclosed value",
  signature: "Break the issuer's signature",
  nonce: "Answer with another nonce",
  audience: "Address it to another verifier",
  sd_hash: "Drop a disclosure after key binding",
  stale: "Key binding an hour old",
  handover: "Sign another channel's handover (mdoc)",
};

export type Panel =
  | { kind: "offer"; uri: string; preview: OfferPreview }
  | { kind: "request"; uri: string; preview: RequestPreview; asker?: VerifierIdentity | undefined }
  | { kind: "error"; uri: string; title: string; text: string }
  | { kind: "open" };

export function walletPage(
  ctx: WalletPageContext,
  wallet: TestWallet,
  panel: Panel,
  flash: Flash | undefined,
): Page {
  const action = (name: string) => `${ctx.basePath}/wallet/${name}`;
  return {
    title: "Test wallet",
    section: "wallet",
    body: html`
<div class="page-head">
  <div>
    <h1>Test wallet</h1>
    <p>A wallet in this browser for trying your Credport flows on this machine. It speaks OpenID4VCI and OpenID4VP to the emulator, exactly as a phone wallet would.</p>
  </div>
</div>
${flash ? notice(flash) : ""}
${panelHtml(panel, action)}
${panel.kind === "open" ? dcApiCard(action) : ""}
${credentialsCard(wallet, action)}
<p class="footer-note">Test mode only: this wallet holds test credentials of this emulator, in memory, until the emulator stops.</p>`,
  };
}

function notice(flash: Flash): SafeHtml {
  return html`<div class="notice notice-${flash.tone}" role="${flash.tone === "bad" ? "alert" : "status"}"><div><strong>${flash.title}</strong>${flash.text ? html`<span>${flash.text}</span>` : ""}</div></div>
${
  flash.copy
    ? html`<div class="field"><label for="dc-answer">The answer: what navigator.credentials.get() resolves with (its protocol and data)</label><textarea id="dc-answer" readonly rows="4" spellcheck="false">${flash.copy}</textarea></div>`
    : ""
}`;
}

/** A Digital Credentials API request, pasted in: what a browser would hand a wallet on the device. */
function dcApiCard(action: (name: string) => string): SafeHtml {
  return html`<section class="card" aria-labelledby="dc-api-title">
  <div class="card-head"><div><h2 id="dc-api-title">Answer a Digital Credentials API request</h2><p>Paste the <code>dc_api_requests</code> your app passed to <code>navigator.credentials.get()</code>, and the page's origin the browser would report.</p></div></div>
  <div class="card-body">
    <form method="post" action="${action("dc-api")}" class="stack">
      <div class="field"><label for="dc-requests">Requests (JSON)</label><textarea id="dc-requests" name="requests" rows="4" required spellcheck="false" placeholder='[{ "protocol": "openid4vp-v1-signed", "data": { "request": "eyJ…" } }]'></textarea></div>
      <div class="field"><label for="dc-origin">Page origin</label><input id="dc-origin" name="origin" type="text" required placeholder="http://localhost:3000" autocomplete="off" spellcheck="false"></div>
      <div class="field"><label for="dc-tamper">Tamper with the presentation</label>
        <select id="dc-tamper" name="tamper">
          <option value="">No, present it as it is</option>
          ${TAMPERS.map((tamper) => html`<option value="${tamper}">${TAMPER_LABELS[tamper]} (presentation_invalid)</option>`)}
        </select>
      </div>
      <label class="check" for="dc-deliver"><input type="checkbox" id="dc-deliver" name="deliver" checked>Hand the answer to the verification, as the page would post it</label>
      <div class="actions">
        <button class="primary" type="submit" name="decision" value="share">Share</button>
        <button class="danger" type="submit" name="decision" value="refuse">Refuse</button>
      </div>
    </form>
  </div>
</section>`;
}

function panelHtml(panel: Panel, action: (name: string) => string): SafeHtml {
  switch (panel.kind) {
    case "offer":
      return offerPanel(panel.uri, panel.preview, action);
    case "request":
      return requestPanel(panel.uri, panel.preview, action, panel.asker);
    case "error":
      return html`<section class="card" aria-labelledby="panel-title">
  <div class="card-head"><h2 id="panel-title">${panel.title}</h2></div>
  <div class="card-body stack"><p>${panel.text}</p><p><a class="button" href="${action("").replace(/\/$/, "")}">Back to the wallet</a></p></div>
</section>`;
    case "open":
      return html`<section class="card" aria-labelledby="panel-title">
  <div class="card-head"><div><h2 id="panel-title">Open a link</h2><p>Paste the offer or request link your app shows beside its QR code.</p></div></div>
  <div class="card-body">
    <form method="get" action="${action("").replace(/\/$/, "")}" class="inline-form">
      <div class="field grow"><label for="uri">Offer or request link</label><input id="uri" name="uri" type="text" required placeholder="openid-credential-offer://… or openid4vp://…" autocomplete="off" spellcheck="false"></div>
      <button class="primary" type="submit">Open</button>
    </form>
  </div>
</section>`;
  }
}

function offerPanel(uri: string, offer: OfferPreview, action: (name: string) => string): SafeHtml {
  const issuer = offer.issuerName ?? new URL(offer.credentialIssuer).host;
  const title = offer.title ?? offer.vct ?? offer.credentialConfigurationId;
  const code = offer.txCode;
  return html`<section class="card" aria-labelledby="panel-title">
  <div class="card-head"><h2 id="panel-title">Credential offer</h2><span class="pill pill-info">waiting for you</span></div>
  <div class="card-body stack">
    <div class="request-summary">
      <span class="party" aria-hidden="true">${issuer.charAt(0).toUpperCase()}</span>
      <div><p><strong>${issuer}</strong> offers you a credential.</p><p class="muted small mono">${offer.credentialIssuer}</p></div>
    </div>
    <div class="wallet-card">
      <h3>${title}</h3>
      ${offer.vct ? html`<p class="meta">${offer.vct}</p>` : ""}
      <dl>${offer.claims.map((claim) => html`<dt>${claim.name ?? humanize(claim.path.at(-1) ?? "")}</dt><dd>${claim.mandatory ? "always included" : "if the issuer has it"}</dd>`)}</dl>
    </div>
    <form method="post" action="${action("accept")}" class="stack">
      <input type="hidden" name="uri" value="${uri}">
      ${
        code
          ? html`<div class="field"><label for="tx_code">Transaction code</label>
        <input id="tx_code" name="tx_code" type="text" required autocomplete="one-time-code" spellcheck="false" ${code.inputMode === "text" ? "" : html`inputmode="numeric" pattern="[0-9]*"`} ${code.length ? html`maxlength="${code.length}"` : ""} aria-describedby="tx_code_hint">
        <span id="tx_code_hint" class="muted small">${code.description ?? "The issuer gives you this code separately from the offer."}${code.length ? ` ${code.length} ${code.inputMode === "text" ? "characters" : "digits"}.` : ""}</span></div>`
          : ""
      }
      <div class="actions">
        <button class="primary" type="submit">Accept credential</button>
        <a class="button" href="${action("").replace(/\/$/, "")}">Not now</a>
      </div>
    </form>
  </div>
</section>`;
}

function requestPanel(
  uri: string,
  request: RequestPreview,
  action: (name: string) => string,
  asker: VerifierIdentity | undefined,
): SafeHtml {
  const verifier = new URL(request.responseUri).host;
  const did = request.clientId.replace(/^decentralized_identifier:/, "");
  const source = request.credential
    ? html`<p>From your <strong>${credentialTitle(request.credential)}</strong>.</p>`
    : request.obtainsTestIdentity
      ? html`<p>From your test identity, <strong>${DEFAULT_TEST_IDENTITY.given_name} ${DEFAULT_TEST_IDENTITY.family_name}</strong>: the wallet fetches it from the emulator's test issuer first.</p>`
      : html`<div class="notice notice-bad" role="alert"><div><strong>No credential fits this request.</strong><span>It asks for a credential of type ${request.vcts.join(", ")}. Accept an offer of one first, or refuse.</span></div></div>`;
  const canShare = request.credential !== undefined || request.obtainsTestIdentity;
  return html`<section class="card" aria-labelledby="panel-title">
  <div class="card-head"><h2 id="panel-title">Presentation request</h2><span class="pill pill-info">waiting for you</span></div>
  <div class="card-body stack">
    <div class="request-summary">
      <span class="party" aria-hidden="true">V</span>
      <div><p><strong>The verifier at ${verifier}</strong> asks you to share ${request.fields.length} ${request.fields.length === 1 ? "field" : "fields"}.</p>
      ${asker ? html`<p class="small">Asked by project <strong class="mono">${asker.projectId}</strong> (${asker.environment})${asker.clientId === request.clientId ? "" : html`, <strong>but signed under another project's client ID</strong>`}.</p>` : ""}
      <p class="muted small mono" title="${did}">Signed by ${did.slice(0, 24)}…${did.slice(-8)}</p></div>
    </div>
    ${source}
    <form method="post" action="${action("present")}" class="stack">
      <input type="hidden" name="uri" value="${uri}">
      <fieldset>
        <legend>Fields to share</legend>
        ${request.fields.map((path, i) => {
          const value = request.credential ? lookup(request.credential.claims, path) : undefined;
          return html`<label class="check" for="field-${i}"><input type="checkbox" id="field-${i}" name="share" value="${JSON.stringify(path)}" checked>${humanize(path.at(-1) ?? "")}${value === undefined ? "" : html`<span class="mono">${claimValue(value)}</span>`}</label>`;
        })}
        <p class="muted small">Untick a field to test a presentation without it: the verification then fails with <code>claims_missing</code>.</p>
      </fieldset>
      <details>
        <summary class="disclosure">Test a failure</summary>
        <div class="field">
          <label for="tamper">Tamper with the presentation</label>
          <select id="tamper" name="tamper">
            <option value="">No, present it as it is</option>
            ${TAMPERS.map((tamper) => html`<option value="${tamper}">${TAMPER_LABELS[tamper]} (presentation_invalid)</option>`)}
          </select>
        </div>
      </details>
      <div class="actions">
        <button class="primary" type="submit" name="decision" value="share"${canShare ? "" : html` disabled`}>Share</button>
        <button class="danger" type="submit" name="decision" value="refuse">Refuse</button>
      </div>
    </form>
  </div>
</section>`;
}

function credentialsCard(wallet: TestWallet, action: (name: string) => string): SafeHtml {
  const held = [...wallet.credentials].reverse();
  return html`<section class="card" aria-labelledby="held-title">
  <div class="card-head">
    <div><h2 id="held-title">In this wallet</h2><p>${held.length} ${held.length === 1 ? "credential" : "credentials"}. For identity checks the wallet also holds ${DEFAULT_TEST_IDENTITY.given_name} ${DEFAULT_TEST_IDENTITY.family_name}'s test identity, issued on demand.</p></div>
    <form method="post" action="${action("new")}"><button type="submit" class="small-button">Start over with an empty wallet</button></form>
  </div>
  <div class="card-body">
    ${
      held.length === 0
        ? html`<p class="empty">No credentials yet. Open an offer from your app with “Open in test wallet”.</p>`
        : held.map(credentialCard)
    }
  </div>
</section>`;
}

function credentialCard(credential: HeldCredential): SafeHtml {
  return html`<article class="wallet-card">
  <h3>${credentialTitle(credential)}</h3>
  <p class="meta">${credentialType(credential)}${credential.format === "dc+sd-jwt" ? ` · issued by ${credential.issuer}` : ""}</p>
  <dl>${flattenClaims(credential.claims).map(([path, value]) => html`<dt>${humanize(path.at(-1) ?? "")}</dt><dd>${claimValue(value)}</dd>`)}</dl>
</article>`;
}

/** What names a held credential's type: an SD-JWT VC's vct, an mdoc's doctype. */
export const credentialType = (credential: HeldCredential) =>
  credential.format === "mso_mdoc" ? credential.docType : credential.vct;

const credentialTitle = (credential: HeldCredential) =>
  credential.title ?? credentialType(credential);

function lookup(claims: Record<string, unknown>, path: string[]): unknown {
  let node: unknown = claims;
  for (const segment of path)
    node =
      node && typeof node === "object" ? (node as Record<string, unknown>)[segment] : undefined;
  return node;
}
