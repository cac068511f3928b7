// @vitest-environment node
// React 18.3 (a supported peer) still writes `javascript:` hrefs into the DOM — only React 19 blocks
// them — so the components must refuse script URLs themselves. This renders the built package with
// React 18.3.1 (the `react18` and `react-dom18` aliases) in a jsdom window: esbuild bundles it with
// every `react` and `react-dom` import, react-dom's own included, pointed at the 18.3 copies.
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { build, type Plugin } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const REACT_18 = dirname(require.resolve("react18/package.json"));
const REACT_DOM_18 = dirname(require.resolve("react-dom18/package.json"));

const react18: Plugin = {
  name: "react-18",
  setup(b) {
    b.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, ({ path }) => {
      const [, dom, sub = ""] = /^react(-dom)?(\/.*)?$/.exec(path)!;
      return { path: require.resolve(`${dom ? REACT_DOM_18 : REACT_18}${sub}`) };
    });
  },
};

const ENTRY = `
import { CredentialOfferQRCode, CredportProvider, VerificationGate, VerificationQRCode } from "@credport/react";
import { createElement as h, version } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";

function mount(element) {
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  flushSync(() => root.render(element));
  return container;
}

/** A start endpoint answering \`answer\`, and a status service (no realtime) that stays pending. */
function gateFetch(answer) {
  return async (url) => {
    if (String(url).endsWith("/start")) return Response.json(answer);
    if (String(url).endsWith("/events"))
      return Response.json({ code: "realtime_unavailable", message: "off" }, { status: 503 });
    return Response.json({ object: "verification_status", id: "ver_1", status: "pending", expires_at: answer.expiresAt });
  };
}

export const harness = {
  version,
  control: (href) => mount(h("a", { href }, "raw")),
  offer: (offerUri, testWalletUrl) =>
    mount(h(CredentialOfferQRCode, { offer: { offerQrUri: "openid-credential-offer://?x", offerUri, testWalletUrl } })),
  verificationQr: (testWalletUrl) =>
    mount(h(VerificationQRCode, { authorizationRequestUri: "openid4vp://?x", testWalletUrl })),
  gate: (answer) =>
    mount(
      h(CredportProvider, {
        publishableKey: "pk_test_${"p".repeat(24)}",
        baseUrl: "https://api.credport.test",
        startUrl: "/start",
        sessionMode: "manual",
        fetch: gateFetch(answer),
      }, h(VerificationGate, { policyId: "preset_age_over_18", handoff: "link", returnTo: false })),
    ),
};
`;

interface Harness {
  version: string;
  control(href: string): HTMLElement;
  offer(offerUri: string, testWalletUrl?: string): HTMLElement;
  verificationQr(testWalletUrl: string): HTMLElement;
  gate(answer: object): HTMLElement;
}
let harness: Harness;

// jsdom has no types of its own; this file needs its constructor only.
type Window = typeof globalThis & { eval(code: string): void };
type JSDOMConstructor = new (html: string, options: object) => { window: Window };

beforeAll(async () => {
  const { JSDOM } = (await import("jsdom" as string)) as { JSDOM: JSDOMConstructor };
  const result = await build({
    stdin: { contents: ENTRY, resolveDir: import.meta.dirname, loader: "jsx" },
    bundle: true,
    write: false,
    format: "iife",
    globalName: "__credportReact18",
    platform: "browser",
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "silent",
    plugins: [react18],
  });
  // Runs in a jsdom window, like a script tag would; jsdom has no Fetch API of its own.
  const { window } = new JSDOM("<!doctype html><body></body>", { runScripts: "outside-only" });
  Object.assign(window, { Response, fetch: () => Promise.reject(new Error("no network")) });
  window.eval(result.outputFiles[0]!.text);
  harness = (window as unknown as { __credportReact18: { harness: Harness } }).__credportReact18
    .harness;
});

const SCRIPT_URLS = [
  "javascript:alert(1)",
  " JAVASCRIPT:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  "\x01javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
];
const HANDOFF_SCHEMES = [
  "openid4vp:",
  "openid-credential-offer:",
  "haip-vp:",
  "haip-vci:",
  "https:",
  "http:",
];

/** The scheme of every link in `container`, as the browser reads its href. */
const linkSchemes = (container: HTMLElement) =>
  [...container.querySelectorAll("a")].map((a) => new URL(a.getAttribute("href") ?? "").protocol);
const complete = {
  verificationId: "ver_1",
  clientToken: "ct_abc12345678",
  expiresAt: "2099-01-01T00:00:00.000Z",
  authorizationRequestUri: "openid4vp://?request_uri=x",
};
const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

it("renders with React 18.3, which writes a raw javascript: href as it is", () => {
  expect(harness.version).toBe("18.3.1");
  expect(linkSchemes(harness.control("javascript:alert(1)"))).toEqual(["javascript:"]);
});

describe.each(SCRIPT_URLS)("with React 18.3, %j never becomes an href", (url) => {
  it("<CredentialOfferQRCode>: neither the wallet link nor the test wallet link", () => {
    const container = harness.offer(url, url);
    expect(container.querySelector("svg")).not.toBeNull();
    expect(linkSchemes(container)).toEqual([]);
  });

  it("<VerificationQRCode>: no test wallet link", () => {
    expect(linkSchemes(harness.verificationQr(url))).toEqual([]);
  });

  it("<VerificationGate>: the start answer is refused, with no link", async () => {
    const container = harness.gate({ ...complete, authorizationRequestUri: url });
    await waitFor(() => container.querySelector('[data-phase="error"]') !== null);
    expect(container.textContent).toContain("invalid_start_response");
    expect(linkSchemes(container)).toEqual([]);
  });
});

it("with React 18.3, wallet hand-off links still render", async () => {
  const offer = harness.offer("OPENID-CREDENTIAL-OFFER://?x", "http://127.0.0.1:4010/wallet?x");
  expect(linkSchemes(offer)).toEqual(["openid-credential-offer:", "http:"]);
  for (const scheme of HANDOFF_SCHEMES) {
    const container = harness.gate({ ...complete, authorizationRequestUri: `${scheme}//w/?x` });
    await waitFor(() => container.querySelector('[data-phase="pending"]') !== null);
    expect(linkSchemes(container)).toEqual([scheme]);
  }
});
