import { writeFile } from "node:fs/promises";
import { type Browser, chromium, type Page } from "playwright-core";
import type { BrowserEngine, BrowserSession, Tab } from "./driver.js";
import { requireExecutable } from "./executables.js";
import type { LaunchOptions } from "./launch-options.js";

export const CHROMIUM = "/usr/bin/chromium";

/** The flags Debian's Chromium needs here: root (no sandbox), no GPU, no network beyond loopback. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Debian's Chromium through playwright-core. Playwright gives every launch a fresh profile. */
export async function launchChromiumBrowser(options: LaunchOptions = {}): Promise<Browser> {
  requireExecutable(CHROMIUM, "chromium");
  return chromium.launch({
    executablePath: CHROMIUM,
    args: options.proxy
      ? [...CHROMIUM_ARGS, `--proxy-server=http://${options.proxy}`]
      : CHROMIUM_ARGS,
  });
}

export async function launchChromium(options: LaunchOptions = {}): Promise<BrowserEngine> {
  const browser = await launchChromiumBrowser(options);
  const version = browser.version();
  return {
    name: "chromium",
    label: `Chromium ${version}`,
    version,
    async newSession(): Promise<BrowserSession> {
      const context = await browser.newContext();
      return {
        async openTab(url) {
          const page = await context.newPage();
          if (url) await page.goto(url);
          return chromiumTab(page);
        },
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}

function chromiumTab(page: Page): Tab {
  return {
    goto: async (url) => void (await page.goto(url)),
    url: async () => page.url(),
    evaluate: (fn, arg) => page.evaluate(fn, arg as never),
    waitForFunction: async (fn, arg, options) =>
      void (await page.waitForFunction(fn, arg as never, { timeout: options?.timeout ?? 10_000 })),
    waitForSelector: async (selector, options) =>
      void (await page.waitForSelector(selector, { timeout: options?.timeout ?? 10_000 })),
    text: (selector) =>
      page.evaluate((s) => document.querySelector(s)?.textContent ?? null, selector),
    attribute: (selector, name) =>
      page.evaluate(([s, n]) => document.querySelector(s)?.getAttribute(n) ?? null, [
        selector,
        name,
      ] as const),
    click: (selector) => page.click(selector),
    cookies: async () =>
      (await page.context().cookies(page.url())).map((c) => ({
        name: c.name,
        value: c.value,
        domain: c.domain,
        path: c.path,
        httpOnly: c.httpOnly,
        sameSite: c.sameSite,
      })),
    screenshot: async (path) => void (await writeFile(path, await page.screenshot())),
    hide: () => Promise.reject(new Error("headless Chromium cannot hide a tab")),
    show: () => Promise.reject(new Error("headless Chromium cannot hide a tab")),
    close: () => page.close(),
  };
}
