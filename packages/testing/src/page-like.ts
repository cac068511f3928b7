import type { CdpSessionLike } from "@credport/mock/wallet";

/**
 * What the kit needs of a page: Playwright's `Page` has all of it; a page of another driver
 * (WebDriver, Puppeteer) needs `evaluate`, `click` and `url` — it then answers through the link,
 * since the Digital Credentials API's virtual wallet is Chromium's, over CDP.
 */
export interface PageLike {
  // biome-ignore lint/suspicious/noExplicitAny: Playwright's overloads take any serializable argument.
  evaluate(pageFunction: (arg: any) => unknown, arg?: any): Promise<any>;
  click(selector: string): Promise<void>;
  url(): string | Promise<string>;
}

/** The parts of Playwright's `Response` the kit reads. */
interface ResponseLike {
  url(): string;
  status(): number;
  headers(): Record<string, string>;
  request(): { method(): string };
  json(): Promise<unknown>;
}

/** The parts of Playwright's `Page` beyond {@link PageLike} that the kit uses when present. */
export interface PlaywrightPageLike extends PageLike {
  on(event: "response", listener: (response: ResponseLike) => void): unknown;
  goto(url: string): Promise<unknown>;
  waitForURL(
    url: (url: URL) => boolean,
    options: { timeout: number; waitUntil: "load" },
  ): Promise<unknown>;
  context(): {
    newCDPSession(page: never): Promise<CdpSessionLike>;
    cookies(urls?: string | string[]): Promise<{ name: string; value: string }[]>;
    browser(): { browserType(): { name(): string } } | null;
  };
}

export function isPlaywrightPage(page: PageLike): page is PlaywrightPageLike {
  const candidate = page as Partial<PlaywrightPageLike>;
  return typeof candidate.on === "function" && typeof candidate.context === "function";
}

/** Chromium, where the virtual wallet answers `navigator.credentials.get()` (CDP). */
export function isChromium(page: PlaywrightPageLike): boolean {
  try {
    return page.context().browser()?.browserType().name() === "chromium";
  } catch {
    return false;
  }
}
