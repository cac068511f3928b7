import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CHROMIUM } from "@credport/test-browsers";
import { addBlocks } from "./newcomer-steps.js";
import { freePort, userEnv } from "./processes.js";
import type { CodeBlock } from "./readme-blocks.js";

/**
 * A fresh app under `@playwright/test`, as the README's "Test your integration" sets one up: the
 * blocks given (its `playwright.config.ts` and spec) written into the app, each of the README's
 * ports in the config swapped for a free one (the one change a run on a shared machine needs),
 * then `npx playwright test` in Debian's Chromium (CHROMIUM_PATH, as the README's config reads
 * it). Resolves with what Playwright printed; throws with it when a test fails.
 */
export async function runPlaywrightApp(
  app: string,
  testBlocks: CodeBlock[],
  readmePorts: number[],
): Promise<string> {
  const written = addBlocks(app, testBlocks).sort();
  if (written.join() !== "e2e/members.spec.ts,playwright.config.ts")
    throw new Error(
      `README.md: expected a playwright.config.ts and an e2e/members.spec.ts, found ${written.join(", ")}`,
    );
  const config = join(app, "playwright.config.ts");
  let text = readFileSync(config, "utf8");
  for (const port of readmePorts) {
    if (!text.includes(String(port)))
      throw new Error(`README.md's playwright.config.ts no longer uses port ${port}`);
    text = text.replaceAll(String(port), String(await freePort()));
  }
  writeFileSync(config, text);
  try {
    return execFileSync(
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
}
