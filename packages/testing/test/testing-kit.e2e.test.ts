import { launchChromiumBrowser } from "@credport/test-browsers";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  CredportTestingError,
  startTestEmulator,
  type TestEmulator,
  verifiedSession,
  wallet,
} from "../src/index.js";
import { type Shop, startShop } from "./support/shop.js";

let emulator: TestEmulator;
let shop: Shop;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  emulator = await startTestEmulator();
  shop = await startShop(emulator);
  browser = await launchChromiumBrowser();
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
  await emulator?.close();
});
afterEach(async () => {
  await context?.close();
});

async function newPage() {
  context = await browser.newContext({ baseURL: shop.url });
  page = await context.newPage();
  return page;
}
const phase = () => page.textContent("#phase");
/** The checks the service ran on the answer, from its timeline (as the dashboard shows it). */
const checks = async (id: string) => {
  const timeline = (await fetch(`${emulator.url}/v1/verifications/${id}/timeline`, {
    headers: { "x-service-key": emulator.keys.secretKey },
  }).then((r) => r.json())) as { data: { step: string; detail?: { check?: string } }[] };
  return timeline.data.flatMap((s) => (s.detail?.check ? [s.detail.check] : []));
};
/** An mdoc's checks (doctype, the device signature over the session transcript), not an SD-JWT's. */
const MDOC_CHECKS = ["doctype", "device_signature"];

describe("wallet(page) in Chromium", () => {
  it("one click through the Digital Credentials API: the virtual wallet answers, the shop verifies", async () => {
    const onPage = wallet(await newPage(), { emulator });
    await page.goto("/verify");
    const presented = await onPage.present();
    expect(presented.via).toBe("dc-api");
    await page.waitForURL(/\/members$/, { timeout: 20_000 });
    expect(await page.textContent("#member")).toBe("over 18: true");
    const trace = await emulator.trace(presented.verificationId!);
    expect(trace.status).toBe("verified");
    expect(trace.history.map((h) => h.status)).toContain("verified");
    expect(await checks(presented.verificationId!)).not.toContain("device_signature");
    // What it did is on record, redacted: no client token, no wallet link, no whole JWE.
    const report = await onPage.report();
    expect(report).toMatch(/the test wallet's answer/);
    expect(report).toMatch(/verified/);
    expect(report).not.toMatch(/ct_[A-Za-z0-9]{8,}/);
    expect(report).not.toMatch(/[A-Za-z0-9_-]{200,}/);
  });

  it("decline: the page falls back to the link, where the wallet then presents", async () => {
    const onPage = wallet(await newPage(), { emulator });
    await page.goto("/verify");
    await onPage.decline();
    await expect.poll(() => page.textContent("#dc-api"), { timeout: 10_000 }).toBe("declined");
    expect((await onPage.present({ via: "link" })).via).toBe("link");
    await page.waitForURL(/\/members$/, { timeout: 20_000 });
  });

  it("a holder born 2011 (claims): the policy refuses it and the page shows the refusal", async () => {
    const onPage = wallet(await newPage(), { emulator });
    await page.goto("/verify");
    const { verificationId } = await onPage.present({ claims: { birthdate: "2011-05-01" } });
    await expect.poll(phase, { timeout: 20_000 }).toBe("failed");
    expect(await page.textContent("#failure")).toBe("claims_not_satisfied");
    expect((await emulator.trace(verificationId!)).status).toBe("failed");
    expect((await context.cookies()).some((c) => /credport_session$/.test(c.name))).toBe(false);
  });

  it("omit and refuse reach the page as claims_missing and wallet_rejected (through the link)", async () => {
    for (const [options, code] of [
      [{ omit: ["age_over_18"] }, "claims_missing"],
      [{ refuse: true }, "wallet_rejected"],
    ] as const) {
      const onPage = wallet(await newPage(), { emulator });
      await page.goto("/verify");
      await onPage.present({ ...options, via: "link" });
      await expect.poll(() => page.textContent("#failure"), { timeout: 20_000 }).toBe(code);
      await context.close();
    }
  });

  it("a page that never starts a verification: a clear timeout naming what was awaited", async () => {
    const onPage = wallet(await newPage(), { emulator, timeout: 1_000 });
    await page.goto("/welcome");
    const error = await onPage.present().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CredportTestingError);
    expect((error as CredportTestingError).code).toBe("verification_not_started");
    expect((error as Error).message).toContain(`${shop.url}/welcome`);
    expect((error as Error).message).toMatch(/start route.*authorizationRequestUri.*wallet link/s);
    expect((error as CredportTestingError).report).toMatch(/gave up waiting/);
  });
});

describe("mdoc through the kit: format mso_mdoc answers preset_age_over_18 with the EU age attestation", () => {
  it("over the Digital Credentials API (OpenID4VP): the virtual wallet answers with the mdoc, the shop verifies", async () => {
    const onPage = wallet(await newPage(), { emulator });
    await page.goto("/verify");
    const presented = await onPage.present({ format: "mso_mdoc" });
    expect(presented.via).toBe("dc-api");
    await page.waitForURL(/\/members$/, { timeout: 20_000 });
    const report = await onPage.report();
    expect(report).toMatch(/eu\.europa\.ec\.av\.1/);
    expect(report).toMatch(/"protocol": "openid4vp-v1-signed"/);
    expect(await checks(presented.verificationId!)).toEqual(expect.arrayContaining(MDOC_CHECKS));
  });

  it("the same page wallet answers with the identity credential again when not told mso_mdoc", async () => {
    const onPage = wallet(await newPage(), { emulator });
    await page.goto("/verify");
    expect((await onPage.present({ format: "mso_mdoc", via: "link" })).via).toBe("link");
    await page.waitForURL(/\/members$/, { timeout: 20_000 });
    await page.goto("/verify");
    const { verificationId } = await onPage.present({ via: "link" });
    await page.waitForURL(/\/members$/, { timeout: 20_000 });
    expect(await checks(verificationId!)).not.toContain("device_signature");
  });

  it("over the Digital Credentials API as ISO/IEC 18013-7 Annex C (protocol org-iso-mdoc)", async () => {
    const onPage = wallet(await newPage(), { emulator });
    await page.goto("/verify");
    const presented = await onPage.present({ format: "mso_mdoc", protocol: "org-iso-mdoc" });
    expect(presented.via).toBe("dc-api");
    await page.waitForURL(/\/members$/, { timeout: 20_000 });
    expect(await onPage.report()).toMatch(/"protocol": "org-iso-mdoc"/);
    expect(await checks(presented.verificationId!)).toEqual(expect.arrayContaining(MDOC_CHECKS));
  });

  it("over the link (OpenID4VP, direct_post): the mdoc verifies", async () => {
    const onPage = wallet(await newPage(), { emulator });
    await page.goto("/verify");
    const presented = await onPage.present({ format: "mso_mdoc", via: "link" });
    expect(presented.via).toBe("link");
    await page.waitForURL(/\/members$/, { timeout: 20_000 });
    expect(await checks(presented.verificationId!)).toEqual(expect.arrayContaining(MDOC_CHECKS));
  });

  it("an mdoc of a holder born 2011 says age_over_18 false: the policy refuses it and the page shows it", async () => {
    const onPage = wallet(await newPage(), { emulator });
    await page.goto("/verify");
    await onPage.present({ format: "mso_mdoc", claims: { birthdate: "2011-05-01" } });
    await expect.poll(phase, { timeout: 20_000 }).toBe("failed");
    expect(await page.textContent("#failure")).toBe("claims_not_satisfied");
  });

  it("without the emulator the kit cannot issue the mdoc: invalid_option, before anything is answered", async () => {
    const onPage = wallet(await newPage());
    await page.goto("/verify");
    await expect(onPage.present({ format: "mso_mdoc" })).rejects.toMatchObject({
      code: "invalid_option",
      message: expect.stringMatching(/wallet\(page, \{ emulator \}\)/),
    });
    expect(await phase()).not.toBe("verified");
  });
});

describe("verifiedSession(page)", () => {
  it("verifies through the shop's own routes: the walled page opens with the session cookie", async () => {
    await newPage();
    await verifiedSession(page, { emulator });
    await page.goto("/members");
    expect(await page.textContent("#member")).toBe("over 18: true");
  });
});

describe("the emulator", () => {
  it("clock.advance moves the service's time; reset forgets the records and keeps the app's keys (and result key) working", async () => {
    await newPage();
    const { verificationId } = await verifiedSession(page, { emulator });
    await context.close();
    const now = await emulator.clock.advance({ minutes: 30 });
    expect(Date.parse(now) - Date.now()).toBeGreaterThan(29 * 60_000);
    await emulator.reset();
    await expect(emulator.trace(verificationId!)).rejects.toMatchObject({
      code: "emulator_unavailable",
    });
    const after = await emulator.clock.advance(0);
    expect(Math.abs(Date.parse(after) - Date.now())).toBeLessThan(60_000);
    // The shop still starts verifications with the keys it was given.
    await newPage();
    await verifiedSession(page, { emulator });
  });
});
