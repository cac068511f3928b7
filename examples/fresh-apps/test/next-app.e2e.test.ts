import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromiumBrowser as launchChromium } from "@credport/test-browsers";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { addBlocks, startEmulatorWithEnvFile, walletOver18 } from "../src/newcomer-steps.js";
import { freePort, type Started, start, userEnv } from "../src/processes.js";
import { codeBlocks, sectionBlocks } from "../src/readme-blocks.js";

// A Next.js 16 app as `create-next-app@16` makes it (its default next.config, `cacheComponents`
// included), the packages from the packed tarballs, and the root README's Next.js files as they are.
const readme = fileURLToPath(new URL("../../../README.md", import.meta.url));
let app: string;
let env: Record<string, string>;
let build = "";
const running: Started[] = [];
let browser: Browser;
let url: string;

beforeAll(async () => {
  app = join(inject("scratch"), "next-app");
  const files = addBlocks(
    app,
    sectionBlocks(codeBlocks(readFileSync(readme, "utf8"), "README.md"), "Next.js"),
  );
  expect(files.sort()).toEqual([
    "app/api/credport/[...credport]/route.ts",
    "app/members/page.tsx",
    "app/site-header.tsx",
    "app/verify/page.tsx",
    "proxy.ts",
  ]);
  const emulator = await startEmulatorWithEnvFile(app);
  running.push(emulator.emulator);
  env = emulator.env;
  // The NEXT_PUBLIC_ variables are inlined now, from .env.local, as they would be for a user.
  build = execFileSync(join(app, "node_modules/.bin/next"), ["build"], {
    cwd: app,
    env: userEnv(),
    encoding: "utf8",
    stdio: "pipe",
  });
  const port = await freePort();
  running.push(
    await start(
      join(app, "node_modules/.bin/next"),
      ["start", "-p", String(port), "-H", "127.0.0.1"],
      {
        cwd: app,
        ready: /Ready in/,
      },
    ),
  );
  url = `http://localhost:${port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all(running.map((process) => process.stop()));
});

it("builds with create-next-app@16's defaults: cache components on, /verify prerendered, no warnings", () => {
  expect(build).toContain("Cache Components enabled");
  expect(build).toMatch(/○ \/verify/); // static: the verification page renders without the clock
  expect(withoutBuildCacheNotice(build)).not.toMatch(/⚠|warn|error/i);
});

// Next warns that `.next/cache` is missing whenever CI is set; that is about the machine, not us.
function withoutBuildCacheNotice(output: string): string {
  return output
    .split("\n")
    .filter((line) => !line.includes("No build cache found"))
    .join("\n");
}

it("a visitor of /members verifies with the test wallet, comes back to /members, signs out, and Back is walled", async () => {
  const page = await browser.newPage();
  await page.goto(`${url}/members`);
  await page.waitForURL(/\/verify\?redirect_url=%2Fmembers$/);
  await page.getByRole("img", { name: "Scan with your wallet to verify" }).waitFor();
  await expect
    .poll(() => page.getByRole("status").textContent())
    .toBe("Scan the QR code with your wallet app.");
  expect(await page.getByRole("timer").textContent()).toMatch(/^Expires in 1[45]:\d\d$/);

  const wallet = await walletOver18(env);
  const link = await page.getByRole("link", { name: "Open your wallet" }).getAttribute("href");
  await wallet.present(link!);

  await page.waitForURL(/\/members$/, { timeout: 20_000 });
  await page.getByText(/^Verified at \d{4}-/).waitFor();

  // Home, and the member page again: then the README's sign-out, which puts "/" in that page's
  // place. Back twice reaches the member page the wall returned to: asked for again, and walled.
  await page.goto(`${url}/`);
  await page.goto(`${url}/members`);
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(`${url}/`);
  await page.evaluate(() => setTimeout(() => history.go(-2), 50)); // Back, Back
  await page.waitForURL(/\/verify\?redirect_url=%2Fmembers$/, { timeout: 10_000 });
  expect(await page.getByText(/^Verified at/).count()).toBe(0);
  await page.close();
});

it("next start reports no prerender problem and no error while serving", () => {
  const output = running[1]!.output();
  expect(output).toContain("Ready in");
  expect(output).not.toMatch(/⚠|warn|error|prerender/i);
});
