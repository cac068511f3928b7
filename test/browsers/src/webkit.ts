import { type ChildProcess, spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { Builder, By, Capabilities, type WebDriver } from "selenium-webdriver";
import type { BrowserEngine, BrowserSession, PageFunction, Tab } from "./driver.js";
import { requireExecutable } from "./executables.js";
import { freePort } from "./free-port.js";
import type { LaunchOptions } from "./launch-options.js";
import { pollUntil } from "./poll-until.js";
import { startVirtualDisplay } from "./virtual-display.js";

export const WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver";
export const MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

/**
 * WebKitGTK (the Safari engine family): Debian's WebKitWebDriver starts a MiniBrowser on a private
 * Xvfb display for each session (MiniBrowser has no headless mode), driven over WebDriver classic by
 * selenium-webdriver. Sessions are separate MiniBrowser processes with ephemeral storage; tabs are
 * windows, so that every open page stays visible until `hide()` minimizes it.
 */
export async function launchWebKit(options: LaunchOptions = {}): Promise<BrowserEngine> {
  requireExecutable(WEBKIT_DRIVER, "webkit2gtk-driver");
  requireExecutable(MINIBROWSER, "webkit2gtk-driver");
  const screen = await startVirtualDisplay();
  let driverProcess: ChildProcess | undefined;
  try {
    const port = await freePort();
    driverProcess = spawn(WEBKIT_DRIVER, [`--port=${port}`], {
      env: { ...process.env, DISPLAY: screen.display },
      stdio: "ignore",
    });
    const server = `http://127.0.0.1:${port}`;
    await pollUntil(async () => (await fetch(`${server}/status`).catch(() => undefined))?.ok, {
      timeout: 10_000,
      what: "WebKitWebDriver to listen",
    });
    const capabilities = new Capabilities({
      browserName: "MiniBrowser",
      "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation"] },
      ...(options.proxy
        ? {
            proxy: {
              proxyType: "manual",
              httpProxy: options.proxy,
              noProxy: ["localhost", "127.0.0.1"],
            },
          }
        : {}),
    });
    const newDriver = async () => {
      const driver = await new Builder().usingServer(server).withCapabilities(capabilities).build();
      await driver.manage().setTimeouts({ script: 30_000, pageLoad: 30_000 });
      return driver;
    };
    const first = await newDriver();
    const version = String((await first.getCapabilities()).get("browserVersion"));
    await first.quit();
    const owned = driverProcess;
    return {
      name: "webkit",
      label: `WebKitGTK ${version}`,
      version,
      newSession: async () => webkitSession(await newDriver()),
      async close() {
        owned.kill();
        screen.close();
      },
    };
  } catch (error) {
    driverProcess?.kill();
    screen.close();
    throw error;
  }
}

function webkitSession(driver: WebDriver): BrowserSession {
  // WebDriver classic talks to one window at a time: every command switches to its tab's window
  // first, so commands are queued one after another.
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => {});
    return run;
  };
  let initialWindow: Promise<string> | undefined = driver.getWindowHandle();
  let quit = false;

  return {
    async openTab(url) {
      const handle = await exclusive(async () => {
        // MiniBrowser starts with one window: the first tab uses it.
        const reused = await initialWindow;
        initialWindow = undefined;
        if (reused) {
          await driver.switchTo().window(reused);
          return reused;
        }
        await driver.switchTo().newWindow("window");
        return driver.getWindowHandle();
      });
      const tab = webkitTab(driver, handle, exclusive);
      if (url) await tab.goto(url);
      return tab;
    },
    async close() {
      if (quit) return;
      quit = true;
      await exclusive(() => driver.quit());
    },
  };
}

function webkitTab(
  driver: WebDriver,
  handle: string,
  exclusive: <T>(work: () => Promise<T>) => Promise<T>,
): Tab {
  const inTab = <T>(work: () => Promise<T>) =>
    exclusive(async () => {
      await driver.switchTo().window(handle);
      return work();
    });
  let restoreTo: { width: number; height: number } | undefined;

  function evaluate<R, A>(fn: PageFunction<A, R>, arg?: A): Promise<R> {
    return inTab(async () => {
      const outcome = (await driver.executeAsyncScript(
        `const done = arguments[arguments.length - 1];
         Promise.resolve().then(() => (${fn.toString()})(arguments[0])).then(
           (value) => done({ value: value === undefined ? null : value }),
           (error) => done({ error: String(error && error.stack || error) }));`,
        arg === undefined ? null : arg,
      )) as { value: R } | { error: string };
      if ("error" in outcome) throw new Error(`in the page: ${outcome.error}`);
      return (outcome.value ?? undefined) as R;
    });
  }

  return {
    goto: (url) => inTab(() => driver.get(url)),
    url: () => inTab(() => driver.getCurrentUrl()),
    evaluate,
    waitForFunction: (fn, arg, options) =>
      pollUntil(() => evaluate(fn, arg), {
        timeout: options?.timeout ?? 10_000,
        what: "a condition in the page",
      }),
    waitForSelector: (selector, options) =>
      pollUntil(() => evaluate((s) => document.querySelector(s) !== null, selector), {
        timeout: options?.timeout ?? 10_000,
        what: `an element matching ${selector}`,
      }),
    text: (selector) => evaluate((s) => document.querySelector(s)?.textContent ?? null, selector),
    attribute: (selector, name) =>
      evaluate(([s, n]) => document.querySelector(s)?.getAttribute(n) ?? null, [
        selector,
        name,
      ] as const),
    click: (selector) => inTab(() => driver.findElement(By.css(selector)).click()),
    cookies: () =>
      inTab(async () =>
        (await driver.manage().getCookies()).map((c) => ({
          name: c.name,
          value: c.value,
          domain: c.domain ?? "",
          path: c.path ?? "/",
          httpOnly: Boolean(c.httpOnly),
          ...(c.sameSite ? { sameSite: c.sameSite } : {}),
        })),
      ),
    screenshot: (path) =>
      inTab(async () => writeFile(path, Buffer.from(await driver.takeScreenshot(), "base64"))),
    hide: () =>
      inTab(async () => {
        const { width, height } = await driver.manage().window().getRect();
        restoreTo = { width, height };
        await driver.manage().window().minimize();
      }),
    show: () =>
      inTab(async () => {
        await driver
          .manage()
          .window()
          .setRect(restoreTo ?? { width: 1024, height: 768 });
      }),
    close: () => inTab(() => driver.close()),
  };
}
