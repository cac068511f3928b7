import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, inject, it } from "vitest";
import { addBlocks } from "../src/newcomer-steps.js";
import { runPlaywrightApp } from "../src/playwright-app.js";
import { codeBlocks, sectionBlocks } from "../src/readme-blocks.js";

// A fresh Next.js app made of the root README's Next.js files, tested as the README's "Test your
// integration" says: its playwright.config.ts and spec, @credport/testing from the packed tarball,
// `npx playwright test` in Debian's Chromium.
const readme = readFileSync(fileURLToPath(new URL("../../../README.md", import.meta.url)), "utf8");

it("the README's playwright.config.ts and spec pass in Chromium: one click, a refused 15-year-old, a verified page", async () => {
  const app = join(inject("scratch"), "playwright-next-app");
  const blocks = codeBlocks(readme, "README.md");
  addBlocks(app, sectionBlocks(blocks, "Next.js"));
  const output = await runPlaywrightApp(
    app,
    sectionBlocks(blocks, "Test your integration"),
    [4010, 3000],
  );
  expect(output).toMatch(/3 passed/);
}, 420_000);
