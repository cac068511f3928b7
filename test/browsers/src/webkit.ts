import { spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { Agent } from "node:http";
import { Builder, By, Capabilities, type WebDriver } from "selenium-webdriver";
import type { BrowserEngine, BrowserSession, PageFunction, Tab } from "./driver.js";
import { requireExecutable } from "./executables.js";
import { freePort } from "./free-port.js";
import type { LaunchOptions } from "./launch-options.js";
import { pollUntil } from "./poll-until.js";
import { startVirtualDisplay } from "./virtual-display.js";
import { acquireWebKitLock } from "./webkit-lock.js";

export const WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver";
export const MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

/** Starting a session normally takes 1–3 s; see `startDriverSession` for why it is bounded. */
const SESSION_START_TIMEOUT_MS = 30_000;
const SESSION_START_ATTEMPTS = 3;

/**
 * WebKitGTK (the Safari engine family): Debian's WebKitWebDriver starts a MiniBrowser (which has no
 * headless mode), driven over WebDriver classic by selenium-webdriver. Each session has its own
 * Xvfb display, WebKitWebDriver and MiniBrowser, with ephemeral storage: nothing a session leaves
 * behind (a window, a browser instance still registered on the display) reaches the next one. Tabs
 * are windows, so every open page stays visible until `hide()` minimizes it.
 */
export async function launchWebKit(options: LaunchOptions = {}): Promise<BrowserEngine> {
  requireExecutable(WEBKIT_DRIVER, "webkit2gtk-driver");
  requireExecutable(MINIBROWSER, "webkit2gtk-driver");
  const capabilities = new Capabilities({
    browserName: "MiniBrowser",
    "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation"] },
    // No `noProxy` list: WebKitGTK 2.50's MiniBrowser copies it into its proxy settings without
    // the list's end marker and crashes at start now and then (SIGSEGV in g_strdupv under
    // webkit_network_proxy_settings_new), which WebKitWebDriver reports as a session that never
    // starts. Loopback through the proxy reaches the same loopback server, so nothing needs it.
    ...(options.proxy ? { proxy: { proxyType: "manual", httpProxy: options.proxy } } : {}),
  });
  const release = await acquireWebKitLock();
  const open = new Set<BrowserSession>();
  const newSession = async () => {
    const session = webkitSession(await startDriverSession(capabilities), () =>
      open.delete(session),
    );
    open.add(session);
    return session;
  };
  try {
    // The first session tells the version and serves the first `newSession()`.
    let spare: ReturnType<typeof newSession> | undefined = newSession();
    const version = await (await spare).version();
    return {
      name: "webkit",
      label: `WebKitGTK ${version}`,
      version,
      async newSession() {
        const reused = spare;
        spare = undefined;
        return reused ?? newSession();
      },
      async close() {
        await Promise.all([...open].map((session) => session.close()));
        release();
      },
    };
  } catch (error) {
    await Promise.all([...open].map((session) => session.close()));
    release();
    throw error;
  }
}

interface DriverSession {
  driver: WebDriver;
  /** Ends the session and stops its WebKitWebDriver, MiniBrowser and web processes. */
  stop(): Promise<void>;
}

/**
 * Starts a WebKitWebDriver in its own process group and a MiniBrowser session through it. When
 * MiniBrowser dies while starting, WebKitWebDriver never answers the new-session request: an
 * attempt is abandoned after a bound, its process group killed, and a fresh one tried.
 */
async function startDriverSession(capabilities: Capabilities): Promise<DriverSession> {
  const failures: string[] = [];
  for (let attempt = 1; attempt <= SESSION_START_ATTEMPTS; attempt++) {
    const port = await freePort();
    const screen = await startVirtualDisplay();
    const child = spawn(WEBKIT_DRIVER, [`--port=${port}`], {
      env: { ...process.env, DISPLAY: screen.display },
      stdio: "ignore",
      detached: true,
    });
    const kill = () => {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
      screen.close();
    };
    const server = `http://127.0.0.1:${port}`;
    try {
      const driver = await withTimeout(
        (async () => {
          await pollUntil(async () => (await fetch(`${server}/status`).catch(() => null))?.ok, {
            timeout: SESSION_START_TIMEOUT_MS,
            what: "WebKitWebDriver to listen",
          });
          const driver = await new Builder()
            .usingServer(server)
            .usingHttpAgent(new Agent({ keepAlive: false }))
            .withCapabilities(capabilities)
            .build();
          await driver.manage().setTimeouts({ script: 30_000, pageLoad: 30_000 });
          return driver;
        })(),
        SESSION_START_TIMEOUT_MS,
        `no session within ${SESSION_START_TIMEOUT_MS} ms`,
      );
      return {
        driver,
        async stop() {
          await withTimeout(driver.quit(), 5000, "quit").catch(() => {});
          kill();
        },
      };
    } catch (error) {
      kill();
      failures.push(`attempt ${attempt}: ${(error as Error).message}`);
    }
  }
  throw new Error(`WebKitWebDriver could not start a MiniBrowser session: ${failures.join("; ")}`);
}

function webkitSession(
  { driver, stop }: DriverSession,
  onClose: () => void,
): BrowserSession & { version(): Promise<string> } {
  // WebDriver classic talks to one window at a time: every command switches to its tab's window
  // first, so commands are queued one after another.
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => {});
    return run;
  };
  let initialWindowUsed = false;
  let quit = false;

  return {
    async openTab(url) {
      const handle = await exclusive(async () => {
        // MiniBrowser starts with one window: the first tab uses it.
        if (!initialWindowUsed) {
          initialWindowUsed = true;
          return driver.getWindowHandle();
        }
        await driver.switchTo().newWindow("window");
        return driver.getWindowHandle();
      });
      const tab = webkitTab(driver, handle, exclusive);
      if (url) await tab.goto(url);
      return tab;
    },
    async version() {
      return String((await driver.getCapabilities()).get("browserVersion"));
    },
    async close() {
      if (quit) return;
      quit = true;
      onClose();
      await exclusive(stop);
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

function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
