// The cookie attacks of @credport/next's suite (sealed-cookies, cookie-purpose, duplicate-cookies,
// host-prefixed-cookies), over real HTTP against every framework: a cookie that was tampered
// with, made for another purpose, sealed with another secret, expired, sent twice or under a
// name a sibling subdomain could set, opens nothing.
import { sealData } from "iron-session";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createCredportSession } from "../../src/index.js";
import { SECRET, sessionOptions, setUpService, useApp } from "../support/apps.js";
import { frameworks, MEMBERS_MARKER } from "../support/frameworks.js";
import { type HttpBrowser, pendingCookie, SESSION_COOKIE, send } from "../support/http-client.js";

const env = setUpService();
afterEach(() => vi.useRealTimers());

/** Spoiled copies of a seal: one character changed at many positions, cut, padded, re-encoded. */
function spoil(seal: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < seal.length; i += Math.max(1, Math.floor(seal.length / 40))) {
    const c = seal[i]!;
    out.add(seal.slice(0, i) + (c === "A" ? "B" : "A") + seal.slice(i + 1));
  }
  out.add(seal.slice(0, -1));
  out.add(seal.slice(0, seal.length / 2));
  out.add(`${seal}A`);
  out.add(seal.replace(/~2$/, "~1"));
  out.add(seal.replace(/~2$/, ""));
  out.add(seal.split("*").slice(0, 4).join("*"));
  out.add(encodeURIComponent(seal));
  out.add("");
  out.add("x".repeat(3000));
  out.delete(seal);
  return [...out];
}

const sessionShaped = (extra: Record<string, unknown> = {}) => ({
  verificationId: "vrf_forged",
  policyId: "preset_age_over_18",
  verifiedAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  claims: { age_over_18: true },
  ...extra,
});

const attributes = (header: string) => {
  const [pair, ...rest] = header.split(/;\s*/);
  return {
    name: pair!.slice(0, pair!.indexOf("=")),
    attrs: rest.map((a) => a.toLowerCase().replace(/=.*/, "")),
    path: /;\s*Path=([^;]*)/i.exec(header)?.[1],
  };
};

describe.each(frameworks)("$name", (framework) => {
  const app = useApp(framework, env);

  async function verifiedBrowser(): Promise<HttpBrowser> {
    const browser = app.browser();
    const id = await browser.start();
    env.service.verify(id);
    const done = await browser.finalize(id);
    expect(done.status).toBe(200);
    return browser;
  }
  /** Whether this Cookie header opens the members page (the adapter's wall, then its page read). */
  const opensMembers = async (cookie: string) => {
    const page = await send(app.url, "/members", {
      headers: { cookie, "sec-fetch-dest": "document" },
    });
    return page.status === 200 && page.text.includes(MEMBERS_MARKER);
  };
  const asSession = (value: string) => opensMembers(`${SESSION_COOKIE}=${value}`);

  it("a genuine session opens the members page, which shows it (the harness works)", async () => {
    const browser = app.browser();
    const id = await browser.start();
    env.service.verify(id);
    expect((await browser.finalize(id)).status).toBe(200);
    const page = await browser.page("/members");
    expect(page.status).toBe(200);
    expect(page.text).toContain(MEMBERS_MARKER);
    expect(page.text).toContain(id);
    expect(page.text).toContain("age_over_18&#34;:true");
  });

  describe("sealed cookies", () => {
    it("no spoiled session cookie opens the members page", async () => {
      const seal = (await verifiedBrowser()).jar.get(SESSION_COOKIE)!;
      const opened: string[] = [];
      for (const value of spoil(seal)) if (await asSession(value)) opened.push(value.slice(-30));
      expect(opened).toEqual([]);
    });

    it("a session sealed with another app's secret does not open it", async () => {
      const foreign = createCredportSession({
        ...sessionOptions(env.service, []),
        sessionSecret: "f".repeat(32),
      });
      const origin = "https://other.test";
      const call = (method: string, route: string, body: unknown, cookie = "") =>
        foreign.handler(
          new Request(`${origin}/api/credport/${route}`, {
            method,
            headers: { origin, "content-type": "application/json", cookie },
            body: JSON.stringify(body),
          }),
        );
      const created = await call("POST", "verifications", {});
      const { verificationId: id } = (await created.json()) as { verificationId: string };
      const pending = created.headers.getSetCookie().find((c) => c.startsWith(pendingCookie(id)));
      env.service.verify(id);
      const done = await call("POST", "session", { verificationId: id }, pending!.split(";")[0]);
      const session = done.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
      expect(session).toBeDefined();
      expect(await asSession(session!.split(";")[0]!.slice(SESSION_COOKIE.length + 1))).toBe(false);
    });

    it("an expired session does not open it (12 h later, the same cookie replayed)", async () => {
      const seal = (await verifiedBrowser()).jar.get(SESSION_COOKIE)!;
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 12 * 3_600_000 + 60_000 });
      expect(await asSession(seal)).toBe(false);
      vi.useRealTimers();
      expect(await asSession(seal)).toBe(true);
    });

    it("no spoiled pending cookie finalizes, and the service is not asked for the result", async () => {
      const browser = app.browser();
      const id = await browser.start();
      env.service.verify(id);
      const seal = browser.jar.get(pendingCookie(id))!;
      env.service.forgetCalls();
      const accepted: string[] = [];
      for (const value of spoil(seal)) {
        browser.jar.set(pendingCookie(id), value);
        const res = await browser.finalize(id);
        if (res.status !== 403 || browser.hasSession()) accepted.push(value.slice(-30));
      }
      expect(accepted).toEqual([]);
      expect(env.service.resultCalls()).toBe(0);
    });

    it("an expired pending cookie (11 minutes later) does not finalize", async () => {
      const browser = app.browser();
      const id = await browser.start();
      env.service.verify(id);
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 11 * 60_000 });
      const res = await browser.finalize(id);
      expect(res.status).toBe(403);
      expect(browser.hasSession()).toBe(false);
    });
  });

  describe("cookie purpose", () => {
    it("the pending cookie anyone gets from POST verifications is not a session", async () => {
      const browser = app.browser();
      const id = await browser.start();
      expect(await asSession(browser.jar.get(pendingCookie(id))!)).toBe(false);
    });

    it("a session cookie is not a pending binding: a session cannot renew itself", async () => {
      const browser = app.browser();
      const id = await browser.start();
      env.service.verify(id);
      expect((await browser.finalize(id)).status).toBe(200);
      browser.jar.set(pendingCookie(id), browser.jar.get(SESSION_COOKIE)!);
      browser.jar.delete(SESSION_COOKIE);
      env.service.forgetCalls();
      const again = await browser.finalize(id);
      expect([again.status, again.json.code]).toEqual([403, "VERIFICATION_BINDING_REQUIRED"]);
      expect(env.service.resultCalls()).toBe(0);
      expect(browser.hasSession()).toBe(false);
    });

    it("the app's own iron-session cookie sealed with the same secret opens nothing", async () => {
      expect(await asSession(await sealData(sessionShaped(), { password: SECRET }))).toBe(false);
      expect(await asSession(await sealData(sessionShaped(), { password: { 1: SECRET } }))).toBe(
        false,
      );
      const browser = app.browser();
      const id = await browser.start();
      env.service.verify(id);
      browser.jar.set(
        pendingCookie(id),
        await sealData(
          {
            verificationId: id,
            policyId: "preset_age_over_18",
            expiresAt: sessionShaped().expiresAt,
          },
          { password: SECRET },
        ),
      );
      expect((await browser.finalize(id)).status).toBe(403);
      expect(browser.hasSession()).toBe(false);
    });

    it("a seal without an expiry is not a session that never expires", async () => {
      const { expiresAt: _, ...noExpiry } = sessionShaped();
      expect(await asSession(await sealData(noExpiry, { password: SECRET }))).toBe(false);
    });
  });

  describe("a cookie name sent twice", () => {
    it.each([
      ["valid first", (v: string) => [v, "Fe26.2**1*a*b*c*d*e*f~2"]],
      ["valid last", (v: string) => ["Fe26.2**1*a*b*c*d*e*f~2", v]],
      ["valid first, empty", (v: string) => [v, ""]],
      ["valid last, empty", (v: string) => ["", v]],
    ])("session: one valid, one not (%s) is refused", async (_, order) => {
      const seal = (await verifiedBrowser()).jar.get(SESSION_COOKIE)!;
      const cookie = order(seal)
        .map((value) => `${SESSION_COOKIE}=${value}`)
        .join("; ");
      expect(await opensMembers(cookie)).toBe(false);
    });

    it("session: two valid ones (the victim's and a tossed one) are refused; others around do not matter", async () => {
      const [mine, tossed] = [
        (await verifiedBrowser()).jar.get(SESSION_COOKIE)!,
        (await verifiedBrowser()).jar.get(SESSION_COOKIE)!,
      ];
      expect(await opensMembers(`${SESSION_COOKIE}=${mine}; ${SESSION_COOKIE}=${tossed}`)).toBe(
        false,
      );
      expect(await opensMembers(`${SESSION_COOKIE}=${tossed}; ${SESSION_COOKIE}=${mine}`)).toBe(
        false,
      );
      expect(await opensMembers(`a=1; ${SESSION_COOKIE}=${mine}; b=2; a=3`)).toBe(true);
    });

    it.each(["first", "last"])(
      "pending: the genuine one %s gives no status and no session, and the service is not asked",
      async (where) => {
        const browser = app.browser();
        const id = await browser.start();
        const other = app.browser();
        const otherId = await other.start();
        env.service.verify(id);
        const genuine = `${pendingCookie(id)}=${browser.jar.get(pendingCookie(id))}`;
        const junk = `${pendingCookie(id)}=${other.jar.get(pendingCookie(otherId))}`;
        const cookie = where === "first" ? `${genuine}; ${junk}` : `${junk}; ${genuine}`;
        env.service.forgetCalls();
        const status = await browser.api("GET", `verifications/${id}/status`, undefined, {
          cookie,
        });
        const done = await browser.api("POST", "session", { verificationId: id }, { cookie });
        expect([status.status, done.status]).toEqual([403, 403]);
        expect(browser.hasSession()).toBe(false);
        expect(env.service.calls()).toBe(0);
      },
    );
  });

  describe("__Host- cookies", () => {
    it("pending and session cookies arrive as separate Set-Cookie headers: __Host- names, Secure, Path=/, no Domain", async () => {
      const browser = app.browser();
      const created = await browser.api("POST", "verifications", {});
      const id = created.json.verificationId!;
      const pending = created.setCookies.map(attributes).find((c) => c.name.includes("pending"));
      expect(pending).toMatchObject({ name: pendingCookie(id), path: "/" });
      env.service.verify(id);
      const done = await browser.finalize(id);
      // Two cookies in one answer (the session set, the binding cleared): each its own header.
      const names = done.setCookies.map((c) => attributes(c).name);
      expect(names).toEqual(expect.arrayContaining([SESSION_COOKIE, pendingCookie(id)]));
      for (const header of done.setCookies) expect(header.split(/,\s*[\w-]+=/)).toHaveLength(1);
      const session = attributes(done.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))!);
      expect(session.path).toBe("/");
      for (const c of [pending!, session]) {
        expect(c.attrs).toContain("secure");
        expect(c.attrs).toContain("httponly");
        expect(c.attrs).not.toContain("domain");
      }
      expect(browser.jar.has(pendingCookie(id))).toBe(false);
    });

    it("a genuine seal under the plain name (a tossed cookie) is not read", async () => {
      const seal = (await verifiedBrowser()).jar.get(SESSION_COOKIE)!;
      expect(await opensMembers(`credport_session=${seal}`)).toBe(false);
      expect(await opensMembers(`${SESSION_COOKIE}=${seal}`)).toBe(true);
    });

    it("sign-out clears the session and the pending cookies, and the session no longer opens the page", async () => {
      const browser = await verifiedBrowser();
      await browser.start();
      browser.jar.set("credport_session", "old");
      const out = await browser.api("DELETE", "session");
      expect(out.status).toBe(200);
      expect(
        [...browser.jar.keys()].filter((k) => k.includes("credport_") && !k.includes("browser")),
      ).toEqual([]);
      expect((await browser.page("/members")).status).toBe(307);
    });
  });
});
