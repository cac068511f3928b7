/** The three browser engines the real-browser tests run in. */
export type EngineName = "chromium" | "firefox" | "webkit";

/** A function run in the page: serialized with `toString()`, so it may use only its argument. */
export type PageFunction<A, R> = (arg: A) => R | Promise<R>;

export interface BrowserCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  httpOnly: boolean;
  /** "Strict" | "Lax" | "None", as the engine reports it. */
  sameSite?: string;
}

/** One tab (or window, where the engine has no tabs) on one page. */
export interface Tab {
  goto(url: string): Promise<void>;
  url(): Promise<string>;
  /** Runs `fn(arg)` in the page and returns its (JSON-serializable) result. */
  evaluate<R, A = undefined>(fn: PageFunction<A, R>, arg?: A): Promise<R>;
  /** Resolves once `fn(arg)` returns a truthy value in the page. */
  waitForFunction<A = undefined>(
    fn: PageFunction<A, unknown>,
    arg?: A,
    options?: { timeout?: number },
  ): Promise<void>;
  /** Resolves once an element matches the CSS selector. */
  waitForSelector(selector: string, options?: { timeout?: number }): Promise<void>;
  /** Text content of the first element matching the selector, or null when none does. */
  text(selector: string): Promise<string | null>;
  attribute(selector: string, name: string): Promise<string | null>;
  /** A real click (the engine's input events) on the first element matching the selector. */
  click(selector: string): Promise<void>;
  /** The cookies of the page's site, HttpOnly ones included (what WebDriver classic can read). */
  cookies(): Promise<BrowserCookie[]>;
  /** A PNG of the visible viewport. */
  screenshot(path: string): Promise<void>;
  /**
   * Makes the page hidden (`document.visibilityState === "hidden"`) the way a user does: another tab
   * in front (Firefox) or a minimized window (WebKit). Only where `canHideTabs(engine)`.
   */
  hide(): Promise<void>;
  /** Brings the page back to visible after `hide()`. */
  show(): Promise<void>;
  close(): Promise<void>;
}

/** An isolated profile (cookies, storage, locks) in which tabs are opened. */
export interface BrowserSession {
  /** Opens a new tab, optionally navigating it. */
  openTab(url?: string): Promise<Tab>;
  close(): Promise<void>;
}

/** A launched browser. One per test file: sessions are cheap, launches are not. */
export interface BrowserEngine {
  name: EngineName;
  /** What the README's table says, e.g. "Firefox ESR 153.7.0". */
  label: string;
  version: string;
  newSession(): Promise<BrowserSession>;
  close(): Promise<void>;
}
