import { mkdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { fileURLToPath } from "node:url";
import { type Emulator, startEmulator } from "@credport/emulator";
import { launchChromiumBrowser as launchChromium } from "@credport/test-browsers";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { badgeClaims } from "../../../../test/service/test/support/transports.js";
import { seriousA11yViolations } from "../support/axe.js";
import { type ServiceCall, serviceCall } from "../support/service-call.js";
import { publishBadgeHolders } from "./support/face-setup.js";

const screenshots = fileURLToPath(new URL("../../../../artifacts/emulator-face/", import.meta.url));

/**
 * A person in Chromium, no scripted wallet: the wallet page takes an offer and answers requests,
 * the dashboard follows live. Each step is screenshotted and checked with axe-core.
 */
describe("the emulator's face in Chromium", { timeout: 60_000 }, () => {
  let emulator: Emulator;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let receiver: Server;
  let policyId: string;
  let service: ServiceCall;

  const shoot = (name: string) =>
    page.screenshot({ path: `${screenshots}${name}.png`, fullPage: true });
  const expectAccessible = async () => expect(await seriousA11yViolations(page)).toEqual([]);

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    receiver = createServer((_req, res) => res.writeHead(204).end());
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    emulator = await startEmulator();
    service = serviceCall(emulator);
    emulator.model.webhooks.register(
      { projectId: emulator.projectId, environment: "test" },
      `http://127.0.0.1:${(receiver.address() as { port: number }).port}/api/credport/webhooks`,
    );
    policyId = await publishBadgeHolders(service);
    browser = await launchChromium();
    context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 860 } });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: emulator.url });
    page = await context.newPage();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await emulator?.close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  it("accepts an offer with a transaction code", async () => {
    const offer = await service("POST", "/v1/openid4vc/issuance/offer", {
      credentialDefinitionId: "badge-v1",
      claims: badgeClaims,
      txCode: { length: 6 },
    });
    await page.goto(offer.testWalletUrl);
    await expect
      .poll(() => page.getByRole("heading", { name: "Credential offer" }).isVisible())
      .toBe(true);
    await page.getByLabel("Transaction code").fill(offer.txCode);
    await shoot("01-wallet-offer");
    await expectAccessible();
    await page.getByRole("button", { name: "Accept credential" }).click();
    await page.getByText("Employee badge added to your wallet").waitFor();
    await shoot("02-wallet-credential-added");
    await expectAccessible();
    expect((await service("GET", `/v1/openid4vc/issuance/${offer.id}`)).status).toBe(
      "credential_issued",
    );
  });

  it("presents without a field and sees the failure; then presents in full", async () => {
    const partial = await service("POST", "/v1/verifications", { policy_id: policyId });
    await page.goto(partial.test_wallet_url);
    await page.getByRole("heading", { name: "Presentation request" }).waitFor();
    await shoot("03-wallet-request");
    await expectAccessible();
    await page.getByRole("checkbox", { name: /Family name/ }).uncheck();
    await page.getByRole("button", { name: "Share" }).click();
    await page.getByText("the verifier did not accept it").waitFor();
    await expect.poll(() => page.getByText(/failed \(claims_missing\)/).isVisible()).toBe(true);
    await shoot("04-wallet-presented-without-a-field");
    expect((await service("GET", `/v1/verifications/${partial.id}`)).failure_code).toBe(
      "claims_missing",
    );

    const full = await service("POST", "/v1/verifications", { policy_id: policyId });
    await page.goto(full.test_wallet_url);
    await page.getByRole("button", { name: "Share" }).click();
    await page.getByText("Shared with the verifier").waitFor();
    await shoot("05-wallet-presented");
    expect((await service("GET", `/v1/verifications/${full.id}`)).status).toBe("verified");
  });

  it("the dashboard shows the run and updates live", async () => {
    await page.goto(`${emulator.url}/`);
    await expect.poll(() => page.locator(".live").getAttribute("data-state")).toBe("on");
    await shoot("10-dashboard-overview");
    await expectAccessible();
    await page.getByRole("button", { name: "Copy secret key test" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(emulator.keys.secretKey);

    await page.goto(`${emulator.url}/issuance`);
    await expect.poll(() => page.locator(".live").getAttribute("data-state")).toBe("on");
    const rows = page.locator(".row-items > li");
    const before = await rows.count();
    const offer = await service("POST", "/v1/openid4vc/issuance/offer", {
      credentialDefinitionId: "badge-v1",
      claims: badgeClaims,
    });
    await expect.poll(() => rows.count()).toBe(before + 1); // no reload
    await page.locator(`details[data-key="${offer.id}"] > summary`).click();
    await page.getByRole("link", { name: "Open in test wallet" }).waitFor();
    await shoot("11-dashboard-issuance");
    await expectAccessible();
    // Opened rows stay open across live refreshes.
    await service("POST", `/v1/openid4vc/issuance/${offer.id}/cancel`);
    await expect
      .poll(() => page.locator(`details[data-key="${offer.id}"]`).getAttribute("open"))
      .toBe("");
    await expect
      .poll(() => page.locator(`details[data-key="${offer.id}"] summary`).textContent())
      .toContain("canceled");

    await page.goto(`${emulator.url}/verifications`);
    await page.locator(".row-items > li details > summary").first().click();
    await shoot("12-dashboard-verifications");
    await expectAccessible();

    await page.goto(`${emulator.url}/webhooks`);
    await page.locator(".row-items > li details > summary").nth(1).click();
    await shoot("13-dashboard-webhooks");
    await expectAccessible();
    await expect.poll(() => page.getByText("delivered").first().isVisible()).toBe(true);

    await page.goto(`${emulator.url}/requests`);
    await shoot("14-dashboard-requests");
    await expectAccessible();

    await page.goto(`${emulator.url}/definitions`);
    await shoot("15-dashboard-definitions");
    await expectAccessible();
  });

  it("the dashboard's controls work from the page", async () => {
    await page.goto(`${emulator.url}/`);
    await page.getByRole("button", { name: "Switch off" }).click();
    await page.getByRole("status").filter({ hasText: "Realtime switched off" }).waitFor();
    expect(emulator.model.realtime.available).toBe(false);
    await expect.poll(() => page.getByRole("button", { name: "Switch on" }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Switch on" }).click();
    await expect.poll(() => emulator.model.realtime.available).toBe(true);
  });
});
