import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { launchChromiumBrowser as launchChromium } from "@credport/test-browsers";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { startEmulatorWithEnvFile, walletOver18 } from "../src/newcomer-steps.js";
import { freePort, type Started, start, userEnv } from "../src/processes.js";
import { readmeReactApp, writeAppFile } from "../src/readme-app.js";

// A Vite 7 React app from the root README's "React with your own backend": its `src/main.tsx`,
// built for production with its `vite.config.ts`, served by its Express `server.mjs` on
// @credport/session/express.
let env: Record<string, string>;
const running: Started[] = [];
let browser: Browser;
let url: string;

beforeAll(async () => {
  const app = join(inject("scratch"), "vite-app");
  const readme = readmeReactApp();
  writeAppFile(app, "server.mjs", readme.server.express);
  writeAppFile(app, "src/main.tsx", readme.main);
  writeAppFile(app, "vite.config.ts", readme.viteConfig);
  const emulator = await startEmulatorWithEnvFile(app, ["--public-prefix", "VITE_"]);
  running.push(emulator.emulator);
  env = emulator.env;
  execFileSync(join(app, "node_modules/.bin/vite"), ["build", "--logLevel", "error"], {
    cwd: app,
    env: userEnv(),
    stdio: "pipe",
  });
  const port = await freePort();
  running.push(
    await start(process.execPath, ["--env-file=.env.local", "server.mjs"], {
      cwd: app,
      env: { PORT: String(port) },
      ready: /listening on/,
    }),
  );
  url = `http://localhost:${port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all(running.map((process) => process.stop()));
});

async function verify(page: Page) {
  await page.getByRole("img", { name: "Scan with your wallet to verify" }).waitFor();
  const wallet = await walletOver18(env);
  await wallet.present(
    (await page.getByRole("link", { name: "Open your wallet" }).getAttribute("href"))!,
  );
}

it("verifies with the test wallet: the backend writes its session and the page shows the children", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const before = await context.request.get(`${url}/members`, { maxRedirects: 0 });
  expect(before.status()).toBe(307);
  await page.goto(url);
  await verify(page);
  await page.getByText("Welcome: you are verified.").waitFor({ timeout: 20_000 });
  const session = await page.evaluate(() => fetch("/api/credport/session").then((r) => r.json()));
  expect(session).toMatchObject({ verified: true });
  await page.goto(`${url}/members`);
  await page.getByText("Members only: you are verified.").waitFor();
  await context.close();
});

it("follows ?redirect_url= to a path on the site once verified, and never off the site", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${url}/?redirect_url=${encodeURIComponent("//evil.example/phish")}`);
  await verify(page);
  await page.getByText("Welcome: you are verified.").waitFor({ timeout: 20_000 });
  expect(new URL(page.url()).host).toBe(new URL(url).host);
  expect(new URL(page.url()).pathname).toBe("/");

  // Verified already: the gate goes on to ?redirect_url= at once, without a new verification.
  await page.goto(`${url}/?redirect_url=${encodeURIComponent("/?from=verify")}`);
  await page.waitForURL(`${url}/?from=verify`, { timeout: 20_000 });
  await context.close();
});

it("ships no secret to the browser", async () => {
  const page = await browser.newPage();
  await page.goto(url);
  const scripts = await page.evaluate(async () =>
    Promise.all(
      [...document.scripts].map((s) => (s.src ? fetch(s.src).then((r) => r.text()) : s.text)),
    ),
  );
  const shipped = scripts.join("\n");
  expect(shipped).toContain(env.VITE_CREDPORT_PUBLISHABLE_KEY);
  for (const secret of [
    env.CREDPORT_SECRET_KEY,
    env.CREDPORT_WEBHOOK_SECRET,
    env.CREDPORT_SESSION_SECRET,
  ]) {
    expect(shipped).not.toContain(secret);
  }
  await page.close();
});
