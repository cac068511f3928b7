import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Emulator, startEmulator } from "@credport/emulator";
import { createTestWallet, type HeldSdJwtVc } from "@credport/mock/wallet";
import { Credport } from "@credport/server";
import { type BrowserSession, describeEngines, type Tab } from "@credport/test-browsers";
import { afterAll, beforeAll, expect, it } from "vitest";
import { registerWebhook } from "../scripts/register-webhook.mjs";

const appDir = fileURLToPath(new URL("..", import.meta.url));
const nextBin = join(appDir, "node_modules/next/dist/bin/next");
const screenshots = fileURLToPath(new URL("../../../artifacts/next-app-e2e/", import.meta.url));
const SESSION_SECRET = "e2e-session-secret-0123456789abcdefghij";

let emulator: Emulator;
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
      CREDPORT_BASE_URL: emulator.url,
      CREDPORT_SECRET_KEY: emulator.keys.secretKey,
      CREDPORT_PUBLISHABLE_KEY: emulator.keys.publishableKey,
      CREDPORT_SESSION_SECRET: SESSION_SECRET,
      CREDPORT_WEBHOOK_SECRET: emulator.keys.webhookSecret,
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
  emulator = await startEmulator();
  instances.push(await startNext(), await startNext());
  await registerWebhook(emulator, `${instances[0]!.url}/api/credport/webhooks`);
  mkdirSync(screenshots, { recursive: true });
  console.log(`next-app e2e screenshots: ${screenshots}`);
});

afterAll(async () => {
  // `next start` renames its process: stop it by the PID we kept.
  for (const instance of instances) instance.process.kill("SIGTERM");
  await emulator?.close();
});

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
      await wallet.present((await tab.attribute("#wallet-link", "href"))!);

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
      const wallet = await createTestWallet();
      await wallet.acceptOffer((await tab.attribute("a.wallet-link", "href"))!);
      await expect
        .poll(() => tab.text("#offer-status"), { timeout: 10_000 })
        .toBe("credential_issued");
      await tab.screenshot(join(screenshots, `${name}-4-issuer-issued.png`));
      expect((wallet.credentials[0] as HeldSdJwtVc).vct).toBe(
        "https://credport.example/vct/employee-badge",
      );
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

      const verification = emulator.model.verifications.records.at(-1)!;
      expect(verification.status).toBe("verified");
      const dashboard = await session.openTab(`${emulator.url}/verifications`);
      await dashboard.waitForSelector(`details[data-key="${verification.id}"]`);
      expect(await dashboard.text(`details[data-key="${verification.id}"] > summary`)).toMatch(
        /verified/,
      );
      await shot(dashboard, "9-dashboard-verifications");

      // The app's webhook route took the verification.verified event (204), as the dashboard shows.
      const verified = emulator.model.webhooks.events.find(
        (record) =>
          record.event.type === "verification.verified" &&
          (record.event.data.object as { id: string }).id === verification.id,
      )!;
      const webhooks = await session.openTab(`${emulator.url}/webhooks`);
      const row = `details[data-key="${verified.event.id}"] > summary`;
      await webhooks.waitForSelector(row);
      await expect
        .poll(() => webhooks.text(row), { timeout: 10_000 })
        .toMatch(/delivered.*last 204/);
      await shot(webhooks, "9b-dashboard-webhooks");
    } finally {
      await session.close();
    }
  });

  /** Shares the credential the wall asks for from the emulator's test wallet page. */
  async function shareWithTestWallet(session: BrowserSession, tab: Tab) {
    const wallet = await openTestWallet(session, tab, "openid4vp://");
    await wallet.waitForSelector('button[value="share"]');
    await wallet.click('button[value="share"]');
    await expect.poll(() => wallet.text(".notice strong")).toMatch(/Shared with the verifier/);
    await wallet.close();
  }
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
      await shareWithTestWallet(session, tab);
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
      await shareWithTestWallet(session, tab);
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
