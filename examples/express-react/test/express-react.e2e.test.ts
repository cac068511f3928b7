import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describeEngines, launchChromiumBrowser, type Tab } from "@credport/test-browsers";
import { startTestEmulator, type TestEmulator, wallet } from "@credport/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, appDir, startApp } from "./support/app-server.js";

// The example as users run it, with the emulator's keys in the environment (as
// `credport-emulator --env-file .env.local` writes them), in real browsers: `pnpm build`
// (test/support/build-once.ts) then `pnpm start`, and `pnpm dev`. The wallet is
// @credport/testing's: it answers whatever the gate shows, through the link in every engine, and
// through the browser's own Digital Credentials API (Chromium's virtual wallet) in the one-click tests.
const SESSION_SECRET = "e2e-session-secret-0123456789abcdefghij";

let emulator: TestEmulator;
let env: Record<string, string>;
const apps: { start?: AppServer; dev?: AppServer } = {};

beforeAll(async () => {
  emulator = await startTestEmulator({ sessionSecret: SESSION_SECRET });
  env = {
    CREDPORT_BASE_URL: emulator.env.CREDPORT_BASE_URL!,
    CREDPORT_SECRET_KEY: emulator.env.CREDPORT_SECRET_KEY!,
    CREDPORT_PUBLISHABLE_KEY: emulator.env.CREDPORT_PUBLISHABLE_KEY!,
    CREDPORT_SESSION_SECRET: emulator.env.CREDPORT_SESSION_SECRET!,
  };
  [apps.start, apps.dev] = await Promise.all([startApp(env), startApp(env, { dev: true })]);
});

afterAll(async () => {
  await Promise.all([apps.start?.stop(), apps.dev?.stop()]);
  await emulator?.close();
});

const MODES = {
  // `start`'s default: `__Host-` cookies, which browsers keep only when Secure, Path=/, no Domain.
  start: { title: "pnpm build && pnpm start", cookie: "__Host-credport_session" },
  // NODE_ENV=development: plain cookies, for http://localhost in every browser.
  dev: { title: "pnpm dev, Vite in middleware mode", cookie: "credport_session" },
} as const;

/**
 * An app of its own for a block of tests: the app limits starts to 10 a minute per address, and
 * every test here comes from 127.0.0.1, so one app for all the engines' tests would refuse some.
 */
function appPerBlock(mode: "start" | "dev"): () => AppServer {
  let own: AppServer | undefined;
  beforeAll(async () => {
    own = await startApp(env, { dev: mode === "dev" });
  });
  afterAll(async () => {
    await own?.stop();
  });
  return () => own!;
}

for (const mode of ["start", "dev"] as const) {
  const { title, cookie: cookieName } = MODES[mode];
  const sessionCookie = async (tab: Tab) =>
    (await tab.cookies()).find((cookie) => cookie.name === cookieName);

  describeEngines(`the Express + React example (${title})`, (engine, name) => {
    const app = appPerBlock(mode);
    // WebKit keeps no Secure cookie from http://localhost (Chromium and Firefox do), so `start`
    // (Secure cookies, as in production over HTTPS) signs in there in Chromium and Firefox only;
    // WebKit signs in through `dev`.
    if (mode === "dev" || name !== "webkit")
      it("/members → /verify → the wallet presents through the gate's link → /members with the kept claims → sign out → walled again", async () => {
        const session = await engine().newSession();
        try {
          const tab = await session.openTab(`${app().url}/members`);
          await expect.poll(() => tab.url()).toBe(`${app().url}/verify?redirect_url=%2Fmembers`);
          expect(await sessionCookie(tab)).toBeUndefined();

          expect((await wallet(tab, { emulator }).present()).via).toBe("link");

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
        await wallet(tab, { emulator }).present({ refuse: true });
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
        await wallet(tab, { emulator }).present({ omit: ["age_over_18"] });
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

  // The Digital Credentials API is Chromium's: Playwright's page, whose CDP session drives the
  // browser's virtual wallet with the test wallet's signed answer to the gate's own request.
  describe(`the Express + React example in Chromium, one click (${title})`, () => {
    const app = appPerBlock(mode);
    let browser: Awaited<ReturnType<typeof launchChromiumBrowser>>;
    beforeAll(async () => {
      browser = await launchChromiumBrowser();
    });
    afterAll(async () => {
      await browser?.close();
    });

    it("/members → /verify → “Use a wallet on this device” → /members with the signed claims", async () => {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        const onPage = wallet(page, { emulator });
        await page.goto(`${app().url}/members`);
        expect((await onPage.present()).via).toBe("dc-api");
        await page.waitForURL(`${app().url}/members`, { timeout: 20_000 });
        expect(await page.textContent("#member")).toContain("over 18: true");
        expect((await context.cookies()).some((c) => c.name === cookieName)).toBe(true);
      } finally {
        await context.close();
      }
    });

    it("a decline keeps the QR code and link: the wallet presents there, and the session is written", async () => {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        const onPage = wallet(page, { emulator });
        await page.goto(`${app().url}/verify?redirect_url=%2Fmembers`);
        await onPage.decline();
        await page.waitForSelector('.credport-gate[data-dc-api="declined"]', { timeout: 10_000 });
        await page.waitForSelector(".credport-gate-qr");
        expect((await onPage.present({ via: "link" })).via).toBe("link");
        await page.waitForURL(`${app().url}/members`, { timeout: 20_000 });
      } finally {
        await context.close();
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
