import { randomToken } from "@credport/mock/engine";
import { createTestWallet, type TestWallet } from "@credport/mock/wallet";
import { parse, serialize } from "cookie";

export const WALLET_COOKIE = "credport_test_wallet";
/** Browser wallets kept in memory; the least recently used one goes first. */
const KEPT = 200;
const COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

/** A message shown once, on the page a wallet action redirects to. */
export interface Flash {
  tone: "ok" | "bad" | "info";
  title: string;
  text?: string;
  /** Text to copy from the page: the DC API answer, as `get()` would resolve with it (JSON). */
  copy?: string;
}

export interface WalletSession {
  id: string;
  wallet: TestWallet;
  /** The message the next page shows, cleared once shown. */
  flash?: Flash | undefined;
}

/**
 * One {@link TestWallet} per browser, found by an HttpOnly cookie: the wallet page's face of the
 * same wallet that tests script. Its fetch reaches the emulator's public protocol endpoints.
 */
export class WalletSessions {
  private readonly sessions = new Map<string, Promise<WalletSession>>();

  /** `trustedRoot`: the test CA root the wallets pin (this emulator's own, never fetched). */
  constructor(
    private readonly walletFetch: typeof fetch,
    private readonly trustedRoot: () => Promise<string>,
  ) {}

  /** This browser's wallet, made on its first visit; `setCookie` is set when the cookie is new. */
  async of(
    request: Request,
    cookiePath: string,
  ): Promise<{ session: WalletSession; setCookie?: string }> {
    const id = parse(request.headers.get("cookie") ?? "")[WALLET_COOKIE];
    const existing = id ? this.sessions.get(id) : undefined;
    if (id && existing) {
      // Most recently used last.
      this.sessions.delete(id);
      this.sessions.set(id, existing);
      return { session: await existing };
    }
    return this.create(cookiePath);
  }

  /** A new, empty wallet for this browser (the page's "Start over"). */
  async create(cookiePath: string): Promise<{ session: WalletSession; setCookie: string }> {
    const id = randomToken(32);
    const session = this.trustedRoot()
      .then((root) => createTestWallet({ fetch: this.walletFetch, trustedRoots: [root] }))
      .then((wallet) => ({
        id,
        wallet,
      }));
    this.sessions.set(id, session);
    if (this.sessions.size > KEPT) this.sessions.delete(this.sessions.keys().next().value!);
    const setCookie = serialize(WALLET_COOKIE, id, {
      httpOnly: true,
      sameSite: "lax",
      path: cookiePath || "/",
      maxAge: COOKIE_MAX_AGE_S,
    });
    return { session: await session, setCookie };
  }

  forget(id: string): void {
    this.sessions.delete(id);
  }
}
