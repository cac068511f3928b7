// Security issue, item 9: a cookie name sent twice (a sibling subdomain can add one with
// Domain=, a longer Path puts it first) gets one decision: the wall and the page agree, and
// neither picks one of the two. Which one the app set is unknowable, so a repeated name reads as absent.
import {
  createCredportHandlers,
  createCredportMiddleware,
  getVerifiedSession,
} from "@credport/next";
import { describe, expect, it, vi } from "vitest";
import { testConfig } from "../support/config.js";
import { SECRET, setUpMockService } from "../support/mock-service.js";
import { currentRequest } from "../support/next-headers.js";
import {
  pageRequest,
  pendingCookie,
  SESSION_COOKIE,
  TestBrowser,
} from "../support/test-browser.js";

vi.mock("next/headers", async () => (await import("../support/next-headers.js")).fakeNextHeaders);
vi.mock("next/server", async () => (await import("../support/next-headers.js")).fakeNextServer);

const service = setUpMockService();
const handlers = createCredportHandlers(testConfig(service.project));
const middleware = createCredportMiddleware({
  protect: ["/members"],
  signInPath: "/verify",
  sessionSecret: SECRET,
});

async function verifiedSession(): Promise<string> {
  const browser = new TestBrowser(handlers);
  const id = await browser.start();
  service.verify(id);
  expect((await browser.send("POST", "session", { verificationId: id })).status).toBe(200);
  return browser.jar.get(SESSION_COOKIE)!;
}

/** The wall's and the page's decisions for one Cookie header. */
async function decisions(cookie: string) {
  const wall = (await middleware(pageRequest("/members", cookie))) === undefined;
  currentRequest.cookie = cookie;
  const page = (await getVerifiedSession({ sessionSecret: SECRET })) !== null;
  return { wall, page };
}

describe("a session cookie name sent twice", () => {
  it("one session alone passes both (the harness works)", async () => {
    expect(await decisions(`${SESSION_COOKIE}=${await verifiedSession()}`)).toEqual({
      wall: true,
      page: true,
    });
  });

  it.each([
    ["valid first", (v: string) => [v, "Fe26.2**1*a*b*c*d*e*f~2"]],
    ["valid last", (v: string) => ["Fe26.2**1*a*b*c*d*e*f~2", v]],
    ["valid first, empty", (v: string) => [v, ""]],
    ["valid last, empty", (v: string) => ["", v]],
  ])("one valid, one not (%s): the wall and the page both refuse", async (_, order) => {
    const cookie = order(await verifiedSession())
      .map((value) => `${SESSION_COOKIE}=${value}`)
      .join("; ");
    expect(await decisions(cookie)).toEqual({ wall: false, page: false });
  });

  it("two valid sessions (the victim's and a tossed one): both refuse", async () => {
    const [mine, tossed] = [await verifiedSession(), await verifiedSession()];
    for (const cookie of [
      `${SESSION_COOKIE}=${mine}; ${SESSION_COOKIE}=${tossed}`,
      `${SESSION_COOKIE}=${tossed}; ${SESSION_COOKIE}=${mine}`,
    ])
      expect(await decisions(cookie)).toEqual({ wall: false, page: false });
  });

  it("other cookies around the session do not matter", async () => {
    const cookie = `a=1; ${SESSION_COOKIE}=${await verifiedSession()}; b=2; a=3`;
    expect(await decisions(cookie)).toEqual({ wall: true, page: true });
  });
});

describe("a pending cookie name sent twice", () => {
  it.each(["first", "last"])(
    "the genuine one %s: no status, no session, service not asked",
    async (where) => {
      const browser = new TestBrowser(handlers);
      const id = await browser.start();
      const other = new TestBrowser(handlers);
      const otherId = await other.start();
      service.verify(id);
      const genuine = `${pendingCookie(id)}=${browser.jar.get(pendingCookie(id))}`;
      const junk = `${pendingCookie(id)}=${other.jar.get(pendingCookie(otherId))}`;
      const cookie = where === "first" ? `${genuine}; ${junk}` : `${junk}; ${genuine}`;
      service.model.requestLog.length = 0;
      const status = await browser.send("GET", `verifications/${id}/status`, undefined, { cookie });
      const done = await browser.send("POST", "session", { verificationId: id }, { cookie });
      expect([status.status, done.status]).toEqual([403, 403]);
      expect(browser.jar.has(SESSION_COOKIE)).toBe(false);
      expect(service.serviceCalls()).toBe(0);
    },
  );
});
