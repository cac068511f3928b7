// The wall's answers are true for one request only: no HTTP cache may keep them, and a prefetch
// (which the Next.js router keeps, redirect included) never gets the redirect.
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
    [{ "next-router-prefetch": "1", rsc: "1" }],
    [{ "next-router-prefetch": "1", "next-router-segment-prefetch": "/_tree", rsc: "1" }],
    [{ "sec-purpose": "prefetch" }],
    [{ "sec-purpose": "prefetch;prerender" }],
    [{ purpose: "prefetch" }],
  ])("a prefetch (%j): an empty 204 no-store, never the redirect", async (headers) => {
    const response = (await middleware(pageRequest("/members", "", headers)))!;
    expect(response.status).toBe(204);
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toBe("");
  });

  it("a router navigation (RSC, not a prefetch) is redirected like a page", async () => {
    const response = (await middleware(pageRequest("/members", "", { rsc: "1" })))!;
    expect(response.status).toBe(307);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});
