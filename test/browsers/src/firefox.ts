import { writeFile } from "node:fs/promises";
import puppeteer, { type BrowserContext, type Page } from "puppeteer-core";
import type { BrowserEngine, BrowserSession, Tab } from "./driver.js";
import { requireExecutable } from "./executables.js";
import type { LaunchOptions } from "./launch-options.js";

export const FIREFOX = "/usr/bin/firefox-esr";

/**
 * Debian's Firefox ESR, headless, driven over WebDriver BiDi by puppeteer-core (which never
 * downloads a browser). Each session is a BiDi user context: its own cookies and storage.
 */
export async function launchFirefox(options: LaunchOptions = {}): Promise<BrowserEngine> {
  requireExecutable(FIREFOX, "firefox-esr");
  const [proxyHost, proxyPort] = options.proxy?.split(":") ?? [];
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX,
    headless: true,
    extraPrefsFirefox: options.proxy
      ? {
          "network.proxy.type": 1,
          "network.proxy.http": proxyHost,
          "network.proxy.http_port": Number(proxyPort),
        }
      : {},
  });
  const version = (await browser.version()).replace(/^firefox\//, "");
  return {
    name: "firefox",
    label: `Firefox ESR ${version}`,
    version,
    async newSession(): Promise<BrowserSession> {
      const context = await browser.createBrowserContext();
      return {
        async openTab(url) {
          const page = await context.newPage();
          if (url) await page.goto(url);
          return firefoxTab(context, page);
        },
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}

function firefoxTab(context: BrowserContext, page: Page): Tab {
  // A tab in front of this one hides it, as when a user switches tabs.
  let cover: Page | undefined;
  return {
    goto: async (url) => void (await page.goto(url)),
    url: async () => page.url(),
    evaluate: (fn, arg) => page.evaluate(fn, arg as never) as never,
    waitForFunction: async (fn, arg, options) =>
      void (await page.waitForFunction(fn, { timeout: options?.timeout ?? 10_000 }, arg as never)),
    waitForSelector: async (selector, options) =>
      void (await page.waitForSelector(selector, { timeout: options?.timeout ?? 10_000 })),
    text: (selector) =>
      page.evaluate((s) => document.querySelector(s)?.textContent ?? null, selector),
    attribute: (selector, name) =>
      page.evaluate((s, n) => document.querySelector(s)?.getAttribute(n) ?? null, selector, name),
    click: (selector) => page.click(selector),
    async cookies() {
      const { hostname } = new URL(page.url());
      return (await context.cookies())
        .filter((c) => c.domain.replace(/^\./, "") === hostname)
        .map((c) => ({
          name: c.name,
          value: c.value,
          domain: c.domain,
          path: c.path,
          httpOnly: Boolean(c.httpOnly),
          ...(c.sameSite ? { sameSite: c.sameSite } : {}),
        }));
    },
    screenshot: async (path) => void (await writeFile(path, await page.screenshot())),
    async hide() {
      await page.bringToFront();
      cover = await context.newPage();
    },
    async show() {
      await page.bringToFront();
      await cover?.close();
      cover = undefined;
    },
    async close() {
      await cover?.close();
      await page.close();
    },
  };
}
