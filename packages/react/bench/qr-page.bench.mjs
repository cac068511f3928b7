// Time from a page load to the QR code in Chromium, beside two loopback round trips (the floor: the
// document, then the request that starts the verification). Both pages come from the same app
// server on loopback and load in a fresh browser context each (no cache), in turns; the figures
// are each side's median, from the navigation's start (`performance.now()` in the page) to the
// QR code's first appearance in the DOM, or to the end of the second round trip. The app's backend
// creates the verification with @credport/server against an emulator in this process, as an app
// would. Part `page`; prints figures, judges none (absolute times of a browser on a shared machine).
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { startEmulator } from "@credport/emulator";
import { Credport } from "@credport/server";
import { build } from "esbuild";
import { median, percentile, QUICK, reportFigure, wants } from "../../../scripts/bench/figure.mjs";

if (!wants("page")) process.exit(0);

const CHROMIUM = process.env.CREDPORT_CHROMIUM ?? "/usr/bin/chromium";
const LOADS = QUICK ? 10 : 30;
// playwright-core comes with the real-browser tests' driver package (a dev dependency of this one).
const { chromium } = createRequire(
  fileURLToPath(new URL("../node_modules/@credport/test-browsers/package.json", import.meta.url)),
)("playwright-core");

const emulator = await startEmulator();
const credport = new Credport({ secretKey: emulator.keys.secretKey, baseUrl: emulator.url });
const bundle = await build({
  entryPoints: [fileURLToPath(new URL("./qr-page-entry.jsx", import.meta.url))],
  bundle: true,
  format: "esm",
  platform: "browser",
  jsx: "automatic",
  minify: true,
  write: false,
  define: { "process.env.NODE_ENV": '"production"' },
});
const script = bundle.outputFiles[0].text;
const config = JSON.stringify({
  publishableKey: emulator.keys.publishableKey,
  baseUrl: emulator.url,
}).replaceAll("<", "\\u003c");

// Both pages record when they are done in `window.done` (ms since the navigation started).
const qrPage = `<!doctype html><html lang="en"><title>QR</title><div id="root"></div>
<script>window.credportConfig=${config};
new MutationObserver((_, observer) => {
  if (document.querySelector("svg[role=img]")) { window.done = performance.now(); observer.disconnect(); }
}).observe(document, { childList: true, subtree: true });</script>
<script type="module" src="/app.js"></script>`;
const floorPage = `<!doctype html><html lang="en"><title>Floor</title>
<script>fetch("/ping", { method: "POST" }).then((r) => r.text()).then(() => { window.done = performance.now(); });</script>`;

const server = createServer(async (req, res) => {
  if (req.url === "/app.js")
    return res.writeHead(200, { "content-type": "text/javascript" }).end(script);
  if (req.url === "/ping") return res.writeHead(200, { "content-type": "text/plain" }).end("ok");
  if (req.url === "/api/credport/verifications") {
    await new Promise((resolve) => req.resume().on("end", resolve));
    const v = await credport.verifications.create({ policyId: "preset_age_over_18" });
    return res.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        verificationId: v.id,
        clientToken: v.clientToken,
        expiresAt: v.expiresAt,
        authorizationRequestUri: v.authorizationRequestUri,
      }),
    );
  }
  res
    .writeHead(200, { "content-type": "text/html" })
    .end(req.url === "/floor" ? floorPage : qrPage);
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const appUrl = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
async function load(path) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${appUrl}${path}`);
    await page.waitForFunction(() => window.done !== undefined, null, { timeout: 30_000 });
    return await page.evaluate(() => window.done);
  } finally {
    await context.close();
  }
}

await load("/");
await load("/floor");
const qr = [];
const floor = [];
for (let i = 0; i < LOADS; i++) {
  if (i % 2) {
    qr.push(await load("/"));
    floor.push(await load("/floor"));
  } else {
    floor.push(await load("/floor"));
    qr.push(await load("/"));
  }
}
await browser.close();
server.close();
await emulator.close();

const ms = (value) => `${value.toFixed(1)} ms`;
console.log(
  `page load to the QR code in Chromium (${LOADS} loads each, fresh context): median ${ms(median(qr))}, p95 ${ms(percentile(qr, 95))}; two loopback round trips ${ms(median(floor))} (p95 ${ms(percentile(floor, 95))})`,
);
reportFigure({
  id: "react.page-load-to-qr.ms",
  label: "page load to the QR code in Chromium (useVerification, autoStart), median",
  value: Number(median(qr).toFixed(1)),
  unit: "ms",
  yardstick: `two loopback round trips ${ms(median(floor))}; ${(median(qr) / median(floor)).toFixed(2)}× that`,
});
