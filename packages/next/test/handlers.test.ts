import {
  createCredportHandlers,
  createCredportMiddleware,
  getVerifiedSession,
  isProtectedPath,
} from "@credport/next";
import { Credport, signWebhookPayload } from "@credport/server";
import { getResponse, HttpResponse, http } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testConfig } from "./support/config.js";
import { APP, BASE, SECRET, setUpMockService } from "./support/mock-service.js";
import { currentRequest } from "./support/next-headers.js";
import { TestBrowser } from "./support/test-browser.js";

vi.mock("next/headers", async () => (await import("./support/next-headers.js")).fakeNextHeaders);
vi.mock("next/server", async () => (await import("./support/next-headers.js")).fakeNextServer);

const service = setUpMockService();
const { model, project } = service;
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

let currentUser: string | undefined = "user-1";
const events: string[] = [];
const getUserRef = () => currentUser;
const config = testConfig(project, {
  getUserRef,
  webhook: {
    secret: project.webhookSecret,
    onEvent: (e: { type: string }) => void events.push(e.type),
  },
});
const handlers = createCredportHandlers(config);

class Browser extends TestBrowser {
  constructor() {
    super(handlers);
  }
}

const start = async (browser: Browser) => ({ verificationId: await browser.start() });
const verify = (id: string) => service.verify(id);
const resultCalls = service.resultCalls;

describe("configuration", () => {
  it("refuses a session secret shorter than 32 bytes at start-up", () => {
    expect(() => createCredportHandlers({ ...config, sessionSecret: "short" })).toThrow(
      /at least 32 random bytes/,
    );
    expect(() => createCredportHandlers({ ...config, sessionSecret: [SECRET, "short"] })).toThrow(
      /sessionSecret\[1\]/,
    );
  });
});

describe("creating a verification", () => {
  it("the server picks policy and user; a pending cookie binds the browser, HttpOnly, Secure, SameSite=Lax, __Host- (Path=/), ≤ 10 min, < 4 KB", async () => {
    const browser = new Browser();
    const created = await browser.send("POST", "verifications", {
      policyId: "preset_identity_basic",
      customerUserRef: "attacker",
    });
    expect(created.status).toBe(201);
    const record = model.verifications.findForProtocol(created.body.verificationId!)!;
    expect(record.policyId).toBe("preset_age_over_18");
    expect(record.customerUserRef).toBe("user-1");
    const cookie = browser.setCookies[0]!;
    expect(cookie).toMatch(new RegExp(`^__Host-credport_pending_${created.body.verificationId}=`));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/(;|$)/);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(Number(/Max-Age=(\d+)/.exec(cookie)![1])).toBeLessThanOrEqual(600);
    expect(cookie.length).toBeLessThan(4096);
    expect(cookie).not.toContain("user-1");
  });

  it("several pending verifications (tabs) keep their own cookies", async () => {
    const browser = new Browser();
    const a = await start(browser);
    const b = await start(browser);
    expect([...browser.jar.keys()].filter((k) => k.includes("credport_pending_"))).toHaveLength(2);
    verify(a.verificationId);
    verify(b.verificationId);
    expect(
      (await browser.send("POST", "session", { verificationId: a.verificationId })).status,
    ).toBe(200);
    expect(
      (await browser.send("POST", "session", { verificationId: b.verificationId })).status,
    ).toBe(200);
  });

  it("is not Secure in development (next dev on http://localhost)", async () => {
    vi.stubEnv("NODE_ENV", "development");
    const handlers = createCredportHandlers(config);
    const request = new Request("http://localhost:3000/api/credport/verifications", {
      method: "POST",
      headers: { origin: "http://localhost:3000" },
    });
    const response = await handlers.POST(request);
    expect(response.headers.getSetCookie()[0]).not.toMatch(/Secure/i);
  });
  it("passes on the emulator's test wallet link when the service gives one, and only then", async () => {
    const browser = new Browser();
    const live = await browser.send("POST", "verifications");
    expect(live.status).toBe(201);
    expect(Object.keys(live.body).sort()).toEqual([
      "authorizationRequestUri",
      "clientToken",
      "dcApiRequests",
      "expiresAt",
      "verificationId",
    ]);
    // The emulator in a test environment adds test_wallet_url to its answer; msw handlers do not.
    service.server.use(
      http.post(`${BASE}/v1/verifications`, async ({ request }) => {
        const original = (await getResponse(service.handlers, request))!;
        const body = (await original.json()) as Record<string, string>;
        const link = `${BASE}/wallet?uri=${encodeURIComponent(body.authorization_request_uri!)}`;
        return HttpResponse.json({ ...body, test_wallet_url: link }, { status: original.status });
      }),
    );
    const test = await browser.send("POST", "verifications");
    expect(test.status).toBe(201);
    expect(test.body.testWalletUrl).toBe(
      `${BASE}/wallet?uri=${encodeURIComponent(String(test.body.authorizationRequestUri))}`,
    );
  });
});

describe("finalizing the session", () => {
  it("with a matching pending cookie and a verified, signed result: a session cookie, the binding cleared", async () => {
    const browser = new Browser();
    const { verificationId } = await start(browser);
    verify(verificationId);
    const done = await browser.send("POST", "session", { verificationId });
    expect(done).toMatchObject({ status: 200, body: { verified: true } });
    expect(browser.jar.has("__Host-credport_session")).toBe(true);
    expect(browser.jar.has(`__Host-credport_pending_${verificationId}`)).toBe(false);
    const middleware = createCredportMiddleware({
      protect: ["/members"],
      signInPath: "/verify",
      sessionSecret: SECRET,
      getUserRef,
    });
    const request = new Request(`${APP}/members`, {
      headers: { cookie: `__Host-credport_session=${browser.jar.get("__Host-credport_session")}` },
    });
    expect(await middleware(request)).toBeUndefined();
  });

  it.each([
    ["no pending cookie", (b: Browser) => b.jar.clear()],
    [
      "a tampered cookie",
      (b: Browser) => {
        for (const [k, v] of b.jar) b.jar.set(k, `${v.slice(0, -4)}AAAA`);
      },
    ],
    [
      "a cookie sealed with another secret",
      async (b: Browser, id: string) => {
        const other = createCredportHandlers({ ...config, sessionSecret: "o".repeat(32) });
        const response = await other.POST(
          new Request(`${APP}/api/credport/verifications`, {
            method: "POST",
            headers: { origin: APP },
          }),
        );
        const [pair] = response.headers.getSetCookie()[0]!.split(";");
        b.jar.clear();
        b.jar.set(`__Host-credport_pending_${id}`, pair!.slice(pair!.indexOf("=") + 1));
      },
    ],
    [
      "another verification's cookie",
      async (b: Browser, id: string) => {
        const value = b.jar.get(`__Host-credport_pending_${id}`)!;
        b.jar.clear();
        const other = await start(new Browser());
        b.jar.set(`__Host-credport_pending_${other.verificationId}`, value);
        b.jar.set(`__Host-credport_pending_${id}`, value.replace(/.$/, "x"));
      },
    ],
    [
      "another user",
      () => {
        currentUser = "user-2";
      },
    ],
  ])(
    "403 VERIFICATION_BINDING_REQUIRED with %s, and the service is not called",
    async (_, spoil) => {
      const browser = new Browser();
      const { verificationId } = await start(browser);
      verify(verificationId);
      await spoil(browser, verificationId);
      model.requestLog.length = 0;
      const res = await browser.send("POST", "session", { verificationId });
      currentUser = "user-1";
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("VERIFICATION_BINDING_REQUIRED");
      expect(resultCalls()).toBe(0);
      expect(browser.jar.has("__Host-credport_session")).toBe(false);
    },
  );

  it("an expired pending cookie no longer binds", async () => {
    const browser = new Browser();
    const { verificationId } = await start(browser);
    verify(verificationId);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 11 * 60 * 1000);
    const res = await browser.send("POST", "session", { verificationId });
    expect(res.body.code).toBe("VERIFICATION_BINDING_REQUIRED");
  });

  it("a replayed finalize is refused (the binding is spent)", async () => {
    const browser = new Browser();
    const { verificationId } = await start(browser);
    verify(verificationId);
    expect((await browser.send("POST", "session", { verificationId })).status).toBe(200);
    expect((await browser.send("POST", "session", { verificationId })).body.code).toBe(
      "VERIFICATION_BINDING_REQUIRED",
    );
  });

  it("a failed verification gives 409 and no session cookie", async () => {
    const browser = new Browser();
    const { verificationId } = await start(browser);
    model.verifications.applyTrigger(verificationId, "presentation_failed", {
      failureCode: "claims_missing",
    });
    const res = await browser.send("POST", "session", { verificationId });
    expect([res.status, res.body.code]).toEqual([409, "verification_not_verified"]);
    expect(browser.jar.has("__Host-credport_session")).toBe(false);
  });

  it("cross-site finalize and sign-out are refused", async () => {
    const browser = new Browser();
    const { verificationId } = await start(browser);
    verify(verificationId);
    const evil = { origin: "https://evil.example" };
    expect((await browser.send("POST", "session", { verificationId }, evil)).body.code).toBe(
      "cross_site_request",
    );
    expect(
      (await browser.send("DELETE", "session", undefined, { "sec-fetch-site": "cross-site" })).body
        .code,
    ).toBe("cross_site_request");
    expect((await browser.send("POST", "session", { verificationId })).status).toBe(200);
    expect((await browser.send("DELETE", "session")).status).toBe(200);
    expect(browser.jar.has("__Host-credport_session")).toBe(false);
  });

  it("keeps only the claims the app asked for in the session", async () => {
    const browser = new Browser();
    const { verificationId } = await start(browser);
    verify(verificationId);
    await browser.send("POST", "session", { verificationId });
    currentRequest.cookie = browser.cookieHeader();
    const session = (await getVerifiedSession({ sessionSecret: SECRET, userRef: "user-1" }))!;
    expect(session.claims).toEqual({ age_over_18: true });
    expect(Object.keys(session).sort()).toEqual([
      "claims",
      "expiresAt",
      "policyId",
      "userRef",
      "verificationId",
      "verifiedAt",
    ]);
  });
});

describe("protecting routes", () => {
  it.each([
    "/members",
    "/members/",
    "/members/page",
    "/members.json",
    "/MEMBERS",
    "/%6Dembers",
    "//members",
  ])("%s is protected", (path) => {
    expect(isProtectedPath(path, ["/members"])).toBe(true);
  });
  it.each(["/", "/membership", "/verify", "/public/members"])("%s is not", (path) => {
    expect(isProtectedPath(path, ["/members"])).toBe(false);
  });
  it("sends visitors without a session to the sign-in path", async () => {
    const middleware = createCredportMiddleware({
      protect: ["/members"],
      signInPath: "/verify",
      sessionSecret: SECRET,
    });
    const response = await middleware(new Request(`${APP}/members.json`));
    expect(response?.status).toBe(307);
    expect(response?.headers.get("location")).toBe(`${APP}/verify?redirect_url=%2Fmembers.json`);
  });
  it("keeps the protected page's query in redirect_url", async () => {
    const middleware = createCredportMiddleware({
      protect: ["/members"],
      signInPath: "/verify",
      sessionSecret: SECRET,
    });
    const response = await middleware(new Request(`${APP}/members?from=mail`));
    const location = new URL(response!.headers.get("location")!);
    expect(location.searchParams.get("redirect_url")).toBe("/members?from=mail");
  });
});

describe("webhooks", () => {
  it("verifies the raw body and hands the event over; refuses a bad signature", async () => {
    const credport = new Credport({ secretKey: project.secretKey, baseUrl: BASE });
    const v = await credport.verifications.create({ policyId: "preset_age_over_18" });
    await credport.verifications.cancel(v.id);
    const { payload, signature } = model.webhooks.events.at(-1)!;
    const ok = await handlers.POST(
      new Request(`${APP}/api/credport/webhooks`, {
        method: "POST",
        headers: { "webhook-signature": signature },
        body: payload,
      }),
    );
    expect(ok.status).toBe(204);
    expect(events).toContain("verification.canceled");
    const forged = await signWebhookPayload(payload, { secret: `whsec_${"x".repeat(32)}` });
    const bad = await handlers.POST(
      new Request(`${APP}/api/credport/webhooks`, {
        method: "POST",
        headers: { "webhook-signature": forged },
        body: payload,
      }),
    );
    expect(bad.status).toBe(400);
  });
});
