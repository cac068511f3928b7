import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, inject, it } from "vitest";
import { runPlaywrightApp } from "../src/playwright-app.js";
import { ROOT_README, readmeReactApp, writeAppFile } from "../src/readme-app.js";
import { codeBlocks, sectionBlocks } from "../src/readme-blocks.js";

// A fresh Vite + React app with the root README's Express backend ("React with your own backend":
// server.mjs, src/main.tsx, vite.config.ts), tested as "Test your integration" says for that shape
// (its own playwright.config.ts and spec): @credport/testing from the packed tarball, the emulator
// and `vite build && node server.mjs` as webServers, `npx playwright test` in Debian's Chromium.

it("the README's Vite + Express config and spec pass in Chromium: the wall, the gate, one click, a refused 15-year-old, a verified page", async () => {
  const app = join(inject("scratch"), "playwright-vite-app");
  const react = readmeReactApp();
  writeAppFile(app, "server.mjs", react.server.express);
  writeAppFile(app, "src/main.tsx", react.main);
  writeAppFile(app, "vite.config.ts", react.viteConfig);
  const blocks = sectionBlocks(
    codeBlocks(readFileSync(ROOT_README, "utf8"), "README.md"),
    "Vite and Express, or Hono",
  );
  const output = await runPlaywrightApp(app, blocks, [4010, 3001]);
  expect(output).toMatch(/3 passed/);
}, 420_000);
