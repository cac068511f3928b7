// The wall's answers are true for one request only: no HTTP cache may keep them, and only a page
// load gets the redirect — the Next.js router keeps what its fetches got, redirect included.
import { createCredportMiddleware } from "@credport/next";
import { describe, expect, it } from "vitest";
import { SECRET } from "./support/mock-service.js";
import { pageRequest } from "./support/test-browser.js";

const middleware = createCredportMiddleware({
  protect: ["/members"],
  signInPath: "/verify",
  sessionSecret: SECRET,
});

describe("the middleware's answers without a session", () => {
  it("a page request: 307 to the sign-in path, Cache-Control: no-store", async () => {
    const response = (await middleware(pageRequest("/members")))!;
    expect(response.status).toBe(307);
    expect(new URL(response.headers.get("location")!).pathname).toBe("/verify");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it.each([
    [{ "sec-fetch-dest": "document", "sec-fetch-mode": "navigate" }],
    [{ "sec-fetch-dest": "iframe" }],
  ])("a page load (%j) is redirected", async (headers) => {
    const response = (await middleware(pageRequest("/members", "", headers)))!;
    expect(response.status).toBe(307);
  });

  it.each([
    // What the Next.js router's prefetches and navigations keep after Next strips RSC headers.
    [{ "next-url": "/verify", "sec-fetch-dest": "empty", "sec-fetch-mode": "cors" }],
    [{ "next-url": "/verify" }],
    [{ "sec-fetch-dest": "empty" }],
    // As sent (edge runtime, other hosts).
    [{ "next-router-prefetch": "1", rsc: "1" }],
    [{ rsc: "1" }],
    // The browser's own prefetch and prerender.
    [{ "sec-purpose": "prefetch", "sec-fetch-dest": "document" }],
    [{ "sec-purpose": "prefetch;prerender", "sec-fetch-dest": "document" }],
    [{ purpose: "prefetch" }],
  ])("a fetch or prefetch (%j): 401 no-store, never the redirect", async (headers) => {
    const response = (await middleware(pageRequest("/members", "", headers)))!;
    expect(response.status).toBe(401);
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toMatchObject({ code: "verified_session_required" });
  });
});
