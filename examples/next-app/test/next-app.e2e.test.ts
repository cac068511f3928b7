import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { HeldSdJwtVc } from "@credport/mock/wallet";
import {
  type BrowserSession,
  describeEngines,
  launchChromiumBrowser,
  type Tab,
} from "@credport/test-browsers";
import { startTestEmulator, type TestEmulator, wallet } from "@credport/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerWebhook } from "../scripts/register-webhook.mjs";

const appDir = fileURLToPath(new URL("..", import.meta.url));
const nextBin = join(appDir, "node_modules/next/dist/bin/next");
const screenshots = fileURLToPath(new URL("../../../artifacts/next-app-e2e/", import.meta.url));
const SESSION_SECRET = "e2e-session-secret-0123456789abcdefghij";

// The emulator and the wallet are @credport/testing's: the keys reach `next start` as
// `credport-emulator --env-file .env.local` would write them, and the wallet answers whatever the
// wall shows (its link in every engine, the Digital Credentials API in Chromium).
let emulator: TestEmulator;
const instances: { url: string; process: ChildProcess }[] = [];

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

async function startNext(): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [nextBin, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: appDir,
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: "1",
      CREDPORT_BASE_URL: emulator.env.CREDPORT_BASE_URL,
      CREDPORT_SECRET_KEY: emulator.env.CREDPORT_SECRET_KEY,
      CREDPORT_PUBLISHABLE_KEY: emulator.env.CREDPORT_PUBLISHABLE_KEY,
      CREDPORT_SESSION_SECRET: emulator.env.CREDPORT_SESSION_SECRET,
      CREDPORT_WEBHOOK_SECRET: emulator.env.CREDPORT_WEBHOOK_SECRET,
      EXAMPLE_PLAIN_HTTP: "1",
    },
    stdio: "ignore",
  });
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/`)).ok) return { url, process: child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("next start did not come up");
}

beforeAll(async () => {
  // What users deploy: the production build of the app (test/support/build-once.ts), on the built packages.
  emulator = await startTestEmulator({ sessionSecret: SESSION_SECRET });
  instances.push(await startNext(), await startNext());
  await registerWebhook(
    { url: emulator.url, projectId: emulator.projectId! },
    `${instances[0]!.url}/api/credport/webhooks`,
  );
  mkdirSync(screenshots, { recursive: true });
  console.log(`next-app e2e screenshots: ${screenshots}`);
});

afterAll(async () => {
  // `next start` renames its process: stop it by the PID we kept.
  for (const instance of instances) instance.process.kill("SIGTERM");
  await emulator?.close();
});

/** The newest webhook event of this type, from the emulator's control plane. */
async function lastEvent(type: string) {
  const { data } = (await (await fetch(`${emulator.url}/__emulator/events`)).json()) as {
    data: { event: { id: string; type: string; data: { object: { id: string } } } }[];
  };
  return data.map((record) => record.event).findLast((event) => event.type === type);
}

const VERIFY_QR = 'svg[role="img"][aria-label="Scan with your wallet to verify"]';
const OFFER_QR = 'svg[role="img"][aria-label="Scan with your wallet to receive the credential"]';

describeEngines("the Next.js example (next build, two instances)", (engine, name) => {
  it("walls /members, verifies with the test wallet, and the session works on a second instance", async () => {
    const [a, b] = instances;
    const session = await engine().newSession();
    try {
      const tab = await session.openTab(`${a!.url}/members`);
      await expect.poll(() => tab.url()).toMatch(/\/verify(\?|$)/);
      await tab.waitForSelector(VERIFY_QR);
      await tab.screenshot(join(screenshots, `${name}-1-verification-wall.png`));

      // The wall's link, answered by the test wallet with the test identity's signed credential.
      expect((await wallet(tab, { emulator }).present()).via).toBe("link");

      await expect.poll(() => tab.url(), { timeout: 20_000 }).toMatch(/\/members$/);
      await expect.poll(() => tab.text("#member")).toContain("over 18: true");
      await tab.screenshot(join(screenshots, `${name}-2-members.png`));

      // Stateless scaling: the other instance, same secret, accepts the cookie.
      const cookie = (await tab.cookies()).find((c) => c.name === "credport_session");
      expect(cookie?.httpOnly).toBe(true);
      expect(cookie?.sameSite).toBe("Lax");
      const other = await fetch(`${b!.url}/members`, {
        headers: { cookie: `credport_session=${cookie!.value}` },
        redirect: "manual",
      });
      expect(other.status).toBe(200);
      expect(await other.text()).toMatch(/over 18: (<!-- -->)?true/);
      const anonymous = await fetch(`${b!.url}/members.json`, { redirect: "manual" });
      expect(anonymous.status).toBe(307);
    } finally {
      await session.close();
    }
  });

  it("the issuer page shows an offer QR code that follows the wallet's redemption", async () => {
    const session = await engine().newSession();
    try {
      const tab = await session.openTab(`${instances[0]!.url}/issue`);
      await tab.click("main button");
      await tab.waitForSelector(OFFER_QR);
      await expect.poll(() => tab.text("#offer-status")).toBe("offer_created");
      await tab.screenshot(join(screenshots, `${name}-3-issuer-offer.png`));
      const held = await wallet(tab, { emulator }).receive();
      await expect
        .poll(() => tab.text("#offer-status"), { timeout: 10_000 })
        .toBe("credential_issued");
      await tab.screenshot(join(screenshots, `${name}-4-issuer-issued.png`));
      expect((held as HeldSdJwtVc).vct).toBe("https://credport.example/vct/employee-badge");
    } finally {
      await session.close();
    }
  });

  // A person with no phone: the emulator's test wallet page, opened from the app's own pages.
  const TEST_WALLET_LINK = "a.test-wallet-link";
  async function openTestWallet(session: BrowserSession, tab: Tab, kind: string) {
    await tab.waitForSelector(TEST_WALLET_LINK);
    const href = (await tab.attribute(TEST_WALLET_LINK, "href"))!;
    expect(href.startsWith(`${emulator.url}/wallet?uri=${encodeURIComponent(kind)}`)).toBe(true);
    // A new tab stands in for the phone, so the app's page keeps following the flow.
    expect(await tab.attribute(TEST_WALLET_LINK, "target")).toBe("_blank");
    return session.openTab(href);
  }
  const shot = (tab: Tab, step: string) => tab.screenshot(join(screenshots, `${name}-${step}.png`));

  it("without a phone: /members → the wall → Open in test wallet → Share → /members; the dashboard shows it", async () => {
    const session = await engine().newSession();
    try {
      const tab = await session.openTab(`${instances[0]!.url}/members`);
      await expect.poll(() => tab.url()).toMatch(/\/verify(\?|$)/);
      const wallet = await openTestWallet(session, tab, "openid4vp://");
      await shot(tab, "5-wall-with-test-wallet-link");
      await wallet.waitForSelector('button[value="share"]');
      expect(await wallet.text("main")).toContain("Age over 18");
      await shot(wallet, "6-test-wallet-request");
      await wallet.click('button[value="share"]');
      await expect.poll(() => wallet.text(".notice strong")).toMatch(/Shared with the verifier/);
      await shot(wallet, "7-test-wallet-shared");
      await wallet.close();

      await expect.poll(() => tab.url(), { timeout: 20_000 }).toMatch(/\/members$/);
      await expect.poll(() => tab.text("#member")).toContain("over 18: true");
      await shot(tab, "8-members-after-test-wallet");

      const verified = (await lastEvent("verification.verified"))!;
      const verification = { id: verified.data.object.id };
      expect((await emulator.trace(verification.id)).status).toBe("verified");
      const dashboard = await session.openTab(`${emulator.url}/verifications`);
      await dashboard.waitForSelector(`details[data-key="${verification.id}"]`);
      expect(await dashboard.text(`details[data-key="${verification.id}"] > summary`)).toMatch(
        /verified/,
      );
      await shot(dashboard, "9-dashboard-verifications");

      // The app's webhook route took the verification.verified event (204), as the dashboard shows.
      const webhooks = await session.openTab(`${emulator.url}/webhooks`);
      const row = `details[data-key="${verified.id}"] > summary`;
      await webhooks.waitForSelector(row);
      await expect
        .poll(() => webhooks.text(row), { timeout: 10_000 })
        .toMatch(/delivered.*last 204/);
      await shot(webhooks, "9b-dashboard-webhooks");
    } finally {
      await session.close();
    }
  });

  const HEADER_MEMBERS = 'header a[href="/members"]';

  it("a Members link prefetched while walled: after verifying, the wall's return and the link reach /members", async () => {
    const session = await engine().newSession();
    try {
      // Two walled tabs; the header's Members link (prefetched by default) is on both.
      const [tab, other] = [
        await session.openTab(`${instances[0]!.url}/members`),
        await session.openTab(`${instances[0]!.url}/members`),
      ];
      for (const t of [tab, other]) {
        await expect.poll(() => t.url()).toMatch(/\/verify\?redirect_url=%2Fmembers$/);
        await t.waitForSelector(HEADER_MEMBERS);
      }
      await wallet(tab, { emulator }).present();
      // The wall's return (router.replace) reaches the member page.
      await expect.poll(() => tab.url(), { timeout: 20_000 }).toMatch(/\/members$/);
      await expect.poll(() => tab.text("#member")).toContain("over 18: true");
      // The other tab, still on the wall, enters through the header link.
      await other.click(HEADER_MEMBERS);
      await expect.poll(() => other.url(), { timeout: 10_000 }).toMatch(/\/members$/);
      await expect.poll(() => other.text("#member")).toContain("over 18: true");
    } finally {
      await session.close();
    }
  });

  it("sign out, then Back: the member page is asked for again and walled, never shown from a cache", async () => {
    const session = await engine().newSession();
    try {
      const url = instances[0]!.url;
      const tab = await session.openTab(`${url}/members`);
      await expect.poll(() => tab.url()).toMatch(/\/verify\?/);
      await wallet(tab, { emulator }).present();
      await expect.poll(() => tab.url(), { timeout: 20_000 }).toMatch(/\/members$/);
      // Home and back to the members area through the router: its cache now holds the page.
      await tab.click("header a.brand");
      await expect.poll(() => tab.url()).toBe(`${url}/`);
      await tab.click(HEADER_MEMBERS);
      // Next 16 keeps the first member page mounted, hidden, while the router shows Home: wait for
      // the navigation and a shown button, not for text that may be the hidden copy's.
      await expect.poll(() => tab.url(), { timeout: 10_000 }).toBe(`${url}/members`);
      await expect
        .poll(
          () =>
            tab.evaluate(
              () => document.querySelector("button.sign-out")?.checkVisibility() ?? false,
            ),
          { timeout: 10_000 },
        )
        .toBe(true);
      expect(await tab.text("#member")).toContain("over 18: true");

      await tab.click("button.sign-out");
      await expect.poll(() => tab.url(), { timeout: 10_000 }).toBe(`${url}/`);
      expect((await tab.cookies()).find((c) => c.name === "credport_session")).toBeUndefined();

      // The Back button, twice: home, then the member page's entry, which the server walls again.
      for (const expected of [new RegExp(`^${url}/$`), /\/verify\?redirect_url=%2Fmembers$/]) {
        await tab.evaluate(() => {
          (window as { left?: boolean }).left = true;
          setTimeout(() => history.back(), 50); // later: the navigation would cut this call short
        });
        await tab.waitForFunction(() => !(window as { left?: boolean }).left);
        // No member text (WebKit's driver answers undefined rather than null mid-navigation).
        expect(await tab.text("#member")).toBeFalsy();
        await expect.poll(() => tab.url(), { timeout: 10_000 }).toMatch(expected);
        expect(await tab.text("#member")).toBeFalsy();
      }
      await tab.waitForSelector(VERIFY_QR);
    } finally {
      await session.close();
    }
  });

  it("without a phone, refused: the wall shows the failure and offers a new try", async () => {
    const session = await engine().newSession();
    try {
      const tab = await session.openTab(`${instances[0]!.url}/verify`);
      const wallet = await openTestWallet(session, tab, "openid4vp://");
      await wallet.waitForSelector('button[value="refuse"]');
      await wallet.click('button[value="refuse"]');
      await expect.poll(() => wallet.text(".notice strong")).toBe("You refused the request");
      await wallet.close();

      await expect
        .poll(() => tab.text("#failure"), { timeout: 20_000 })
        .toBe("Failed: wallet_rejected");
      expect(await tab.text("#status")).toBe("failed");
      expect(await tab.text("main button")).toBe("Try again");
      expect(
        await tab.evaluate(
          (selector) => document.querySelector(selector) === null,
          TEST_WALLET_LINK,
        ),
      ).toBe(true);
      await shot(tab, "10-wall-after-refusal");
    } finally {
      await session.close();
    }
  });

  it("without a phone, a field held back: the wall shows claims_missing", async () => {
    const session = await engine().newSession();
    try {
      const tab = await session.openTab(`${instances[0]!.url}/verify`);
      const wallet = await openTestWallet(session, tab, "openid4vp://");
      await wallet.waitForSelector('input[name="share"]');
      await wallet.click('input[name="share"]'); // unticks age_over_18, the one field asked for
      await shot(wallet, "10b-test-wallet-field-held-back");
      await wallet.click('button[value="share"]');
      // The wallet says how it went before it is closed: closing a page while its form's
      // navigation is under way can leave Chromium's page.close() waiting for good.
      await expect
        .poll(() => wallet.text(".notice strong"))
        .toBe("Sent, and the verifier did not accept it");
      await wallet.close();

      await expect
        .poll(() => tab.text("#failure"), { timeout: 20_000 })
        .toBe("Failed: claims_missing");
      expect(await tab.text("#status")).toBe("failed");
      await shot(tab, "10c-wall-after-missing-field");
    } finally {
      await session.close();
    }
  });

  it("without a phone: /issue → Open in test wallet → Accept → the issuer page shows credential_issued", async () => {
    const session = await engine().newSession();
    try {
      const tab = await session.openTab(`${instances[0]!.url}/issue`);
      await tab.click("main button");
      const wallet = await openTestWallet(session, tab, "openid-credential-offer://");
      await wallet.waitForSelector('form[action$="accept"] button[type="submit"]');
      expect(await wallet.text("main")).toContain("Employee badge");
      await shot(wallet, "11-test-wallet-offer");
      await wallet.click('form[action$="accept"] button[type="submit"]');
      await expect.poll(() => wallet.text(".notice strong")).toMatch(/added to your wallet/);
      await wallet.close();
      await expect
        .poll(() => tab.text("#offer-status"), { timeout: 20_000 })
        .toBe("credential_issued");
      await shot(tab, "12-issuer-issued-via-test-wallet");
    } finally {
      await session.close();
    }
  });
});

// The Digital Credentials API is Chromium's: Playwright's page, whose CDP session sets the
// browser's virtual wallet to the test wallet's signed answer to the wall's own request.
describe("the Next.js example in Chromium, one click (Digital Credentials API)", () => {
  let browser: Awaited<ReturnType<typeof launchChromiumBrowser>>;
  beforeAll(async () => {
    browser = await launchChromiumBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  async function openPage() {
    const context = await browser.newContext();
    const page = await context.newPage();
    return { context, page, onPage: wallet(page, { emulator }) };
  }

  it("/members → the wall → “Use a wallet on this device” → /members, the session on a second instance", async () => {
    const { context, page, onPage } = await openPage();
    try {
      await page.goto(`${instances[0]!.url}/members`);
      expect((await onPage.present()).via).toBe("dc-api");
      await page.waitForURL(`${instances[0]!.url}/members`, { timeout: 20_000 });
      await expect.poll(() => page.textContent("#member")).toContain("over 18: true");
      await page.screenshot({ path: join(screenshots, "chromium-dc-api-members.png") });
      const cookie = (await context.cookies()).find((c) => c.name === "credport_session")!;
      const other = await fetch(`${instances[1]!.url}/members`, {
        headers: { cookie: `credport_session=${cookie.value}` },
        redirect: "manual",
      });
      expect(other.status).toBe(200);
    } finally {
      await context.close();
    }
  });

  it("a decline keeps the QR code: the wallet presents through the link there", async () => {
    const { context, page, onPage } = await openPage();
    try {
      await page.goto(`${instances[0]!.url}/verify?redirect_url=%2Fmembers`);
      await onPage.decline();
      await page.waitForSelector(VERIFY_QR);
      expect((await onPage.present({ via: "link" })).via).toBe("link");
      await page.waitForURL(`${instances[0]!.url}/members`, { timeout: 20_000 });
    } finally {
      await context.close();
    }
  });

  it("a holder born 2011: the policy refuses the signed claims and the wall shows it", async () => {
    const { context, page, onPage } = await openPage();
    try {
      await page.goto(`${instances[0]!.url}/verify`);
      const { via } = await onPage.present({ claims: { birthdate: "2011-05-01" } });
      expect(via).toBe("dc-api");
      await expect
        .poll(() => page.textContent("#failure"), { timeout: 20_000 })
        .toBe("Failed: claims_not_satisfied");
      expect((await context.cookies()).some((c) => c.name === "credport_session")).toBe(false);
    } finally {
      await context.close();
    }
  });
});

it("ships no key material to the browser", () => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".js")) files.push(path);
    }
  };
  walk(join(appDir, ".next/static"));
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    expect(text).not.toMatch(/sk_(test|live)_[A-Za-z0-9]{24,}/);
    expect(text).not.toMatch(/whsec_[A-Za-z0-9]{24,}/);
    expect(text).not.toContain(SESSION_SECRET);
    expect(text).not.toContain("iron-session");
    expect(text).not.toContain("CREDPORT_SECRET_KEY");
  }
});
