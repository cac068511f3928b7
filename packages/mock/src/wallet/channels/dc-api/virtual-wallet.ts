import type { DigitalCredentialAnswer } from "./dc-api-answer.js";

/**
 * A Chrome DevTools Protocol session, as Playwright's `context.newCDPSession(page)` and
 * Puppeteer's `page.createCDPSession()` give it: only `send` is used, so the mock needs neither.
 */
export interface CdpSessionLike {
  send(method: string, params?: Record<string, unknown>): Promise<unknown>;
}

/** What Chromium's virtual wallet does with the page's next `navigator.credentials.get()`. */
export type VirtualWalletBehavior =
  | { action: "respond"; protocol: string; response: Record<string, unknown> }
  | { action: "decline" };

/**
 * Sets Chromium's virtual wallet (CDP `DigitalCredentials.setVirtualWalletBehavior`) so that the
 * page's real `navigator.credentials.get({ digital })` resolves with the test wallet's answer —
 * `{ protocol, data }` from {@link TestWallet.answerDcApiRequest}, signed and encrypted as a
 * wallet on the device makes it. Set it before the page calls `get()`: read the request the page
 * will make (for example from its start route's answer), let the test wallet answer it, then
 * call this, then click.
 */
export async function setVirtualWalletAnswer(
  cdp: CdpSessionLike,
  answer: DigitalCredentialAnswer,
): Promise<void> {
  await setVirtualWalletBehavior(cdp, {
    action: "respond",
    protocol: answer.protocol,
    response: answer.data,
  });
}

/** Makes the page's next `get()` reject with `NotAllowedError`, as when the holder declines. */
export async function declineInVirtualWallet(cdp: CdpSessionLike): Promise<void> {
  await setVirtualWalletBehavior(cdp, { action: "decline" });
}

/** The CDP command itself, for behaviours the two helpers above do not cover. */
export async function setVirtualWalletBehavior(
  cdp: CdpSessionLike,
  behavior: VirtualWalletBehavior,
): Promise<void> {
  await cdp.send("DigitalCredentials.setVirtualWalletBehavior", { ...behavior });
}
