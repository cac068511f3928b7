import { createTestWallet } from "@credport/mock/wallet";
import { describeEngines, type Tab } from "@credport/test-browsers";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type GateTestApp, startGateTestApp } from "./gate-test-app.js";

let app: GateTestApp;
let appUrl: string;

beforeAll(async () => {
  app = await startGateTestApp({
    entry: new URL("./page-entry.tsx", import.meta.url),
    pageConfig: async (credport) => {
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
      return { offer };
    },
  });
  appUrl = app.url;
}, 60_000);

afterAll(async () => {
  await app?.close();
});

const QR = 'svg[role="img"][aria-label="Scan with your wallet to verify"]';

describeEngines("the React verification page", (engine) => {
  it("renders the QR code and reaches verified when the test wallet presents", async () => {
    app.sessions = 0;
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
      expect(app.sessions).toBe(1);
    } finally {
      await session.close();
    }
  });
});

const TEST_WALLET_LINK = ".credport-gate-test-wallet-link";
/** axe-core in the page as it is now: its serious and critical violations (the emulator's wallet page is checked in @credport/mock's tests). */
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
    app.sessions = 0;
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
      expect(app.sessions).toBe(1);
      expect(await seriousA11yViolations(tab)).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
