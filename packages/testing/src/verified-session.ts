import type { TestIdentity } from "@credport/mock/wallet";
import { isPlaywrightPage, type PageLike } from "./page-like.js";
import { type PageWallet, wallet } from "./page-wallet.js";
import type { TestEmulator } from "./test-emulator.js";
import { CredportTestingError } from "./testing-error.js";

const SETTLE_MS = 3_000;

/** Options of {@link verifiedSession}. */
export interface VerifiedSessionOptions {
  /** The app's verification page: a path (against Playwright's `baseURL`) or a URL. Default `/verify`. */
  verifyUrl?: string | undefined;
  /** The emulator, for the failure report. */
  emulator?: TestEmulator | undefined;
  /** The holder's identity instead of the test identity (see `PresentInPageOptions.claims`). */
  claims?: Partial<TestIdentity> | undefined;
  /** The session cookie's name: default any cookie whose name ends in `credport_session`. */
  cookieName?: string | RegExp | undefined;
  /** How long to wait for the page to start, and for the session to be written (default 15 s each). */
  timeout?: number | undefined;
}

/**
 * A verified session for a page in one call, for tests that are not about verification: it opens
 * the app's own verification page, lets the test wallet present there through the page's link
 * (the emulator checks it as any presentation), and waits until the app has written its session
 * cookie (and for the page's own navigation after it, up to 3 s). No secret in the test, no
 * cookie made up: the app's own routes write it.
 * Playwright pages only (the session cookie is read from the browser context).
 */
export async function verifiedSession(
  page: PageLike,
  options: VerifiedSessionOptions = {},
): Promise<{ verificationId: string | undefined; wallet: PageWallet }> {
  if (!isPlaywrightPage(page))
    throw new CredportTestingError(
      "invalid_option",
      "@credport/testing: verifiedSession() needs a Playwright page (it reads the session cookie from the browser context); with another driver, open the verification page and call wallet(page).present().",
    );
  const timeout = options.timeout ?? 15_000;
  const name = options.cookieName ?? /credport_session$/;
  const onPage = wallet(page, {
    timeout,
    ...(options.emulator ? { emulator: options.emulator } : {}),
  });
  await page.goto(options.verifyUrl ?? "/verify");
  const { verificationId } = await onPage.present({
    via: "link",
    ...(options.claims ? { claims: options.claims } : {}),
  });
  const deadline = Date.now() + timeout;
  for (;;) {
    const cookies = await page.context().cookies();
    if (cookies.some((c) => (typeof name === "string" ? c.name === name : name.test(c.name)))) {
      // Most verification pages move on once the session is written: let that navigation land,
      // so that the test's next page.goto() is not cut short by it.
      const at = String(await page.url());
      await page
        .waitForURL((url) => url.href !== at, { timeout: SETTLE_MS, waitUntil: "load" })
        .catch(() => {});
      return { verificationId, wallet: onPage };
    }
    if (Date.now() >= deadline)
      throw new CredportTestingError(
        "session_not_written",
        `@credport/testing: verifiedSession() waited ${timeout} ms after the wallet presented for the app to write its session cookie (${String(name)}) and none came. Did the verification fail (see below), or does the app name its cookie otherwise (cookieName)?`,
        { report: await onPage.report() },
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
