import type { StateStore } from "@credport/server";
import { cookieHeader, readCookies } from "../cookies/cookie-header.js";
import { browserCookie, pickCookie } from "../cookies/cookie-names.js";
import { clientAddress } from "./client-address.js";

/** One limit: at most `limit` starts per `windowSeconds` (a fixed window from the first start). */
export interface RateLimitRule {
  limit: number;
  windowSeconds?: number | undefined;
}

/** How starting verifications (`POST verifications`) is limited. */
export interface RateLimitOptions {
  /** Per client address (needs `trustProxy`). Default 10 per 60 s. `false`: none. */
  perAddress?: RateLimitRule | false | undefined;
  /** Per browser (its `credport_browser` cookie). Default 5 per 60 s. `false`: none. */
  perBrowser?: RateLimitRule | false | undefined;
  /**
   * When the state store fails: `"open"` (default) lets the start through and logs a warning (a
   * verification costs the service, not the app's safety); `"closed"` refuses it (503).
   */
  onStoreFailure?: "open" | "closed" | undefined;
}

export interface ResolvedRateLimit {
  perAddress: { limit: number; windowSeconds: number } | undefined;
  perBrowser: { limit: number; windowSeconds: number } | undefined;
  failOpen: boolean;
  trustProxy: number;
}

/** Why a start was refused, and when to try again. */
export interface RateLimitVerdict {
  limited: boolean;
  retryAfterSeconds: number;
  /** A browser cookie to set (a browser seen for the first time). */
  cookies: string[];
  /** What the state store threw, when it could not be asked. */
  storeError?: unknown;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest).slice(0, 16), (b) =>
    b.toString(16).padStart(2, "0"),
  ).join("");
}

const randomId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, "0"),
  ).join("");

/**
 * Counts this start against the per-address and per-browser limits. Keys hold hashes, never an
 * address or a cookie as sent. A browser is its `credport_browser` cookie (a random ID), given on
 * its first start: a client that drops cookies is held by the per-address limit only, so without
 * `trustProxy` it is not held here at all (the service's own limits still apply).
 */
export async function checkRateLimit(
  request: Request,
  rule: ResolvedRateLimit,
  store: StateStore,
  secureCookies: boolean,
): Promise<RateLimitVerdict> {
  const verdict: RateLimitVerdict = {
    limited: false,
    retryAfterSeconds: 0,
    cookies: [],
  };
  const address = clientAddress(request, rule.trustProxy);
  const counters: { key: string; limit: number; windowSeconds: number }[] = [];
  if (rule.perAddress && address)
    counters.push({ key: `rate:address:${await sha256Hex(address)}`, ...rule.perAddress });
  if (rule.perBrowser) {
    const scope = browserCookie(secureCookies);
    let browser = pickCookie(readCookies(request), scope);
    if (!browser || !/^[0-9a-f]{32}$/.test(browser)) {
      // A browser seen for the first time. Not its address and User-Agent: behind one NAT, many
      // users share both, and the per-address limit already holds a client that drops cookies.
      browser = randomId();
      verdict.cookies.push(cookieHeader(scope.name, browser, { ...scope, maxAge: 365 * 86400 }));
    }
    counters.push({ key: `rate:browser:${await sha256Hex(browser)}`, ...rule.perBrowser });
  }
  for (const counter of counters) {
    let count: number;
    let resetInMs: number;
    try {
      ({ count, resetInMs } = await store.increment(counter.key, counter.windowSeconds));
    } catch (error) {
      verdict.storeError = error ?? new Error("the state store failed");
      return verdict;
    }
    if (count > counter.limit) {
      verdict.limited = true;
      verdict.retryAfterSeconds = Math.max(
        verdict.retryAfterSeconds,
        Math.max(1, Math.ceil(resetInMs / 1000)),
      );
      // Refused: the next counter (a fresh browser's) is not created, so refused starts never grow the store.
      break;
    }
  }
  return verdict;
}
