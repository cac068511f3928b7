// Issue 12, item 4, and the review's blocked cross-user finalize: a verification and its session
// belong to the user who started it, checked on every read.
import {
  createCredportHandlers,
  createCredportMiddleware,
  getVerifiedSession,
} from "@credport/next";
import { describe, expect, it, vi } from "vitest";
import { testConfig } from "../support/config.js";
import { SECRET, setUpMockService } from "../support/mock-service.js";
import { currentRequest } from "../support/next-headers.js";
import { pageRequest, TestBrowser } from "../support/test-browser.js";

vi.mock("next/headers", async () => (await import("../support/next-headers.js")).fakeNextHeaders);
vi.mock("next/server", async () => (await import("../support/next-headers.js")).fakeNextServer);

const service = setUpMockService();
/** The app's signed-in user, as its auth would say it: a header stands in for its own session. */
const signedInUser = (request: Request) => request.headers.get("x-test-user") ?? undefined;
const handlers = createCredportHandlers(testConfig(service.project, { getUserRef: signedInUser }));
const middleware = createCredportMiddleware({
  protect: ["/members"],
  signInPath: "/verify",
  sessionSecret: SECRET,
  getUserRef: signedInUser,
});

const as = (user: string | undefined): Record<string, string> =>
  user ? { "x-test-user": user } : {};

async function aliceVerifies() {
  const browser = new TestBrowser(handlers);
  const created = await browser.send("POST", "verifications", {}, as("alice"));
  const id = created.body.verificationId!;
  service.verify(id);
  return { browser, id };
}

describe("binding to the app's user", () => {
  it("Bob cannot finalize Alice's verification, even with her pending cookie", async () => {
    const { browser, id } = await aliceVerifies();
    service.model.requestLog.length = 0;
    const res = await browser.send("POST", "session", { verificationId: id }, as("bob"));
    expect([res.status, res.body.code]).toEqual([403, "VERIFICATION_BINDING_REQUIRED"]);
    expect(service.resultCalls()).toBe(0);
    const signedOut = await browser.send("POST", "session", { verificationId: id }, as(undefined));
    expect(signedOut.status).toBe(403);
  });

  it("after Alice verifies and Bob signs in on the same browser, Bob does not pass", async () => {
    const { browser, id } = await aliceVerifies();
    expect(
      (await browser.send("POST", "session", { verificationId: id }, as("alice"))).status,
    ).toBe(200);
    const cookie = browser.cookieHeader();

    expect(await middleware(pageRequest("/members", cookie, as("alice")))).toBeUndefined();
    expect((await middleware(pageRequest("/members", cookie, as("bob"))))?.status).toBe(307);
    expect((await middleware(pageRequest("/members", cookie, as(undefined))))?.status).toBe(307);

    currentRequest.cookie = cookie;
    expect((await getVerifiedSession({ sessionSecret: SECRET, userRef: "alice" }))?.userRef).toBe(
      "alice",
    );
    expect(await getVerifiedSession({ sessionSecret: SECRET, userRef: "bob" })).toBeNull();
    expect(await getVerifiedSession({ sessionSecret: SECRET, userRef: undefined })).toBeNull();
    // A session bound to a user is not read without saying who the current user is.
    expect(await getVerifiedSession({ sessionSecret: SECRET })).toBeNull();
  });
});
