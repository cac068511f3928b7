import {
  createTestWallet,
  declineInVirtualWallet,
  setVirtualWalletAnswer,
} from "@credport/mock/wallet";
import { launchChromiumBrowser } from "@credport/test-browsers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GateTestApp, startGateTestApp } from "./gate-test-app.js";

/**
 * `<VerificationGate>`'s "Use a wallet on this device" in real Chromium, which has the Digital
 * Credentials API and a virtual wallet over CDP (`DigitalCredentials.setVirtualWalletBehavior`):
 * the button from the browser's own `DigitalCredential`, `get()` from a real click through React's
 * handler (a decline for want of activation would look the same as the user's, so the verified
 * answer proves the activation), and the QR code as the way on after a decline. The requests are
 * the emulator's, for the page's origin; the test wallet answers them.
 */

let app: GateTestApp;
type Browser = Awaited<ReturnType<typeof launchChromiumBrowser>>;
type BrowserContext = Awaited<ReturnType<Browser["newContext"]>>;
type Page = Awaited<ReturnType<BrowserContext["newPage"]>>;

let browser: Browser;
const DEVICE = "button.credport-gate-device-wallet";
const QR = 'svg[role="img"][aria-label="Scan with your wallet to verify"]';

beforeAll(async () => {
  app = await startGateTestApp({
    entry: new URL("./dc-api-page-entry.tsx", import.meta.url),
    digitalCredentials: true,
  });
  browser = await launchChromiumBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

interface StartAnswer {
  verificationId: string;
  authorizationRequestUri: string;
  dcApiRequests: { protocol: string; data: Record<string, unknown> }[];
}

/** The gate, loaded, with its button ready; and the verification its start answer carried. */
async function openGate(): Promise<{ context: BrowserContext; page: Page; started: StartAnswer }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const start = page.waitForResponse((r) => r.url().endsWith("/api/credport/verifications"));
  await page.goto(app.url);
  const started = (await (await start).json()) as StartAnswer;
  await page.waitForSelector(DEVICE);
  expect(await page.textContent(DEVICE)).toBe("Use a wallet on this device");
  return { context, page, started };
}
/** axe-core in the page as it is now: its serious and critical violations. */
async function seriousA11yViolations(page: Page) {
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
const status = (page: Page) => page.textContent('[role="status"]');

describe("<VerificationGate> and Chromium's Digital Credentials API", () => {
  it("offers the wallet on this device first; a decline says so, and the QR code below still verifies", async () => {
    app.sessions = 0;
    const { context, page } = await openGate();
    try {
      await declineInVirtualWallet(await context.newCDPSession(page));
      // The button comes before the QR code, which is there from the start.
      expect(
        await page.evaluate(
          ([device, qr]) =>
            document.querySelector(device!)!.compareDocumentPosition(document.querySelector(qr!)!) &
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
      expect(app.sessions).toBe(1);
    } finally {
      await context.close();
    }
  });

  it("one real click through React's handler: the wallet's answer for this origin verifies, and the gate lets the browser in", async () => {
    app.sessions = 0;
    const { context, page, started } = await openGate();
    try {
      const answer = await (await createTestWallet()).answerDcApiRequest(started.dcApiRequests, {
        origin: app.url,
        // The emulator's CA, which signed the request, from the same verification's link.
        identityFrom: started.authorizationRequestUri,
      });
      await setVirtualWalletAnswer(await context.newCDPSession(page), answer);
      const posted = page.waitForRequest((r) => r.url().endsWith("/dc-api-response"));
      await page.click(DEVICE);
      expect((await posted).url()).toBe(
        `${app.emulator.url}/v1/verifications/${started.verificationId}/dc-api-response`,
      );
      await expect
        .poll(() => page.textContent("#welcome"), { timeout: 10_000 })
        .toBe("Welcome in.");
      expect(app.sessions).toBe(1);
      const result = await app.credport.verifications.getResult(started.verificationId);
      expect(result.status).toBe("verified");
    } finally {
      await context.close();
    }
  });
});
