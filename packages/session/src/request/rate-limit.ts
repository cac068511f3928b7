import type { StateStore } from "@credport/server";
import { cookieHeader, readCookies } from "../cookies/cookie-header.js";
import { browserCookie, pickCookie } from "../cookies/cookie-names.js";
import { addressGroup } from "./address-group.js";
import { clientAddress } from "./client-address.js";

/** One limit: at most `limit` starts per `windowSeconds` (a fixed window from the first start). */
export interface RateLimitRule {
  limit: number;
  windowSeconds?: number | undefined;
}

/** How starting verifications (`POST verifications`) is limited. */
export interface RateLimitOptions {
  /**
   * Per client address: the socket's (as the adapter or the app hands it on), or with
   * `trustProxy` the one the app's proxy forwarded. Default 10 per 60 s. `false`: none.
   */
  perAddress?: RateLimitRule | false | undefined;
  /**
   * IPv6 clients are counted per network of this many leading bits, since one home or phone is
   * given a whole /64 (some providers a /56: set `56`). An integer from 32 to 128; default 64.
   * IPv4 addresses count one by one.
   */
  ipv6PrefixLength?: number | undefined;
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
  ipv6PrefixLength: number;
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
 * address or a cookie as sent. An address counts as its group (see {@link addressGroup}). A
 * browser is its `credport_browser` cookie (a random ID), given on its first start: a client
 * that drops cookies is held by the per-address limit.
 *
 * The address is counted first, and a start it refuses counts nothing else: a refused start
 * never adds a key to the store (a script's fresh browser IDs would each add one). A new
 * address's counter, when the browser's limit then refuses, is taken back for the same reason.
 */
export async function checkRateLimit(
  request: Request,
  rule: ResolvedRateLimit,
  store: StateStore,
  secureCookies: boolean,
  remoteAddress?: string,
): Promise<RateLimitVerdict> {
  const verdict: RateLimitVerdict = {
    limited: false,
    retryAfterSeconds: 0,
    cookies: [],
  };
  const address = clientAddress(request, rule.trustProxy, remoteAddress);
  const group = address === undefined ? undefined : addressGroup(address, rule.ipv6PrefixLength);
  const count = async (key: string, limit: { limit: number; windowSeconds: number }) => {
    const { count, resetInMs } = await store.increment(key, limit.windowSeconds);
    if (count > limit.limit) {
      verdict.limited = true;
      verdict.retryAfterSeconds = Math.max(1, Math.ceil(resetInMs / 1000));
    }
    return count;
  };
  try {
    let addressKey: string | undefined;
    let addressCount = 0;
    if (rule.perAddress && group) {
      addressKey = `rate:address:${await sha256Hex(group)}`;
      addressCount = await count(addressKey, rule.perAddress);
      if (verdict.limited) return verdict;
    }
    if (rule.perBrowser) {
      const scope = browserCookie(secureCookies);
      let browser = pickCookie(readCookies(request), scope);
      if (!browser || !/^[0-9a-f]{32}$/.test(browser)) {
        // A browser seen for the first time. Not its address and User-Agent: behind one NAT, many
        // users share both, and the per-address limit already holds a client that drops cookies.
        browser = randomId();
        verdict.cookies.push(cookieHeader(scope.name, browser, { ...scope, maxAge: 365 * 86400 }));
      }
      await count(`rate:browser:${await sha256Hex(browser)}`, rule.perBrowser);
      if (verdict.limited && addressKey && addressCount === 1) await store.delete(addressKey);
    }
  } catch (error) {
    verdict.storeError = error ?? new Error("the state store failed");
  }
  return verdict;
}
