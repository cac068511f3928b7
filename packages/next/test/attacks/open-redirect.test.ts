// Issue 14, "Return to where the user was": the middleware sends the original path and query to
// the sign-in page, and safeRedirectPath lets only relative paths back out.
import { createCredportMiddleware, safeRedirectPath } from "@credport/next";
import { describe, expect, it } from "vitest";
import {
  HOSTILE_RETURN_PATHS,
  SAFE_RETURN_PATHS,
} from "../../../core/test/support/hostile-return-paths.js";
import { APP, SECRET } from "../support/mock-service.js";
import { pageRequest } from "../support/test-browser.js";

describe("the way back after verification", () => {
  it("the middleware redirects to signInPath with redirect_url = the original path and query", async () => {
    const middleware = createCredportMiddleware({
      protect: ["/members"],
      signInPath: "/verify?lang=en",
      sessionSecret: SECRET,
    });
    const response = await middleware(pageRequest("/members/orders?page=2&sort=new"));
    const location = new URL(response!.headers.get("location")!);
    expect(location.origin).toBe(APP);
    expect(location.pathname).toBe("/verify");
    expect(location.searchParams.get("lang")).toBe("en");
    expect(location.searchParams.get("redirect_url")).toBe("/members/orders?page=2&sort=new");
  });

  it.each(["/members", "/members/orders?page=2", "/members#top", "/a/b/c?x=%2F%2Fevil.com"])(
    "keeps %s",
    (path) => {
      expect(safeRedirectPath(path)).toBe(path);
    },
  );

  it.each([
    "//evil.com",
    "///evil.com",
    "/\\evil.com",
    "\\\\evil.com",
    "/\\/evil.com",
    "https://evil.com",
    "http:evil.com",
    "javascript:alert(1)",
    "data:text/html,x",
    "%2F%2Fevil.com",
    "/%2F%2Fevil.com",
    "/%2f/evil.com",
    "%2F%5Cevil.com",
    "/%5Cevil.com",
    "/%255C%255Cevil.com",
    "/%252F%252Fevil.com",
    "/\t/evil.com",
    "/\n/evil.com",
    "/ /evil.com",
    " //evil.com",
    "evil.com",
    "",
    "/%",
  ])("refuses %j and gives the fallback", (value) => {
    expect(safeRedirectPath(value)).toBe("/");
    expect(safeRedirectPath(value, "/members")).toBe("/members");
  });

  // The same table as @credport/core's and @credport/react's: one rule for every package.
  it.each(SAFE_RETURN_PATHS)("follows %j as %j (the shared table)", (value, expected) => {
    expect(safeRedirectPath(value, "/fallback")).toBe(expected);
  });

  it.each(HOSTILE_RETURN_PATHS.map((value) => [value]))(
    "refuses %j (the shared table)",
    (value) => {
      expect(safeRedirectPath(value, "/fallback")).toBe("/fallback");
    },
  );

  it("refuses anything that is not a string", () => {
    expect(safeRedirectPath(undefined)).toBe("/");
    expect(safeRedirectPath(["/a", "/b"], "/x")).toBe("/x");
  });
});
