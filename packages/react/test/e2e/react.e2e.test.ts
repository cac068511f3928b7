import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { type Emulator, startEmulator } from "@credport/mock";
import { createTestWallet } from "@credport/mock/wallet";
import { Credport } from "@credport/server";
import { describeEngines } from "@credport/test-browsers";
import { build } from "esbuild";
import { afterAll, beforeAll, expect, it } from "vitest";

let emulator: Emulator;
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
}, 60_000);

afterAll(async () => {
  server?.close();
  await emulator?.close();
});

const QR = 'svg[role="img"][aria-label="Scan with your wallet to verify"]';

describeEngines("the React verification page", (engine) => {
  it("renders the QR code and reaches verified when the test wallet presents", async () => {
    sessions = 0;
    const session = await engine().newSession();
    try {
      const tab = await session.openTab(appUrl);
      await tab.waitForSelector(QR);
      expect(
        await tab.evaluate(
          (qr) => document.querySelector(qr)!.querySelector("path")!.getAttribute("d")!.length,
          QR,
        ),
      ).toBeGreaterThan(100);
      const uri = await tab.attribute("#wallet-link", "href");

      // The test wallet holds an identity credential (Ada Lovelace, over 18) without setup.
      const wallet = await createTestWallet();
      await wallet.present(uri!);

      await expect.poll(() => tab.text("#status"), { timeout: 10_000 }).toBe("verified");
      expect(sessions).toBe(1);
    } finally {
      await session.close();
    }
  });
});
