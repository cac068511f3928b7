// The request attacks of @credport/next's suite (cross-site-requests, body-caps, rate-limit), over
// real HTTP against every framework: a state-changing request another site sent changes nothing,
// no body is read past the cap whatever the framework does with bodies, and a flood of starts
// is answered 429 before the service is asked.
import { describe, expect, it } from "vitest";
import { setUpService, useApp } from "../support/apps.js";
import { frameworks } from "../support/frameworks.js";
import { send } from "../support/http-client.js";
import { MB, upload } from "../support/upload.js";

const env = setUpService();

describe.each(frameworks)("$name", (framework) => {
  const app = useApp(framework, env);

  describe("cross-site requests", () => {
    const crossSite = (): Record<string, string>[] => {
      const { port } = new URL(app.url);
      return [
        { origin: "https://evil.example" },
        { origin: "null" },
        { origin: `${app.url}.evil.example` },
        { origin: `http://127.0.0.1:${Number(port) + 1}` },
        { origin: `https://127.0.0.1:${port}` },
        { origin: `http://evil.example:${port}` },
        { origin: "https://evil.example", "sec-fetch-site": "same-origin" },
        { origin: "", "sec-fetch-site": "cross-site" },
        { origin: "", "sec-fetch-site": "same-site" },
        { origin: app.url, "sec-fetch-site": "cross-site" },
        { origin: app.url, "sec-fetch-site": "same-site" },
      ];
    };

    it.each([
      ["POST", "verifications"],
      ["POST", "session"],
      ["DELETE", "session"],
    ])(
      "%s %s from another site: 403 cross_site_request, nothing set, the service not called",
      async (method, route) => {
        const browser = app.browser();
        const id = await browser.start();
        env.service.verify(id);
        expect((await browser.finalize(id)).status).toBe(200);
        const id2 = await browser.start();
        env.service.verify(id2);
        const before = new Map(browser.jar);
        const let_through: string[] = [];
        for (const headers of crossSite()) {
          env.service.forgetCalls();
          const res = await browser.api(
            method,
            route,
            route === "session" ? { verificationId: id2 } : {},
            headers,
          );
          if (
            res.status !== 403 ||
            res.json.code !== "cross_site_request" ||
            res.setCookies.length > 0 ||
            env.service.calls() > 0
          )
            let_through.push(`${JSON.stringify(headers)} -> ${res.status} ${res.json.code}`);
        }
        expect(let_through).toEqual([]);
        expect(browser.jar).toEqual(before);
      },
    );

    it("a finalize that is not JSON (a form post from a browser without Origin) is refused with 415", async () => {
      const browser = app.browser();
      const id = await browser.start();
      env.service.verify(id);
      env.service.forgetCalls();
      const res = await browser.api("POST", "session", JSON.stringify({ verificationId: id }), {
        origin: "",
        "sec-fetch-site": "",
        "content-type": "text/plain",
      });
      expect(res.status).toBe(415);
      expect(browser.hasSession()).toBe(false);
      expect(env.service.calls()).toBe(0);
    });

    it("the same requests from the app's own origin go through (the harness works)", async () => {
      const browser = app.browser();
      const id = await browser.start();
      env.service.verify(id);
      expect((await browser.finalize(id)).status).toBe(200);
      expect((await browser.api("DELETE", "session")).status).toBe(200);
      expect(browser.hasSession()).toBe(false);
    });
  });

  describe("body caps", () => {
    it("finalize declaring 150 MB: 413 before the body is read", async () => {
      const res = await upload(app.url, "/api/credport/session", {
        total: 150 * MB,
        contentLength: 150 * MB,
      });
      expect(res.status).toBe(413);
      expect(res.sent).toBeLessThan(16 * MB);
    });

    it("finalize with a chunked body and no Content-Length: 413 long before 150 MB", async () => {
      const res = await upload(app.url, "/api/credport/session", { total: 150 * MB });
      expect(res.status).toBe(413);
      expect(res.sent).toBeLessThan(16 * MB);
    });

    it("a body just over the cap (100 KB) reaches the helper's cap: 413 request_too_large", async () => {
      const res = await send(app.url, "/api/credport/session", {
        method: "POST",
        headers: { origin: app.url },
        body: JSON.stringify({ verificationId: "ver_x", pad: "x".repeat(100 * 1024) }),
      });
      expect([res.status, res.json.code]).toEqual([413, "request_too_large"]);
    });

    it("a webhook without a signature: 400 webhook_signature_missing before the body is read", async () => {
      const res = await upload(app.url, "/api/credport/webhooks", {
        total: 150 * MB,
        contentLength: 150 * MB,
      });
      expect(res.status).toBe(400);
      expect(JSON.parse(res.text)).toMatchObject({ code: "webhook_signature_missing" });
      expect(res.sent).toBeLessThan(16 * MB);
    });

    it("a signed-looking chunked webhook of 150 MB: 413 without reading it all", async () => {
      const res = await upload(app.url, "/api/credport/webhooks", {
        total: 150 * MB,
        headers: { "webhook-signature": `t=${Math.floor(Date.now() / 1000)},v1=00` },
      });
      expect(res.status).toBe(413);
      expect(res.sent).toBeLessThan(16 * MB);
    });
  });

  describe("rate limit on starting verifications", () => {
    const creations = () =>
      env.service.model.requestLog.filter(
        (r) => r.method === "POST" && r.path === "/v1/verifications",
      ).length;

    it("a browser gets 5 starts a minute, then 429 rate_limited with Retry-After, before the service is asked", async () => {
      const browser = app.browser();
      for (let i = 0; i < 5; i++) await browser.start();
      const before = creations();
      const refused = await browser.api("POST", "verifications", {});
      expect([refused.status, refused.json.code]).toEqual([429, "rate_limited"]);
      const retryAfter = Number(refused.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.json).toMatchObject({ details: { retryAfterSeconds: retryAfter } });
      expect(creations()).toBe(before);
      // Another browser is not held back by this one.
      await app.browser().start();
    });

    it("rotating X-Forwarded-For does not escape the per-browser limit", async () => {
      const browser = app.browser();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push(
          (await browser.api("POST", "verifications", {}, { "x-forwarded-for": `198.51.100.${i}` }))
            .status,
        );
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    });
  });
});
