// @vitest-environment node
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { type Emulator, startEmulator } from "@credport/mock";
import { createTestWallet } from "@credport/mock/wallet";
import { Credport } from "@credport/server";
import { build } from "esbuild";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { launchChromium } from "../../../browser/test/e2e/chromium.js";

let emulator: Emulator;
let browser: Browser;
let server: Server;
let appUrl: string;
let sessions = 0;

beforeAll(async () => {
  emulator = await startEmulator();
  const credport = new Credport({ secretKey: emulator.keys.secretKey, baseUrl: emulator.url });
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL("./page-entry.tsx", import.meta.url))],
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
  });
  // The app's backend: creates the verification with the secret key, finalizes on a verified result.
  server = createServer(async (req, res) => {
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    let body = "";
    for await (const chunk of req) body += chunk;
    if (req.url === "/app.js")
      return res.writeHead(200, { "content-type": "text/javascript" }).end(script);
    if (req.url === "/api/credport/start") {
      const v = await credport.verifications.create({ policyId: JSON.parse(body).policyId });
      return json(200, {
        verificationId: v.id,
        clientToken: v.clientToken,
        expiresAt: v.expiresAt,
        authorizationRequestUri: v.authorizationRequestUri,
      });
    }
    if (req.url === "/api/credport/session") {
      const result = await credport.verifications.getResult(JSON.parse(body).verificationId);
      if (result.status !== "verified") return json(409, { code: "VERIFICATION_NOT_VERIFIED" });
      sessions++;
      return json(200, { ok: true });
    }
    res
      .writeHead(200, { "content-type": "text/html" })
      .end(
        `<!doctype html><div id="root"></div><script>window.credportConfig=${config}</script><script type="module" src="/app.js"></script>`,
      );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  appUrl = `http://localhost:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
  await emulator?.close();
});

it("renders the QR code and reaches verified when the test wallet presents", async () => {
  const page = await browser.newPage();
  await page.goto(appUrl);
  const qr = page.getByRole("img", { name: "Scan with your wallet to verify" });
  await qr.waitFor();
  expect(
    await qr.evaluate((svg) => svg.querySelector("path")!.getAttribute("d")!.length),
  ).toBeGreaterThan(100);
  const uri = await page.locator("#wallet-link").getAttribute("href");

  const credport = new Credport({ secretKey: emulator.keys.secretKey, baseUrl: emulator.url });
  const wallet = await createTestWallet();
  const offer = await credport.issuance.createOffer({
    credentialDefinitionId: "credport.identity.v1",
    claims: {
      given_name: "Ada",
      family_name: "Lovelace",
      birthdate: "1815-12-10",
      age_over_18: true,
    },
  });
  await wallet.acceptOffer(offer.offerUri);
  await wallet.present(uri!);

  await expect
    .poll(() => page.locator("#status").textContent(), { timeout: 10_000 })
    .toBe("verified");
  expect(sessions).toBe(1);
});
