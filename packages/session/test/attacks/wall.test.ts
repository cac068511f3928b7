// The wall attacks of @credport/next's suite (middleware-bypass, open-redirect) and of the
// example's HTTP suite, against every framework: no spelling of /members and no header trick
// reaches the page without a session; refusals are never cached; a page load is redirected to
// the sign-in page with a relative way back, a router's fetch gets 401; the sign-in page follows
// no way back off the site.
import { describe, expect, it } from "vitest";
import {
  HOSTILE_RETURN_PATHS,
  SAFE_RETURN_PATHS,
} from "../../../core/test/support/hostile-return-paths.js";
import { setUpService, useApp } from "../support/apps.js";
import { frameworks, MEMBERS_MARKER } from "../support/frameworks.js";
import { type Answer, send } from "../support/http-client.js";

const env = setUpService();

/** Spellings of /members that a router, a proxy or a file server may map onto it. */
const PATHS = [
  "/members",
  "/members/",
  "/MEMBERS",
  "/Members",
  "/MeMbErS/",
  "/%6Dembers",
  "/%6dembers",
  "/%4D%45%4D%42%45%52%53",
  "/member%73",
  "/members%2F",
  "//members",
  "///members",
  "/./members",
  "/foo/../members",
  "/foo/%2e%2e/members",
  "/%2e/members",
  "/members.json",
  "/members.txt",
  "/members/.",
  "/members/%2e",
  "/members?x=1",
  "/members;x",
  "/members%00",
  "/members%20",
  "/members%09",
  "/members#x",
  "/members/index",
  "/members/x/y",
  "/api/../members",
  "/api/credport/../../members",
  "/verify/../members",
];

/** Headers proxies and frameworks have honoured to rewrite or skip a request. */
const HEADER_TRICKS: Record<string, string>[] = [
  {},
  { "x-middleware-subrequest": "middleware:middleware:middleware:middleware:middleware" },
  { "x-original-url": "/" },
  { "x-rewrite-url": "/" },
  { "x-forwarded-host": "evil.example" },
  { "x-forwarded-prefix": "/public" },
  { "x-forwarded-proto": "https" },
  { "x-http-method-override": "OPTIONS" },
  { authorization: "Bearer anything" },
  { cookie: "__Host-credport_session=" },
  { cookie: "__Host-credport_session=undefined" },
  { cookie: "__Host-credport_session=Fe26.2**1*a*b*c*d*e*f~2" },
  { cookie: "credport_session=Fe26.2**1*a*b*c*d*e*f~2" },
];

const isMembersPage = (r: Answer) => r.status === 200 && r.text.includes(MEMBERS_MARKER);

describe.each(frameworks)("$name", (framework) => {
  const app = useApp(framework, env);

  it("a verified browser sees the page at /members (the harness works)", async () => {
    const browser = app.browser();
    const id = await browser.start();
    env.service.verify(id);
    expect((await browser.finalize(id)).status).toBe(200);
    expect(isMembersPage(await browser.page("/members"))).toBe(true);
  });

  it("no spelling of /members and no header trick reaches the page without a session; every redirect stays on the site with a relative way back", async () => {
    const reached: string[] = [];
    const unsafe: string[] = [];
    // Every spelling plainly (GET and HEAD), and every header trick on a few spellings.
    const attempts = [
      ...PATHS.flatMap((path) => ["GET", "HEAD"].map((method) => ({ path, method, headers: {} }))),
      ...["/members", "/MEMBERS", "/%6Dembers", "/members/x"].flatMap((path) =>
        HEADER_TRICKS.map((headers) => ({ path, method: "GET", headers })),
      ),
    ];
    for (const { path, method, headers } of attempts) {
      const res = await send(app.url, path, {
        method,
        headers: { "sec-fetch-dest": "document", ...headers },
      });
      const label = `${method} ${path} ${JSON.stringify(headers)} -> ${res.status}`;
      if (isMembersPage(res) || (method === "HEAD" && res.status === 200)) reached.push(label);
      if (res.location) {
        const location = new URL(res.location, app.url);
        const back = location.searchParams.get("redirect_url");
        if (location.origin !== app.url || location.pathname !== "/verify")
          unsafe.push(`${label} to ${res.location}`);
        else if (
          back !== null &&
          (!back.startsWith("/") || back.startsWith("//") || back.includes("\\"))
        )
          unsafe.push(`${label} back to ${back}`);
      }
    }
    expect(reached).toEqual([]);
    expect(unsafe).toEqual([]);
  });

  it("a page load is sent to /verify (307, no-store) with the original path and query", async () => {
    const res = await send(app.url, "/members?tab=orders&x=%2F%2Fevil.example", {
      headers: { "sec-fetch-dest": "document", "sec-fetch-mode": "navigate" },
    });
    expect(res.status).toBe(307);
    expect(res.headers["cache-control"]).toBe("no-store");
    const location = new URL(res.location!, app.url);
    expect(location.origin).toBe(app.url);
    expect(location.pathname).toBe("/verify");
    expect(location.searchParams.get("redirect_url")).toBe(
      "/members?tab=orders&x=%2F%2Fevil.example",
    );
  });

  it.each<[string, string, Record<string, string>]>([
    ["a forged Host header", "/members", { host: "evil.example" }],
    ["a forged Host header with a port", "/members", { host: "evil.example:8443" }],
    // RFC 9112 §3.2.2: a server must accept the absolute form, and it names a host of its own.
    ["an absolute-form request target", "http://evil.example/members", {}],
    ["an absolute-form target for HTTPS", "https://evil.example/members?x=1", {}],
  ])(
    "%s does not send the visitor off the site: the redirect's target is on the site they asked",
    async (_, path, headers) => {
      const res = await send(app.url, path, {
        headers: { "sec-fetch-dest": "document", ...headers },
      });
      expect(res.status).toBe(307);
      const location = new URL(res.location!, app.url);
      expect(location.origin).toBe(app.url);
      expect(location.pathname).toBe("/verify");
    },
  );

  it.each<[string, Record<string, string>]>([
    ...(framework.loaderWall
      ? [] // a loader's fetch is a page: see "the wall in a loader" below
      : [
          ["a fetch (Sec-Fetch-Dest: empty)", { "sec-fetch-dest": "empty" }] as [
            string,
            Record<string, string>,
          ],
        ]),
    ["a router prefetch (Purpose)", { purpose: "prefetch" }],
    ["a prefetch (Sec-Purpose)", { "sec-fetch-dest": "document", "sec-purpose": "prefetch" }],
    ["an RSC request", { rsc: "1" }],
  ])("%s gets 401, not a redirect a router would keep", async (_, headers) => {
    const res = await send(app.url, "/members", { headers });
    expect(res.status).toBe(401);
    expect(res.location).toBeUndefined();
    expect(res.text).not.toContain(MEMBERS_MARKER);
    // React Router renders a loader's thrown 401 as the app's error page (an HTML 401 is stored by
    // no cache: it is not heuristically cacheable); elsewhere the answer is the wall's own.
    if (!framework.loaderWall) {
      expect(res.json.code).toBe("verified_session_required");
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });

  it("the sign-in page follows no way back off the site (the shared hostile table)", async () => {
    const followed: string[] = [];
    for (const value of HOSTILE_RETURN_PATHS) {
      const res = await send(app.url, `/verify?redirect_url=${encodeURIComponent(value)}`);
      expect(res.status).toBe(200);
      const back = /id="back" href="([^"]*)"/.exec(res.text)?.[1];
      if (back !== "/") followed.push(`${JSON.stringify(value)} -> ${back}`);
    }
    expect(followed).toEqual([]);
  });

  it("the sign-in page keeps a way back on the site", async () => {
    const [value, expected] = SAFE_RETURN_PATHS.find(([v]) => v.includes("?"))!;
    const res = await send(app.url, `/verify?redirect_url=${encodeURIComponent(value)}`);
    const back = /id="back" href="([^"]*)"/.exec(res.text)?.[1]?.replaceAll("&#38;", "&");
    expect(back).toBe(expected);
  });
});

describe.each(frameworks.filter((f) => f.loaderWall))(
  "$name: the wall in a loader",
  (framework) => {
    const app = useApp(framework, env);

    it("a fetch (Sec-Fetch-Dest: empty), as a loader's data fetch is, gets the 307 to the sign-in page, no-store", async () => {
      const res = await send(app.url, "/members", { headers: { "sec-fetch-dest": "empty" } });
      expect(res.status).toBe(307);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.location).toBe("/verify?redirect_url=%2Fmembers");
      expect(res.text).not.toContain(MEMBERS_MARKER);
    });

    it("a client-side navigation's data request (/members.data) gets the router's redirect to the sign-in page, no-store, with nothing of the page", async () => {
      const res = await send(app.url, "/members.data", { headers: { "sec-fetch-dest": "empty" } });
      // React Router's single fetch carries the loader's 307 in its body for the client router.
      expect([res.status, res.headers["x-remix-response"]]).toEqual([202, "yes"]);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.text).toContain('"SingleFetchRedirect"');
      expect(res.text).toContain('"/verify?redirect_url=%2Fmembers"');
      expect(res.text).not.toContain(MEMBERS_MARKER);
    });
  },
);
