import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { launchChromiumBrowser as launchChromium } from "@credport/test-browsers";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startEmulatorWithEnvFile, walletOver18 } from "../src/newcomer-steps.js";
import { freePort, type Started, start, userEnv } from "../src/processes.js";
import { readmeReactApp, viteConfigFor, writeAppFile } from "../src/readme-app.js";

// The root README's "React with your own backend" in development: Vite's dev server with the
// README's `vite.config.ts` in front of the README's Express and Fastify `server.mjs`, in
// Chromium; then the Fastify one in the production shape (its `@fastify/static` serving the build).
let app: string;
let env: Record<string, string>;
let emulator: Started;
let browser: Browser;
const readme = readmeReactApp();

beforeAll(async () => {
  app = join(inject("scratch"), "vite-dev");
  writeAppFile(app, "src/main.tsx", readme.main);
  ({ emulator, env } = await startEmulatorWithEnvFile(app, ["--public-prefix", "VITE_"]));
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await emulator?.stop();
});

/** `node --env-file=.env.local server.mjs` with the README's backend for `adapter`. */
async function startBackend(
  adapter: "express" | "fastify",
): Promise<{ url: string; stop(): Promise<void>; port: number }> {
  writeAppFile(app, "server.mjs", readme.server[adapter]);
  const port = await freePort();
  const backend = await start(process.execPath, ["--env-file=.env.local", "server.mjs"], {
    cwd: app,
    env: { PORT: String(port) },
    ready: /listening on/,
  });
  return { url: `http://localhost:${port}`, port, stop: () => backend.stop() };
}

/** `vite` (the dev server) with the README's config, its proxy pointed at the backend's port. */
async function startViteDev(backendPort: number): Promise<{ url: string; stop(): Promise<void> }> {
  writeAppFile(app, "vite.config.ts", viteConfigFor(readme.viteConfig, backendPort));
  const port = await freePort();
  const vite = await start(
    join(app, "node_modules/.bin/vite"),
    ["--port", String(port), "--strictPort", "--clearScreen", "false"],
    { cwd: app, ready: /ready in/ },
  );
  return { url: `http://localhost:${port}`, stop: () => vite.stop() };
}

/** The gate's QR code, then the test wallet presents an identity over 18. */
async function verify(page: Page) {
  await page.getByRole("img", { name: "Scan with your wallet to verify" }).waitFor();
  const wallet = await walletOver18(env);
  await wallet.present(
    (await page.getByRole("link", { name: "Open your wallet" }).getAttribute("href"))!,
  );
}

/** Every start the page asks for (`POST …/verifications`), with what it was answered. */
function watchStarts(context: BrowserContext): number[] {
  const statuses: number[] = [];
  context.on("response", (response) => {
    if (response.request().method() === "POST" && response.url().endsWith("/verifications"))
      statuses.push(response.status());
  });
  return statuses;
}

/**
 * /members → the backend's wall → the sign-in page (Vite's) → verified with the test wallet →
 * back to /members, the backend's page; then a reload of the sign-in page starts nothing.
 */
async function walledThenVerified(url: string, signIn: string) {
  const context = await browser.newContext();
  const starts = watchStarts(context);
  const page = await context.newPage();
  await page.goto(`${url}/members`);
  expect(`${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe(
    `${signIn}?redirect_url=%2Fmembers`,
  );
  // The README's main.tsx imports @credport/react/styles.css: the gate has its look.
  const gate = page.locator(".credport-gate");
  await gate.waitFor();
  expect(await gate.evaluate((el) => getComputedStyle(el).borderRadius)).toBe("12px");
  await verify(page);
  await page.waitForURL(`${url}/members`, { timeout: 20_000 });
  await page.getByText("Members only: you are verified.").waitFor();
  expect(starts).toEqual([201]);

  // A verified browser back on the sign-in page: the children, and no new verification.
  await page.goto(`${url}${signIn}`);
  await page.getByText("Welcome: you are verified.").waitFor();
  await page.waitForTimeout(300);
  expect(starts).toEqual([201]);
  await context.close();
}

describe.each([
  ["express", "/"],
  ["fastify", "/verify"],
] as const)("Vite's dev server in front of the README's %s backend", (adapter, signIn) => {
  let backend: Awaited<ReturnType<typeof startBackend>>;
  let vite: Awaited<ReturnType<typeof startViteDev>>;
  beforeAll(async () => {
    backend = await startBackend(adapter);
    vite = await startViteDev(backend.port);
  });
  afterAll(async () => {
    await vite?.stop();
    await backend?.stop();
  });

  it("/members reaches the backend's wall; the start passes the same-origin check; verified, /members opens", async () => {
    await walledThenVerified(vite.url, signIn);
  });
});

describe("the README's Fastify backend in production: @fastify/static serves the build", () => {
  let backend: Awaited<ReturnType<typeof startBackend>>;
  beforeAll(async () => {
    writeAppFile(app, "vite.config.ts", readme.viteConfig);
    execFileSync(join(app, "node_modules/.bin/vite"), ["build", "--logLevel", "error"], {
      cwd: app,
      env: userEnv(),
      stdio: "pipe",
    });
    backend = await startBackend("fastify");
  });
  afterAll(async () => {
    await backend?.stop();
  });

  it("/members → /verify (the front end, not a 404) → verified → /members", async () => {
    const signIn = await fetch(`${backend.url}/verify`);
    expect(signIn.status).toBe(200);
    expect(await signIn.text()).toContain('<div id="root">');
    await walledThenVerified(backend.url, "/verify");
  });
});
