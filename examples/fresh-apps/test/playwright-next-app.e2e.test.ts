import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { CHROMIUM } from "@credport/test-browsers";
import { beforeAll, expect, inject, it } from "vitest";
import { addBlocks } from "../src/newcomer-steps.js";
import { freePort, userEnv } from "../src/processes.js";
import { codeBlocks, sectionBlocks } from "../src/readme-blocks.js";

// A fresh Next.js app made of the root README's Next.js files, tested as the README's "Test your
// integration" says: its playwright.config.ts and spec, @credport/testing from the packed tarball,
// `npx playwright test` in Debian's Chromium (CHROMIUM_PATH). Only the two ports are swapped for
// free ones, so that the run shares the machine.
const readme = readFileSync(fileURLToPath(new URL("../../../README.md", import.meta.url)), "utf8");
let app: string;

beforeAll(async () => {
  app = join(inject("scratch"), "playwright-next-app");
  const blocks = codeBlocks(readme, "README.md");
  addBlocks(app, sectionBlocks(blocks, "Next.js"));
  expect(addBlocks(app, sectionBlocks(blocks, "Test your integration")).sort()).toEqual([
    "e2e/members.spec.ts",
    "playwright.config.ts",
  ]);
  const [emulatorPort, appPort] = [await freePort(), await freePort()];
  const config = join(app, "playwright.config.ts");
  writeFileSync(
    config,
    readFileSync(config, "utf8")
      .replaceAll("4010", String(emulatorPort))
      .replaceAll("3000", String(appPort)),
  );
});

it("the README's playwright.config.ts and spec pass in Chromium: one click, a refused 15-year-old, a verified page", () => {
  let output = "";
  try {
    output = execFileSync(
      join(app, "node_modules/.bin/playwright"),
      ["test", "--reporter=line", "--workers=1"],
      {
        cwd: app,
        env: userEnv({ CHROMIUM_PATH: CHROMIUM, CI: "1" }),
        encoding: "utf8",
        stdio: "pipe",
        timeout: 400_000,
      },
    );
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`playwright test failed:\n${stdout ?? ""}${stderr ?? ""}`);
  }
  expect(output).toMatch(/3 passed/);
}, 420_000);
