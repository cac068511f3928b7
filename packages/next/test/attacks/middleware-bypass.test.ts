// The review's blocked middleware attacks, generated: every spelling of a protected path and every
// header trick is sent to the sign-in path, and the way back it carries is a relative path.
import { createCredportMiddleware, isProtectedPath } from "@credport/next";
import { describe, expect, it } from "vitest";
import { APP, SECRET } from "../support/mock-service.js";
import { pageRequest } from "../support/test-browser.js";

const middleware = createCredportMiddleware({
  protect: ["/members"],
  signInPath: "/verify",
  sessionSecret: SECRET,
});

const percent = (c: string, upper: boolean) => {
  const hex = c.charCodeAt(0).toString(16).padStart(2, "0");
  return `%${upper ? hex.toUpperCase() : hex}`;
};

/** Spellings of `/members` that a router or a proxy may map onto it. */
function pathVariants(): string[] {
  const cases = ["members", "MEMBERS", "Members", "mEmBeRs", "memberS", "MEMbers"];
  const spellings = new Set<string>();
  for (const word of cases) {
    spellings.add(word);
    for (const upper of [true, false]) {
      spellings.add([...word].map((c) => percent(c, upper)).join(""));
      for (const at of [0, 3, 6])
        spellings.add([...word].map((c, i) => (i === at ? percent(c, upper) : c)).join(""));
    }
  }
  const prefixes = ["/", "//", "///", "/./", "/%2e/", "/foo/../", "/foo/%2e%2e/", "/%2F"];
  const suffixes = [
    "",
    "/",
    "/x",
    "/x/y",
    ".json",
    ".txt",
    "/.",
    "?q=1",
    "#frag",
    "/?a=b",
    "%2F",
    "%2Fx",
    "/index",
  ];
  const paths = new Set<string>();
  for (const word of spellings)
    for (const prefix of prefixes)
      for (const suffix of suffixes) paths.add(`${prefix}${word}${suffix}`);
  return [...paths];
}

const redirectTarget = (response: Response | undefined) => {
  if (!response) return undefined;
  const location = new URL(response.headers.get("location") ?? "", APP);
  return { status: response.status, location };
};

describe("middleware coverage", () => {
  it("sends hundreds of spellings of /members to the sign-in path, each with a relative way back", async () => {
    const variants = pathVariants();
    expect(variants.length).toBeGreaterThan(500);
    const passed: string[] = [];
    const unsafeReturn: string[] = [];
    for (const path of variants) {
      const target = redirectTarget(await middleware(pageRequest(path)));
      if (target?.status !== 307 || target.location.pathname !== "/verify") {
        passed.push(path);
        continue;
      }
      const back = target.location.searchParams.get("redirect_url");
      if (!back?.startsWith("/") || back.startsWith("//") || back.includes("\\"))
        unsafeReturn.push(`${path} -> ${back}`);
    }
    expect(passed).toEqual([]);
    expect(unsafeReturn).toEqual([]);
  });

  it.each([
    ["x-middleware-subrequest", "middleware"],
    ["x-middleware-subrequest", "proxy:proxy:proxy:proxy:proxy"],
    [
      "x-middleware-subrequest",
      "src/middleware:src/middleware:src/middleware:src/middleware:src/middleware",
    ],
    ["x-middleware-prefetch", "1"],
    ["x-original-url", "/public"],
    ["x-rewrite-url", "/public"],
    ["x-forwarded-host", "evil.example"],
    ["x-forwarded-prefix", "/public"],
    ["x-forwarded-proto", "http"],
    ["x-invoke-path", "/public"],
    ["x-invoke-output", "/public"],
    ["x-now-route-matches", "1"],
    ["x-nextjs-data", "1"],
    ["next-router-prefetch", "1"],
    ["next-router-state-tree", "%5B%22%22%5D"],
    ["rsc", "1"],
    ["next-action", "abc"],
    ["purpose", "prefetch"],
    ["authorization", "Bearer anything"],
    ["cookie", "__Host-credport_session="],
    ["cookie", "__Host-credport_session=undefined"],
    ["cookie", "__Host-credport_session=Fe26.2**1*a*b*c*d*e*f~2"],
  ])("a request with %s: %s is still walled", async (name, value) => {
    const response = await middleware(pageRequest("/members", "", { [name]: value }));
    // Router fetches and prefetches get a 401 instead of the redirect (a router would keep it).
    if (["next-router-prefetch", "rsc", "purpose"].includes(name)) {
      expect(response?.status).toBe(401);
      expect(response?.headers.get("cache-control")).toBe("no-store");
      return;
    }
    const target = redirectTarget(response);
    expect(target?.status).toBe(307);
    expect(target?.location.pathname).toBe("/verify");
  });

  it.each(["/", "/membership", "/verify", "/verify?redirect_url=/members", "/public/members"])(
    "%s is not walled",
    async (path) => {
      expect(isProtectedPath(new URL(path, APP).pathname, ["/members"])).toBe(false);
      expect(await middleware(pageRequest(path))).toBeUndefined();
    },
  );
});

describe.each(["/", "/?from=wall", "/#top", "/verify"])("with signInPath %j", (signInPath) => {
  const walled = createCredportMiddleware({
    protect: ["/members"],
    signInPath,
    sessionSecret: SECRET,
  });
  const signInPage = new URL(signInPath, APP).pathname;

  it("every spelling of /members is still sent to the sign-in page (the page is exempt by its exact path only)", async () => {
    const passed: string[] = [];
    for (const path of pathVariants()) {
      const target = redirectTarget(await walled(pageRequest(path)));
      if (target?.status !== 307 || target.location.pathname !== signInPage) passed.push(path);
    }
    expect(passed).toEqual([]);
  });

  it("the sign-in page itself is not walled", async () => {
    expect(await walled(pageRequest(signInPage))).toBeUndefined();
    expect(await walled(pageRequest(`${signInPage}?redirect_url=%2Fmembers`))).toBeUndefined();
  });
});
