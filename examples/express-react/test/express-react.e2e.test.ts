import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type Emulator, startEmulator } from "@credport/emulator";
import { type BrowserSession, describeEngines, type Tab } from "@credport/test-browsers";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppServer, appDir, startApp } from "./support/app-server.js";

// The example as users run it, with the emulator's keys in the environment, in real browsers:
// `pnpm build` (test/support/build-once.ts) then `pnpm start`, and `pnpm dev`.
const SESSION_SECRET = "e2e-session-secret-0123456789abcdefghij";
const TEST_WALLET_LINK = "a.credport-gate-test-wallet-link";

let emulator: Emulator;
const apps: { start?: AppServer; dev?: AppServer } = {};

beforeAll(async () => {
  emulator = await startEmulator();
  const env = {
    CREDPORT_BASE_URL: emulator.url,
    CREDPORT_SECRET_KEY: emulator.keys.secretKey,
    CREDPORT_PUBLISHABLE_KEY: emulator.keys.publishableKey,
    CREDPORT_SESSION_SECRET: SESSION_SECRET,
  };
  [apps.start, apps.dev] = await Promise.all([startApp(env), startApp(env, { dev: true })]);
});

afterAll(async () => {
  await Promise.all([apps.start?.stop(), apps.dev?.stop()]);
  await emulator?.close();
});

/** The emulator's wallet page for the gate's request, in a new tab standing in for the phone. */
async function openTestWallet(session: BrowserSession, tab: Tab): Promise<Tab> {
  await tab.waitForSelector(TEST_WALLET_LINK);
  const href = (await tab.attribute(TEST_WALLET_LINK, "href"))!;
  expect(href.startsWith(`${emulator.url}/wallet?uri=openid4vp`)).toBe(true);
  return session.openTab(href);
}

const MODES = {
  // `start`'s default: `__Host-` cookies, which browsers keep only when Secure, Path=/, no Domain.
  start: { title: "pnpm build && pnpm start", cookie: "__Host-credport_session" },
  // NODE_ENV=development: plain cookies, for http://localhost in every browser.
  dev: { title: "pnpm dev, Vite in middleware mode", cookie: "credport_session" },
} as const;

for (const mode of ["start", "dev"] as const) {
  const { title, cookie: cookieName } = MODES[mode];
  const sessionCookie = async (tab: Tab) =>
    (await tab.cookies()).find((cookie) => cookie.name === cookieName);

  describeEngines(`the Express + React example (${title})`, (engine, name) => {
    const app = () => apps[mode]!;

    // WebKit keeps no Secure cookie from http://localhost (Chromium and Firefox do), so `start`
    // (Secure cookies, as in production over HTTPS) signs in there in Chromium and Firefox only;
    // WebKit signs in through `dev`.
    if (mode === "dev" || name !== "webkit")
      it("/members → /verify → the test wallet shares → /members with the kept claims → sign out → walled again", async () => {
        const session = await engine().newSession();
        try {
          const tab = await session.openTab(`${app().url}/members`);
          await expect.poll(() => tab.url()).toBe(`${app().url}/verify?redirect_url=%2Fmembers`);
          expect(await sessionCookie(tab)).toBeUndefined();

          const wallet = await openTestWallet(session, tab);
          await wallet.waitForSelector('button[value="share"]');
          expect(await wallet.text("main")).toContain("Age over 18");
          await wallet.click('button[value="share"]');
          await expect
            .poll(() => wallet.text(".notice strong"))
            .toMatch(/Shared with the verifier/);
          await wallet.close();

          // The gate finalizes the session through the router, then follows ?redirect_url=.
          await expect.poll(() => tab.url(), { timeout: 20_000 }).toBe(`${app().url}/members`);
          await expect.poll(() => tab.text("#member")).toContain("over 18: true");
          expect(JSON.parse((await tab.text("#claims"))!)).toEqual({ age_over_18: true });
          const cookie = await sessionCookie(tab);
          expect(cookie?.httpOnly).toBe(true);
          expect(cookie?.path).toBe("/");
          expect(cookie?.sameSite).toBe("Lax");

          // Sign out: DELETE /api/credport/session, then / in place of the member page.
          await tab.waitForSelector("button.sign-out");
          await tab.click("button.sign-out");
          await expect.poll(() => tab.url(), { timeout: 10_000 }).toBe(`${app().url}/`);
          expect(await sessionCookie(tab)).toBeUndefined();

          await tab.click("#members-link");
          await expect
            .poll(() => tab.url(), { timeout: 10_000 })
            .toBe(`${app().url}/verify?redirect_url=%2Fmembers`);
          expect(await tab.text("#member")).toBeFalsy();
        } finally {
          await session.close();
        }
      });

    it("the wallet refuses: the gate says so, and no session is written", async () => {
      const session = await engine().newSession();
      try {
        const tab = await session.openTab(`${app().url}/verify`);
        const wallet = await openTestWallet(session, tab);
        await wallet.waitForSelector('button[value="refuse"]');
        await wallet.click('button[value="refuse"]');
        await expect.poll(() => wallet.text(".notice strong")).toBe("You refused the request");
        await wallet.close();

        await expect
          .poll(() => tab.attribute(".credport-gate", "data-phase"), { timeout: 20_000 })
          .toBe("failed");
        expect(await tab.text(".credport-gate-retry")).toBe("Try again");
        expect(await sessionCookie(tab)).toBeUndefined();
        await tab.goto(`${app().url}/members`);
        await expect.poll(() => tab.url()).toBe(`${app().url}/verify?redirect_url=%2Fmembers`);
      } finally {
        await session.close();
      }
    });

    it("the wallet holds back age_over_18: claims_missing, and no session is written", async () => {
      const session = await engine().newSession();
      try {
        const tab = await session.openTab(`${app().url}/verify?redirect_url=%2Fmembers`);
        const wallet = await openTestWallet(session, tab);
        await wallet.waitForSelector('input[name="share"]');
        await wallet.click('input[name="share"]'); // unticks age_over_18, the one field asked for
        await wallet.click('button[value="share"]');
        await expect
          .poll(() => wallet.text(".notice strong"))
          .toBe("Sent, and the verifier did not accept it");
        await wallet.close();

        await expect
          .poll(() => tab.attribute(".credport-gate", "data-phase"), { timeout: 20_000 })
          .toBe("failed");
        expect(await tab.text(".credport-gate-status")).toMatch(/./);
        expect(await sessionCookie(tab)).toBeUndefined();
        expect(await tab.url()).toBe(`${app().url}/verify?redirect_url=%2Fmembers`);
        await tab.goto(`${app().url}/members`);
        await expect.poll(() => tab.url()).toBe(`${app().url}/verify?redirect_url=%2Fmembers`);
      } finally {
        await session.close();
      }
    });
  });
}

it("the built assets hold no key material: the publishable key comes from the server, per request", async () => {
  const assets = join(appDir, "dist/assets");
  const files = readdirSync(assets).filter((name) => name.endsWith(".js"));
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    const text = readFileSync(join(assets, file), "utf8");
    // A bundle is too long for a diff: each finding names the file.
    expect(/(sk|pk)_(test|live)_[A-Za-z0-9]{24,}/.test(text), file).toBe(false);
    expect(/whsec_[A-Za-z0-9]{24,}/.test(text), file).toBe(false);
    expect(text.includes("iron-session"), file).toBe(false);
    // React's production build: the build ran as `pnpm build` does.
    expect(text.includes("react_stack_bottom_frame"), file).toBe(false);
  }
  const verify = await (await fetch(`${apps.start!.url}/verify`)).text();
  expect(verify).toContain(`data-publishable-key="${emulator.keys.publishableKey}"`);
  expect(verify).not.toContain(emulator.keys.secretKey);
  expect(verify).not.toContain(SESSION_SECRET);
});

it("`dev` serves the pages through Vite in middleware mode, the key written in by the server", async () => {
  const verify = await (await fetch(`${apps.dev!.url}/verify`)).text();
  expect(verify).toContain('<script type="module" src="/@vite/client"></script>');
  expect(verify).toContain(`data-publishable-key="${emulator.keys.publishableKey}"`);
  const entry = await fetch(`${apps.dev!.url}/src/verify.tsx`);
  expect(entry.headers.get("content-type")).toMatch(/javascript/);
  expect(await entry.text()).toContain("VerificationGate");
});
