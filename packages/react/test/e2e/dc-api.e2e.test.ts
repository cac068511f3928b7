import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { type Emulator, startEmulator } from "@credport/emulator";
import { createTestWallet } from "@credport/mock/wallet";
import { Credport } from "@credport/server";
import { launchChromiumBrowser } from "@credport/test-browsers";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * `<VerificationGate>`'s "Use a wallet on this device" in real Chromium, which has the Digital
 * Credentials API and a virtual wallet over CDP (`DigitalCredentials.setVirtualWalletBehavior`):
 * the button from the browser's own `DigitalCredential`, `get()` from a real click through React's
 * handler (a decline for want of activation would look the same as the user's, so the answer test
 * proves the activation), and the QR code as the way on after a decline. The requests are the
 * app backend's stand-in until the emulator has its DC API channel: what the wallet answers is
 * then posted, not verified.
 */

let emulator: Emulator;
let server: Server;
let appUrl: string;
let sessions = 0;
let browser: Awaited<ReturnType<typeof launchChromiumBrowser>>;
const REQUESTS = [
  { protocol: "openid4vp-v1-unsigned", data: { response_type: "vp_token", nonce: "n" } },
];
const DEVICE = "button.credport-gate-device-wallet";
const QR = 'svg[role="img"][aria-label="Scan with your wallet to verify"]';

beforeAll(async () => {
  emulator = await startEmulator();
  const credport = new Credport({ secretKey: emulator.keys.secretKey, baseUrl: emulator.url });
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL("./dc-api-page-entry.tsx", import.meta.url))],
    bundle: true,
    format: "esm",
    platform: "browser",
    jsx: "automatic",
    minify: true,
    write: false,
    define: { "process.env.NODE_ENV": '"production"' },
  });
  const script = bundle.outputFiles[0]!.text;
  const config = JSON.stringify({
    publishableKey: emulator.keys.publishableKey,
    baseUrl: emulator.url,
  }).replaceAll("<", "\\u003c");
  server = createServer(async (req, res) => {
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    let body = "";
    for await (const chunk of req) body += chunk;
    if (req.url === "/axe.js")
      return res.writeHead(200, { "content-type": "text/javascript" }).end(axeSource);
    if (req.url === "/app.js")
      return res.writeHead(200, { "content-type": "text/javascript" }).end(script);
    if (req.url === "/api/credport/verifications") {
      const v = await credport.verifications.create({ policyId: JSON.parse(body).policyId });
      return json(200, {
        verificationId: v.id,
        clientToken: v.clientToken,
        expiresAt: v.expiresAt,
        authorizationRequestUri: v.authorizationRequestUri,
        dcApiRequests: REQUESTS,
      });
    }
    if (req.url === "/api/credport/session" && req.method === "GET")
      return json(200, { verified: false });
    if (req.url === "/api/credport/session") {
      const result = await credport.verifications.getResult(JSON.parse(body).verificationId);
      if (result.status !== "verified") return json(409, { code: "verification_not_verified" });
      sessions++;
      return json(200, { ok: true });
    }
    res
      .writeHead(200, { "content-type": "text/html" })
      .end(
        `<!doctype html><html lang="en"><title>Credport DC API test</title><div id="root"></div><script>window.credportConfig=${config}</script><script type="module" src="/app.js"></script>`,
      );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // http://localhost is a secure context, as the API requires.
  appUrl = `http://localhost:${(server.address() as AddressInfo).port}`;
  browser = await launchChromiumBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
  await emulator?.close();
});

async function openGate(behavior: Record<string, unknown>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("DigitalCredentials.setVirtualWalletBehavior" as never, behavior as never);
  await page.goto(appUrl);
  await page.waitForSelector(DEVICE);
  expect(await page.textContent(DEVICE)).toBe("Use a wallet on this device");
  return { context, page };
}
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);
/** axe-core in the page as it is now: its serious and critical violations. */
async function seriousA11yViolations(page: Awaited<ReturnType<typeof openGate>>["page"]) {
  await page.addScriptTag({ url: "/axe.js" });
  return page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run(context: Document): Promise<{
            violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe;
    const { violations } = await axe.run(document);
    return violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
}
const status = (page: Awaited<ReturnType<typeof openGate>>["page"]) =>
  page.textContent('[role="status"]');

describe("<VerificationGate> and Chromium's Digital Credentials API", () => {
  it("offers the wallet on this device first; a decline says so, and the QR code below still verifies", async () => {
    sessions = 0;
    const { context, page } = await openGate({ action: "decline" });
    try {
      // The button comes before the QR code, which is there from the start.
      expect(
        await page.evaluate(
          ([device, qr]) =>
            document
              .querySelector(device!.replace(/:text-is\(.*\)$/, ""))!
              .compareDocumentPosition(document.querySelector(qr!)!) &
            Node.DOCUMENT_POSITION_FOLLOWING,
          [DEVICE, QR],
        ),
      ).toBeTruthy();
      await page.click(DEVICE);
      await expect
        .poll(() => status(page))
        .toBe("You closed the wallet window. Try again, or use the QR code or link.");
      expect(await page.isEnabled(DEVICE)).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);

      const uri = await page.getAttribute(".credport-gate-wallet-link", "href");
      await (await createTestWallet()).present(uri!);
      await expect
        .poll(() => page.textContent("#welcome"), { timeout: 10_000 })
        .toBe("Welcome in.");
      expect(sessions).toBe(1);
    } finally {
      await context.close();
    }
  });

  it("a real click through React's handler reaches the wallet: its answer is posted for this verification", async () => {
    const answer = { vp_token: { age: ["eyJ.x~"] } };
    const { context, page } = await openGate({
      action: "respond",
      protocol: "openid4vp-v1-unsigned",
      response: answer,
    });
    try {
      const posted = page.waitForRequest((r) => r.url().endsWith("/dc-api-response"));
      await page.click(DEVICE);
      const request = await posted;
      expect(request.url()).toMatch(
        new RegExp(`^${emulator.url}/v1/verifications/[^/]+/dc-api-response$`),
      );
      expect(JSON.parse(request.postData()!)).toEqual({
        protocol: "openid4vp-v1-unsigned",
        data: answer,
      });
    } finally {
      await context.close();
    }
  });
});
