import { SCRIPT_PATH } from "./client-script.js";
import { html, type SafeHtml } from "./html.js";
import { STYLESHEET_PATH } from "./styles.js";

export type Section =
  | "overview"
  | "issuance"
  | "verifications"
  | "webhooks"
  | "requests"
  | "definitions"
  | "wallet";

const NAV: { section: Section; path: string; label: string }[] = [
  { section: "overview", path: "/", label: "Overview" },
  { section: "issuance", path: "/issuance", label: "Issuance" },
  { section: "verifications", path: "/verifications", label: "Verifications" },
  { section: "webhooks", path: "/webhooks", label: "Webhooks" },
  { section: "requests", path: "/requests", label: "Requests" },
  { section: "definitions", path: "/definitions", label: "Definitions & policies" },
  { section: "wallet", path: "/wallet", label: "Test wallet" },
];

/** One rendered page: a static head and, for dashboard pages, a region that refreshes live. */
export interface Page {
  title: string;
  section: Section;
  /** Rendered once: headings, forms a person types into. */
  head?: SafeHtml;
  /** Refreshed on every change (dashboard pages); the whole content otherwise. */
  body: SafeHtml;
  live?: boolean;
}

/** The shell around every page: top bar with navigation, the test-mode badge, stylesheet, script. */
export function layout(page: Page, basePath: string): SafeHtml {
  return html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title} · Credport emulator</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${basePath}${STYLESHEET_PATH}">
<script src="${basePath}${SCRIPT_PATH}" defer></script>
</head>
<body data-base="${basePath}" class="${page.section === "wallet" ? "wallet" : ""}">
<a class="skip" href="#content">Skip to content</a>
<header class="topbar">
  <div class="topbar-inner">
    <a class="brand" href="${basePath}/"><span class="brand-mark" aria-hidden="true">◆</span>Credport emulator</a>
    <span class="test-badge">Test mode</span>
    <nav class="nav" aria-label="Sections">
      ${NAV.map(
        (item) =>
          html`<a href="${basePath}${item.path}"${item.section === page.section ? html` aria-current="page"` : ""}>${item.label}</a>`,
      )}
    </nav>
    ${page.live ? html`<span class="live" data-state="off"><span class="live-dot" aria-hidden="true"></span>Live</span>` : ""}
  </div>
</header>
<main id="content">
${page.head ?? ""}
${page.live ? html`<div id="live">${page.body}</div>` : page.body}
</main>
</body>
</html>`;
}
