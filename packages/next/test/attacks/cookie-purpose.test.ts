// Issue 12, item 1: a cookie sealed for one purpose is never accepted for another, nor is any other
// seal made with the same secret (the app's own login cookie), nor a seal without an expiry.
import {
  createCredportHandlers,
  createCredportMiddleware,
  getVerifiedSession,
} from "@credport/next";
import { sealData } from "iron-session";
import { describe, expect, it, vi } from "vitest";
import { testConfig } from "../support/config.js";
import { SECRET, setUpMockService } from "../support/mock-service.js";
import { currentRequest } from "../support/next-headers.js";
import { pageRequest, TestBrowser } from "../support/test-browser.js";

vi.mock("next/headers", async () => (await import("../support/next-headers.js")).fakeNextHeaders);
vi.mock("next/server", async () => (await import("../support/next-headers.js")).fakeNextServer);

const service = setUpMockService();
const handlers = createCredportHandlers(testConfig(service.project));
const middleware = createCredportMiddleware({
  protect: ["/members"],
  signInPath: "/verify",
  sessionSecret: SECRET,
});

/** What the app does with this value as its session cookie: the wall and the server helper. */
async function readAsSession(value: string) {
  const cookie = `__Host-credport_session=${value}`;
  const gate = await middleware(pageRequest("/members", cookie));
  currentRequest.cookie = cookie;
  const session = await getVerifiedSession({ sessionSecret: SECRET });
  return { passesTheWall: gate === undefined, session };
}
const refused = { passesTheWall: false, session: null };

const sessionShaped = (extra: Record<string, unknown> = {}) => ({
  verificationId: "vrf_forged",
  policyId: "preset_age_over_18",
  verifiedAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  claims: { age_over_18: true },
  ...extra,
});

describe("cookie purpose confusion", () => {
  it("the pending binding cookie that anyone gets from POST verifications is not a session", async () => {
    const browser = new TestBrowser(handlers);
    const id = await browser.start();
    expect(await readAsSession(browser.jar.get(`__Host-credport_pending_${id}`)!)).toEqual(refused);
  });

  it("a session cookie is not a pending binding, so a session cannot renew itself", async () => {
    const browser = new TestBrowser(handlers);
    const id = await browser.start();
    service.verify(id);
    expect((await browser.send("POST", "session", { verificationId: id })).status).toBe(200);
    browser.jar.set(`__Host-credport_pending_${id}`, browser.jar.get("__Host-credport_session")!);
    browser.jar.delete("__Host-credport_session");
    service.model.requestLog.length = 0;
    const again = await browser.send("POST", "session", { verificationId: id });
    expect([again.status, again.body.code]).toEqual([403, "VERIFICATION_BINDING_REQUIRED"]);
    expect(service.resultCalls()).toBe(0);
    expect(browser.jar.has("__Host-credport_session")).toBe(false);
  });

  it("the app's own iron-session cookie, sealed with the same secret, opens nothing", async () => {
    const forged = await sealData(sessionShaped(), { password: SECRET });
    expect(await readAsSession(forged)).toEqual(refused);
    const asMap = await sealData(sessionShaped(), { password: { 1: SECRET } });
    expect(await readAsSession(asMap)).toEqual(refused);

    const browser = new TestBrowser(handlers);
    const id = await browser.start();
    service.verify(id);
    browser.jar.set(
      `__Host-credport_pending_${id}`,
      await sealData(
        {
          verificationId: id,
          policyId: "preset_age_over_18",
          expiresAt: sessionShaped().expiresAt,
        },
        { password: SECRET },
      ),
    );
    expect((await browser.send("POST", "session", { verificationId: id })).status).toBe(403);
  });

  it("a seal without an expiry is not a session that never expires", async () => {
    const { expiresAt: _, ...noExpiry } = sessionShaped();
    expect(await readAsSession(await sealData(noExpiry, { password: SECRET }))).toEqual(refused);
  });
});
