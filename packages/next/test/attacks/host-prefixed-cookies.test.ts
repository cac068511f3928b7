// Security issue, item 9: where cookies are Secure, they are `__Host-` cookies (Secure, Path=/, no
// Domain), so a sibling subdomain or a plain-HTTP response cannot set or shadow them; a tossed
// cookie under the old name is not read there. In development the plain names keep working.
import {
  createCredportHandlers,
  createCredportMiddleware,
  getVerifiedSession,
} from "@credport/next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testConfig } from "../support/config.js";
import { SECRET, setUpMockService } from "../support/mock-service.js";
import { currentRequest } from "../support/next-headers.js";
import { pageRequest, TestBrowser } from "../support/test-browser.js";

vi.mock("next/headers", async () => (await import("../support/next-headers.js")).fakeNextHeaders);
vi.mock("next/server", async () => (await import("../support/next-headers.js")).fakeNextServer);

const service = setUpMockService();
afterEach(() => vi.unstubAllEnvs());

/** Starts and finalizes a verification; every Set-Cookie header on the way. */
async function verify(config: Parameters<typeof testConfig>[1] = {}) {
  const browser = new TestBrowser(createCredportHandlers(testConfig(service.project, config)));
  const id = await browser.start();
  const created = browser.setCookies;
  service.verify(id);
  expect((await browser.send("POST", "session", { verificationId: id })).status).toBe(200);
  return { id, browser, created, finalized: browser.setCookies };
}

const attributes = (header: string) => {
  const [pair, ...rest] = header.split(/;\s*/);
  return {
    name: pair!.slice(0, pair!.indexOf("=")),
    attrs: rest.map((a) => a.toLowerCase().replace(/=.*/, "")),
    path: /;\s*Path=([^;]*)/i.exec(header)?.[1],
  };
};

/** The wall's and the page's decisions for this Cookie header, with these reader options. */
async function decisions(cookie: string, options: { secureCookies?: boolean } = {}) {
  const middleware = createCredportMiddleware({
    protect: ["/members"],
    signInPath: "/verify",
    sessionSecret: SECRET,
    ...options,
  });
  const wall = (await middleware(pageRequest("/members", cookie))) === undefined;
  currentRequest.cookie = cookie;
  const page = (await getVerifiedSession({ sessionSecret: SECRET, ...options })) !== null;
  return { wall, page };
}

describe("Secure cookies are __Host- cookies", () => {
  it("the pending and session cookies: __Host- names, Secure, Path=/, no Domain", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const { id, created, finalized } = await verify();
    const pending = attributes(created[0]!);
    expect(pending.name).toBe(`__Host-credport_pending_${id}`);
    expect(pending.path).toBe("/");
    const session = attributes(finalized.find((c) => c.includes("credport_session="))!);
    expect(session.name).toBe("__Host-credport_session");
    expect(session.path).toBe("/");
    for (const c of [pending, session]) {
      expect(c.attrs).toContain("secure");
      expect(c.attrs).not.toContain("domain");
    }
    const cleared = finalized.find((c) => c.includes("credport_pending_"))!;
    expect(attributes(cleared)).toMatchObject({ name: `__Host-credport_pending_${id}`, path: "/" });
    expect(cleared).toMatch(/Max-Age=0/);
  });

  it("are read back by the wall and the page", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const { browser } = await verify();
    const cookie = `__Host-credport_session=${browser.jar.get("__Host-credport_session")}`;
    expect(await decisions(cookie)).toEqual({ wall: true, page: true });
  });

  it("a genuine seal under the old name (a tossed cookie) is not read where cookies are Secure", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const { browser } = await verify();
    const cookie = `credport_session=${browser.jar.get("__Host-credport_session")}`;
    expect(await decisions(cookie)).toEqual({ wall: false, page: false });
  });

  it("secureCookies: true in development gives __Host- cookies too", async () => {
    vi.stubEnv("NODE_ENV", "development");
    const { browser } = await verify({ secureCookies: true });
    expect(browser.jar.has("__Host-credport_session")).toBe(true);
  });

  it("sign-out clears the __Host- cookies and the old names", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const { browser } = await verify();
    await browser.start();
    browser.jar.set("credport_session", "old");
    browser.jar.set("credport_pending_vrf_old", "old");
    const out = await browser.send("DELETE", "session");
    expect(out.status).toBe(200);
    expect([...browser.jar.keys()].filter((k) => k.includes("credport_"))).toEqual([]);
    const paths = Object.fromEntries(
      out.headers.getSetCookie().map((c) => [attributes(c).name, attributes(c).path]),
    );
    expect(paths).toMatchObject({
      "__Host-credport_session": "/",
      credport_session: "/",
      credport_pending_vrf_old: "/api/credport",
    });
  });
});

describe("where cookies are not Secure", () => {
  it("in development: the plain names, the pending cookie on basePath, read by the wall and the page", async () => {
    vi.stubEnv("NODE_ENV", "development");
    const { id, browser, created } = await verify();
    expect(attributes(created[0]!)).toMatchObject({
      name: `credport_pending_${id}`,
      path: "/api/credport",
    });
    const cookie = `credport_session=${browser.jar.get("credport_session")}`;
    expect(await decisions(cookie)).toEqual({ wall: true, page: true });
  });

  it("secureCookies: false in production (plain HTTP on localhost) on the handlers, wall and page", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const { browser } = await verify({ secureCookies: false });
    const cookie = `credport_session=${browser.jar.get("credport_session")}`;
    expect(await decisions(cookie, { secureCookies: false })).toEqual({ wall: true, page: true });
  });
});
