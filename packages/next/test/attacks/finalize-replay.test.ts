// Security issue, item 7: one presentation, one session. Replaying the finalize request with the
// same pending cookie (one after the other, or all at once) mints no second session cookie.
import { createCredportHandlers, type StateStore } from "@credport/next";
import { createMemoryStateStore } from "@credport/server";
import { describe, expect, it } from "vitest";
import { testConfig } from "../support/config.js";
import { setUpMockService } from "../support/mock-service.js";
import { SESSION_COOKIE, TestBrowser } from "../support/test-browser.js";

const service = setUpMockService();
const handlers = createCredportHandlers(testConfig(service.project));

/** A verified verification and the Cookie header its browser would replay. */
async function verifiedPending(h = handlers) {
  const browser = new TestBrowser(h);
  const id = await browser.start();
  service.verify(id);
  return { id, cookie: browser.cookieHeader() };
}

/** What one replay gets: its status, code, and whether it carried a session cookie. */
async function finalizeWith(cookie: string, id: string, h = handlers) {
  const replay = new TestBrowser(h);
  const res = await replay.send("POST", "session", { verificationId: id }, { cookie });
  return { status: res.status, code: res.body.code, session: replay.jar.has(SESSION_COOKIE) };
}

describe("finalize replay", () => {
  it("12 finalizes with the same pending cookie, one after the other: one session", async () => {
    const { id, cookie } = await verifiedPending();
    const results = [];
    for (let i = 0; i < 12; i++) results.push(await finalizeWith(cookie, id));
    expect(results.filter((r) => r.session)).toHaveLength(1);
    expect(results[0]).toEqual({ status: 200, code: undefined, session: true });
    for (const r of results.slice(1))
      expect(r).toEqual({ status: 409, code: "verification_already_finalized", session: false });
  });

  it("12 finalizes with the same pending cookie at once: one session", async () => {
    const { id, cookie } = await verifiedPending();
    const results = await Promise.all(Array.from({ length: 12 }, () => finalizeWith(cookie, id)));
    expect(results.filter((r) => r.session)).toHaveLength(1);
    expect(results.filter((r) => r.code === "verification_already_finalized")).toHaveLength(11);
  });

  it("a finalize refused before the service said verified does not use up the verification", async () => {
    const browser = new TestBrowser(handlers);
    const id = await browser.start();
    const early = await browser.send("POST", "session", { verificationId: id });
    expect(early.status).toBe(409);
    expect(early.body.code).not.toBe("verification_already_finalized");
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false);
    service.verify(id);
    expect((await browser.send("POST", "session", { verificationId: id })).status).toBe(200);
  });

  it("two instances sharing a stateStore refuse each other's replays", async () => {
    const seen = new Map<string, number>();
    const counters = createMemoryStateStore();
    const shared: StateStore = {
      increment: (key, windowSeconds) => counters.increment(key, windowSeconds),
      delete: (key) => void seen.delete(key),
      markDone: () => {},
      isDone: () => false,
      async rememberOnce(key, ttlSeconds) {
        expect(ttlSeconds).toBeGreaterThan(0);
        expect(ttlSeconds).toBeLessThanOrEqual(600);
        if (seen.has(key)) return false;
        seen.set(key, ttlSeconds);
        return true;
      },
    };
    const a = createCredportHandlers(testConfig(service.project, { stateStore: shared }));
    const b = createCredportHandlers(testConfig(service.project, { stateStore: shared }));
    const { id, cookie } = await verifiedPending(a);
    expect((await finalizeWith(cookie, id, a)).session).toBe(true);
    expect(await finalizeWith(cookie, id, b)).toEqual({
      status: 409,
      code: "verification_already_finalized",
      session: false,
    });
    expect([...seen.keys()].some((k) => k.includes(id))).toBe(true);
  });

  it("a stateStore that fails refuses the session (fails closed: 503 state_store_unavailable, no cookie)", async () => {
    const down = async (): Promise<never> => {
      throw new Error("redis down");
    };
    const broken: StateStore = {
      rememberOnce: down,
      markDone: down,
      isDone: down,
      increment: down,
      delete: down,
    };
    const h = createCredportHandlers(testConfig(service.project, { stateStore: broken }));
    const { id, cookie } = await verifiedPending(h);
    const res = await finalizeWith(cookie, id, h);
    expect(res).toEqual({ status: 503, code: "state_store_unavailable", session: false });
  });
});
