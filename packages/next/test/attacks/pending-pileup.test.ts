// Issue 12, item 7: starting verifications over and over does not pile up pending cookies until
// every /api/credport request fails with 431.
import { createCredportHandlers } from "@credport/next";
import { describe, expect, it } from "vitest";
import { testConfig } from "../support/config.js";
import { setUpMockService } from "../support/mock-service.js";
import { TestBrowser } from "../support/test-browser.js";

const service = setUpMockService();

describe("pending cookies", () => {
  it("38 starts keep only the newest five bindings, and the newest still finalize", async () => {
    // The rate limit (5 starts a minute per browser) would stop this pile-up first; off here to
    // see what the cookies do on their own.
    const browser = new TestBrowser(
      createCredportHandlers(testConfig(service.project, { rateLimit: false })),
    );
    const ids: string[] = [];
    for (let i = 0; i < 38; i++) ids.push(await browser.start());
    expect(browser.pendingCookies().sort()).toEqual(
      ids
        .slice(-5)
        .map((id) => `__Host-credport_pending_${id}`)
        .sort(),
    );
    expect(browser.cookieHeader().length).toBeLessThan(4096);
    for (const id of ids.slice(-5)) service.verify(id);
    expect((await browser.send("POST", "session", { verificationId: ids.at(-1) })).status).toBe(
      200,
    );
    expect((await browser.send("POST", "session", { verificationId: ids.at(-5) })).status).toBe(
      200,
    );
  });

  it("maxPendingVerifications sets N; cookies that do not open are cleared as well", async () => {
    const browser = new TestBrowser(
      createCredportHandlers(testConfig(service.project, { maxPendingVerifications: 2 })),
    );
    browser.jar.set("__Host-credport_pending_vrf_junk", "junk");
    const ids = [await browser.start(), await browser.start(), await browser.start()];
    expect(browser.pendingCookies().sort()).toEqual(
      ids
        .slice(-2)
        .map((id) => `__Host-credport_pending_${id}`)
        .sort(),
    );
  });
});
