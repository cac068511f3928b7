import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { launchChromiumBrowser as launchChromium } from "@credport/test-browsers";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { addBlocks, startEmulatorWithEnvFile, walletOver18 } from "../src/newcomer-steps.js";
import { freePort, type Started, start, userEnv } from "../src/processes.js";
import { ROOT_README } from "../src/readme-app.js";
import { codeBlocks, sectionBlocks } from "../src/readme-blocks.js";

// A React Router 7 app (framework mode, server rendering) from the root README's "React Router 7"
// section: its files on create-react-router's root and home page, built with `react-router build`
// and served by `react-router-serve` started as the README says (Node reads .env.local).
const running: Started[] = [];
let env: Record<string, string>;
let browser: Browser;
let url: string;

/** The README's command for react-router-serve, the line under `<!-- react-router-serve -->`. */
function serveCommand(readme: string): string[] {
  const match = /<!-- react-router-serve -->\n```sh\n(node .+)\n```/.exec(readme);
  if (!match) throw new Error("README.md: no react-router-serve command block");
  return match[1]!.split(/\s+/).slice(1);
}

beforeAll(async () => {
  const app = join(inject("scratch"), "react-router-app");
  const readme = readFileSync(ROOT_README, "utf8");
  const files = addBlocks(app, sectionBlocks(codeBlocks(readme, "README.md"), "React Router 7"));
  expect(files.sort()).toEqual([
    "app/credport.server.ts",
    "app/routes.ts",
    "app/routes/credport.ts",
    "app/routes/members.tsx",
    "app/routes/verify.tsx",
  ]);
  const emulator = await startEmulatorWithEnvFile(app, ["--public-prefix", "VITE_"]);
  running.push(emulator.emulator);
  env = emulator.env;
  execFileSync(join(app, "node_modules/.bin/react-router"), ["build"], {
    cwd: app,
    env: userEnv({ NODE_ENV: "production" }),
    stdio: "pipe",
  });
  const port = await freePort();
  running.push(
    await start(process.execPath, serveCommand(readme), {
      cwd: app,
      env: { PORT: String(port), NODE_ENV: "production" },
      ready: /react-router-serve/,
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

const pathOf = (page: Page) => `${new URL(page.url()).pathname}${new URL(page.url()).search}`;

it("a full load of /members is walled: the loader's redirect to /verify", async () => {
  const context = await browser.newContext();
  const response = await context.request.get(`${url}/members`, { maxRedirects: 0 });
  expect(response.status()).toBe(307);
  expect(response.headers().location).toBe("/verify?redirect_url=%2Fmembers");
  const page = await context.newPage();
  await page.goto(`${url}/members`);
  expect(pathOf(page)).toBe("/verify?redirect_url=%2Fmembers");
  await page.getByRole("img", { name: "Scan with your wallet to verify" }).waitFor();
  await context.close();
});

it("a client-side navigation to /members (its /members.data) is walled too, then verified it opens", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const dataRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith(".data"))
      dataRequests.push(new URL(request.url()).pathname);
  });
  await page.goto(url);
  await page.getByRole("heading", { name: "Home" }).waitFor();
  const loadsBefore = await page.evaluate(() => performance.getEntriesByType("navigation").length);
  await page.getByRole("link", { name: "Members" }).click();
  await page.waitForURL(`${url}/verify?redirect_url=%2Fmembers`);
  expect(dataRequests).toContain("/members.data");
  // The router followed the redirect itself: the gate, and no page of members in between.
  await page.getByRole("img", { name: "Scan with your wallet to verify" }).waitFor();
  expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(
    loadsBefore,
  );

  await verify(page);
  await page.waitForURL(`${url}/members`, { timeout: 20_000 });
  await page.getByRole("heading", { name: /^Members only: verified at / }).waitFor();

  // Verified: the same client-side navigation now opens the members' page.
  await page.goto(url);
  await page.getByRole("link", { name: "Members" }).click();
  await page.waitForURL(`${url}/members`);
  await page.getByRole("heading", { name: /^Members only: verified at / }).waitFor();
  await context.close();
});
