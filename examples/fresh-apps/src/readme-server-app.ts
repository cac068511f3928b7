import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { launchChromiumBrowser as launchChromium } from "@credport/test-browsers";
import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import { addBlocks, startEmulatorWithEnvFile, walletOver18 } from "./newcomer-steps.js";
import { freePort, type Started, start, userEnv } from "./processes.js";
import { ROOT_README } from "./readme-app.js";
import { codeBlocks, sectionBlocks } from "./readme-blocks.js";

/** A server-rendered app made from one README section, built and served as the README says. */
export interface ReadmeServerApp {
  url: string;
  /** The CREDPORT_* variables the emulator wrote to the app's `.env.local`. */
  env: Record<string, string>;
  browser: Browser;
  stop(): Promise<void>;
}

export interface ReadmeServerAppOptions {
  /** The fixture's folder in the scratch workspace, e.g. `react-router-app`. */
  app: string;
  /** The README heading whose code blocks are the app's files. */
  section: string;
  /** The files those blocks must add, sorted: a renamed or lost block fails here. */
  files: string[];
  /** The build: a binary of the app's `node_modules/.bin` and its arguments. */
  build: [string, ...string[]];
  /** Type-check the app after the build (when the build generates types the blocks need). */
  typecheckAfterBuild?: boolean;
  /** The marker (`<!-- name -->`) above the README's `node …` command that serves the build. */
  serveMarker: string;
  /** What the server prints once it listens. */
  ready: RegExp;
}

/** The README's `node …` command under `<!-- marker -->`, as arguments to Node. */
function serveCommand(readme: string, marker: string): string[] {
  const match = new RegExp(`<!-- ${marker} -->\\n\`\`\`sh\\n(node .+)\\n\`\`\``).exec(readme);
  if (!match) throw new Error(`README.md: no ${marker} command block`);
  return match[1]!.split(/\s+/).slice(1);
}

/**
 * Adds the section's blocks to the fixture, writes `.env.local` with the emulator's CLI, builds,
 * serves the build with the README's own command on a free port, and opens Chromium.
 */
export async function startReadmeServerApp(
  scratch: string,
  options: ReadmeServerAppOptions,
): Promise<ReadmeServerApp> {
  const app = join(scratch, options.app);
  const readme = readFileSync(ROOT_README, "utf8");
  const files = addBlocks(app, sectionBlocks(codeBlocks(readme, "README.md"), options.section));
  expect(files.sort()).toEqual(options.files);
  const running: Started[] = [];
  const stop = async () => {
    await browser?.close();
    await Promise.all(running.map((process) => process.stop()));
  };
  let browser: Browser | undefined;
  try {
    const emulator = await startEmulatorWithEnvFile(app, ["--public-prefix", "VITE_"]);
    running.push(emulator.emulator);
    const [bin, ...args] = options.build;
    execFileSync(join(app, "node_modules/.bin", bin), args, {
      cwd: app,
      env: userEnv({ NODE_ENV: "production" }),
      stdio: "pipe",
    });
    if (options.typecheckAfterBuild)
      execFileSync(join(app, "node_modules/.bin/tsc"), ["-p", "."], { cwd: app, stdio: "pipe" });
    const port = await freePort();
    running.push(
      await start(process.execPath, serveCommand(readme, options.serveMarker), {
        cwd: app,
        env: { PORT: String(port), NODE_ENV: "production" },
        ready: options.ready,
      }),
    );
    browser = await launchChromium();
    return { url: `http://localhost:${port}`, env: emulator.env, browser, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Presents the over-18 test wallet through the gate's link, once its QR code shows. */
export async function presentThroughLink(page: Page, env: Record<string, string>): Promise<void> {
  await page.getByRole("img", { name: "Scan with your wallet to verify" }).waitFor();
  const wallet = await walletOver18(env);
  await wallet.present(
    (await page.getByRole("link", { name: "Open your wallet" }).getAttribute("href"))!,
  );
}

/** The page's path and query. */
export const pathOf = (page: Page) =>
  `${new URL(page.url()).pathname}${new URL(page.url()).search}`;
