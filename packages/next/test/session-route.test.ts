import { createCredportHandlers } from "@credport/next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testConfig } from "./support/config.js";
import { setUpMockService } from "./support/mock-service.js";
import { SESSION_COOKIE, TestBrowser } from "./support/test-browser.js";

vi.mock("next/headers", async () => (await import("./support/next-headers.js")).fakeNextHeaders);
vi.mock("next/server", async () => (await import("./support/next-headers.js")).fakeNextServer);

const service = setUpMockService();
afterEach(() => vi.useRealTimers());

let currentUser: string | undefined = "user-1";
const handlers = createCredportHandlers(
  testConfig(service.project, { getUserRef: () => currentUser }),
);

async function verifiedBrowser(): Promise<TestBrowser> {
  const browser = new TestBrowser(handlers);
  const verificationId = await browser.start();
  service.verify(verificationId);
  const done = await browser.send("POST", "session", { verificationId });
  expect(done.status).toBe(200);
  return browser;
}

describe("GET session: whether this browser holds a verified session", () => {
  it("answers { verified: false } without a session, no-store", async () => {
    const res = await new TestBrowser(handlers).send("GET", "session");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ verified: false });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("answers { verified: true, expiresAt } with a session, and nothing of its contents", async () => {
    const browser = await verifiedBrowser();
    const res = await browser.send("GET", "session");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["expiresAt", "verified"]);
    expect(res.body.verified).toBe(true);
    expect(Date.parse(String(res.body.expiresAt))).toBeGreaterThan(Date.now());
    const text = JSON.stringify(res.body);
    for (const leak of ["age_over_18", "user-1", "preset_age_over_18", "verificationId"])
      expect(text).not.toContain(leak);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("is false after sign-out", async () => {
    const browser = await verifiedBrowser();
    expect((await browser.send("DELETE", "session")).status).toBe(200);
    expect((await browser.send("GET", "session")).body).toEqual({ verified: false });
  });

  it("is false for another user of the app (getUserRef), and for no user", async () => {
    const browser = await verifiedBrowser();
    try {
      currentUser = "user-2";
      expect((await browser.send("GET", "session")).body).toEqual({ verified: false });
      currentUser = undefined;
      expect((await browser.send("GET", "session")).body).toEqual({ verified: false });
    } finally {
      currentUser = "user-1";
    }
    expect((await browser.send("GET", "session")).body.verified).toBe(true);
  });

  it("is false once the session expired, and for a tampered cookie", async () => {
    const browser = await verifiedBrowser();
    const value = browser.jar.get(SESSION_COOKIE)!;
    browser.jar.set(SESSION_COOKIE, `${value.slice(0, -4)}AAAA`);
    expect((await browser.send("GET", "session")).body).toEqual({ verified: false });
    browser.jar.set(SESSION_COOKIE, value);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 13 * 60 * 60 * 1000);
    expect((await browser.send("GET", "session")).body).toEqual({ verified: false });
  });

  it("refuses a cross-site read", async () => {
    const browser = await verifiedBrowser();
    const res = await browser.send("GET", "session", undefined, { "sec-fetch-site": "cross-site" });
    expect([res.status, res.body.code]).toEqual([403, "cross_site_request"]);
  });
});
