// Issue 28, bench item: the wall remembers the seals it has opened, so that a protected app's
// every request does not pay iron's key derivations. What the memory must never weaken: expiry
// (the session's and iron's own) and the user binding are checked on every request against the
// clock, a secret dropped from the keyring refuses its cookies at once, a tampered cookie is
// refused, and a flood of valid cookies does not grow the memory without bound.
import { createCredportMiddleware, getVerifiedSession } from "@credport/session";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sessionKeyring } from "../src/config/session-secrets.js";
import { OPENED_SEALS_MAX, openedSealCount } from "../src/cookies/opened-seals.js";
import { sealVerifiedSession, type VerifiedSession } from "../src/cookies/verified-session.js";

const A = "a".repeat(32);
const B = "b".repeat(32);
const C = "c".repeat(32);
const APP = "https://app.test";
const COOKIE = "__Host-credport_session";

afterEach(() => {
  vi.useRealTimers();
});

function session(overrides: Partial<VerifiedSession> = {}): VerifiedSession {
  const now = Date.now();
  return {
    verificationId: `ver_${Math.random().toString(36).slice(2)}`,
    policyId: "preset_age_over_18",
    verifiedAt: new Date(now).toISOString(),
    expiresAt: new Date(now + 3_600_000).toISOString(),
    claims: { age_over_18: true },
    ...overrides,
  };
}
const seal = (secrets: string[], value = session(), ttlSeconds = 3600) =>
  sealVerifiedSession(value, sessionKeyring(secrets), ttlSeconds);

const page = (cookie: string) =>
  new Request(`${APP}/members`, { headers: { cookie: `${COOKIE}=${cookie}` } });
const passes = async (cookie: string, sessionSecret: string[]) =>
  (await createCredportMiddleware({ protect: ["/members"], signInPath: "/verify", sessionSecret })(
    page(cookie),
  )) === undefined;

/** Only `Date` is faked: WebCrypto's promises still settle. */
const setClock = (ms: number) => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(ms);
};

describe("the memory of opened seals", () => {
  it("an expired session is refused even when it was opened a moment before", async () => {
    const now = Date.now();
    const cookie = await seal([A], session({ expiresAt: new Date(now + 1_000).toISOString() }));
    expect(await passes(cookie, [A])).toBe(true);
    expect(await passes(cookie, [A])).toBe(true);
    setClock(now + 1_001);
    expect(await passes(cookie, [A])).toBe(false);
    expect(await getVerifiedSession(page(cookie), { sessionSecret: [A] })).toBeNull();
  });

  it("a seal past iron's own ttl is refused even when it was opened a moment before", async () => {
    // The session says an hour; the seal says 1 s (iron allows 60 s of clock skew past it).
    const now = Date.now();
    const cookie = await seal([A], session(), 1);
    expect(await passes(cookie, [A])).toBe(true);
    setClock(now + 1_000 + 59_000);
    expect(await passes(cookie, [A])).toBe(true);
    setClock(now + 1_000 + 61_000);
    expect(await passes(cookie, [A])).toBe(false);
  });

  it("a secret dropped from the keyring refuses its cookies at once", async () => {
    const cookie = await seal([A]);
    expect(await passes(cookie, [B, A])).toBe(true);
    expect(await passes(cookie, [C, B, A])).toBe(true);
    expect(await passes(cookie, [B])).toBe(false);
    expect(await passes(cookie, [C, B])).toBe(false);
    expect(await getVerifiedSession(page(cookie), { sessionSecret: [B] })).toBeNull();
    // …and a keyring that still holds it still opens it.
    expect(await passes(cookie, [B, A])).toBe(true);
  });

  it("a tampered copy of a seal just opened is refused", async () => {
    const cookie = await seal([A]);
    expect(await passes(cookie, [A])).toBe(true);
    const parts = cookie.split("*");
    const flip = (s: string) => (s[0] === "A" ? "B" : "A") + s.slice(1);
    const spoiled = [
      `${cookie.slice(0, 20)}${cookie[20] === "x" ? "y" : "x"}${cookie.slice(21)}`,
      parts.map((p, i) => (i === 4 ? flip(p) : p)).join("*"),
      parts.map((p, i) => (i === 5 ? String(Number(p) + 1) : p)).join("*"),
      parts.map((p, i) => (i === 7 ? flip(p) : p)).join("*"),
      `${cookie}A`,
      cookie.slice(0, -1),
    ];
    for (const value of spoiled) expect(await passes(value, [A]), value.slice(-40)).toBe(false);
    expect(await passes(cookie, [A])).toBe(true);
  });

  it("the user binding is checked on every request", async () => {
    const cookie = await seal([A], session({ userRef: "user_1" }));
    const read = (userRef: string | undefined) =>
      getVerifiedSession(page(cookie), { sessionSecret: [A], userRef });
    expect((await read("user_1"))?.userRef).toBe("user_1");
    expect(await read("user_2")).toBeNull();
    expect(await read(undefined)).toBeNull();
    expect(await getVerifiedSession(page(cookie), { sessionSecret: [A] })).toBeNull();
    expect((await read("user_1"))?.userRef).toBe("user_1");
  });

  it("what a caller does to a session it read does not change the next read", async () => {
    const cookie = await seal([A], session({ claims: { address: { country: "FR" } } }));
    const first = await getVerifiedSession(page(cookie), { sessionSecret: [A] });
    (first!.claims.address as { country: string }).country = "XX";
    first!.expiresAt = new Date(Date.now() + 10 * 3_600_000).toISOString();
    const second = await getVerifiedSession(page(cookie), { sessionSecret: [A] });
    expect(second!.claims).toEqual({ address: { country: "FR" } });
    expect(Date.parse(second!.expiresAt)).toBeLessThan(Date.now() + 3_600_001);
  });

  it("stays bounded under a flood of distinct valid cookies, and evicted seals still open", async () => {
    const secrets = [C, A];
    const keyring = sessionKeyring(secrets);
    const cookies: string[] = [];
    for (let i = 0; i < OPENED_SEALS_MAX + 50; i++) cookies.push(await seal(secrets));
    for (const cookie of cookies) expect(await passes(cookie, secrets)).toBe(true);
    expect(openedSealCount(keyring, "session")).toBe(OPENED_SEALS_MAX);
    // The first ones were evicted: they open again, the long way.
    expect(await passes(cookies[0]!, secrets)).toBe(true);
    expect(openedSealCount(keyring, "session")).toBe(OPENED_SEALS_MAX);
  }, 30_000); // hundreds of seals made and opened: seconds of CPU on a busy 2-core machine

  it("refused cookies are not remembered", async () => {
    const secrets = [B, C];
    const keyring = sessionKeyring(secrets);
    const foreign = await seal([A]);
    const before = openedSealCount(keyring, "session");
    for (let i = 0; i < 20; i++)
      expect(await passes(`${foreign.slice(0, -3)}${i}~2`, secrets)).toBe(false);
    expect(await passes(foreign, secrets)).toBe(false);
    expect(openedSealCount(keyring, "session")).toBe(before);
  });
});
