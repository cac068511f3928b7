import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";

/**
 * Debian's Chromium, headless, with the flags this machine needs (no network beyond loopback).
 * Playwright gives every launch a fresh temporary profile.
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Real-browser tests need Debian's Chromium at ${CHROMIUM}: apt-get install -y chromium`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
