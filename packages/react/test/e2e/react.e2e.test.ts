import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { type Emulator, startEmulator } from "@credport/emulator";
import { createTestWallet } from "@credport/mock/wallet";
import { Credport } from "@credport/server";
import { describeEngines, type Tab } from "@credport/test-browsers";
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
  await credport.credentialDefinitions.create({
    credentialDefinitionId: "badge",
    vct: "https://example.test/vct/badge",
    title: "Badge",
    claims: [{ path: ["name"], mandatory: true }],
  });
  const offer = await credport.issuance.createOffer({
    credentialDefinitionId: "badge",
    claims: { name: "Ada" },
  });
  const config = JSON.stringify({
    publishableKey: emulator.keys.publishableKey,
    baseUrl: emulator.url,
    offer,
  }).replaceAll("<", "\\u003c");
  // The app's backend: creates the verification with the secret key, finalizes on a verified result.
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
        testWalletUrl: v.testWalletUrl, // the emulator's, test keys only
      });
    }
    // The gate asks first whether this browser is verified: this backend keeps no session.
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
        `<!doctype html><html lang="en"><title>Credport React test</title><div id="root"></div><script>window.credportConfig=${config}</script><script type="module" src="/app.js"></script>`,
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

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);
const TEST_WALLET_LINK = ".credport-gate-test-wallet-link";
/** axe-core, run in the page (the emulator's wallet page is checked in @credport/mock's tests). */

/** axe-core in the page as it is now: its serious and critical violations. */
async function seriousA11yViolations(tab: Tab) {
  return tab.evaluate(async () => {
    await new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = "/axe.js"; // served by the app's test server
      script.onload = resolve;
      script.onerror = reject;
      document.head.append(script);
    });
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

describeEngines("the React components with the emulator's test wallet link", (engine) => {
  it("VerificationGate and CredentialOfferQRCode show Open in test wallet, pass axe, and the link goes through", async () => {
    sessions = 0;
    const session = await engine().newSession();
    try {
      const tab = await session.openTab(`${appUrl}/components`);
      await tab.waitForSelector(TEST_WALLET_LINK);
      await tab.waitForSelector('section[aria-label="Credential offer"] a[target="_blank"]');
      expect(await tab.text(TEST_WALLET_LINK)).toBe("Open in test wallet");
      expect(await seriousA11yViolations(tab)).toEqual([]);

      // A person follows the link: the wallet page, in a new tab, shares; the gate lets them in.
      const wallet = await session.openTab((await tab.attribute(TEST_WALLET_LINK, "href"))!);
      await wallet.waitForSelector('button[value="share"]');
      await wallet.click('button[value="share"]');
      await expect.poll(() => wallet.text(".notice strong")).toBe("Shared with the verifier");
      await wallet.close();
      await expect.poll(() => tab.text("#welcome"), { timeout: 10_000 }).toBe("Welcome in.");
      expect(sessions).toBe(1);
      expect(await seriousA11yViolations(tab)).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
