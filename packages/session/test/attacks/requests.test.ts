// The request attacks of @credport/next's suite (cross-site-requests, body-caps, rate-limit), over
// real HTTP against every framework: a state-changing request another site sent changes nothing,
// no body is read past the cap whatever the framework does with bodies, and a flood of starts
// is answered 429 before the service is asked.
import { describe, expect, it, vi } from "vitest";
import { createCredportHandler, createMemoryStateStore, type StateStore } from "../../src/index.js";
import { sessionOptions, setUpService, useApp } from "../support/apps.js";
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

/** A state store that remembers which keys were ever written, to see what a flood adds. */
function keyRecordingStore() {
  const store = createMemoryStateStore();
  const keys = new Set<string>();
  return {
    keys,
    store: {
      rememberOnce: (key: string, ttl: number) => {
        keys.add(key);
        return store.rememberOnce(key, ttl);
      },
      increment: (key: string, window: number) => {
        keys.add(key);
        return store.increment(key, window);
      },
      markDone: (key: string, ttl: number) => store.markDone(key, ttl),
      isDone: (key: string) => store.isDone(key),
      delete: (key: string) => {
        keys.delete(key);
        return store.delete(key);
      },
    } satisfies StateStore,
  };
}

/** Starts from a client that keeps no cookie (a script): each one a browser never seen before. */
async function scriptStarts(
  url: string,
  count: number,
  headers: (i: number) => Record<string, string> = () => ({}),
) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++)
    statuses.push(
      (
        await send(url, "/api/credport/verifications", {
          method: "POST",
          body: {},
          headers: { origin: url, "sec-fetch-site": "same-origin", ...headers(i) },
        })
      ).status,
    );
  return statuses;
}

const tenThenRefused = [...Array(10).fill(201), 429, 429];

describe.each(frameworks)("$name: the start limit holds back a script", (framework) => {
  describe("by default, per socket address", () => {
    const recorded = keyRecordingStore();
    const app = useApp(framework, env, { rateLimit: {}, stateStore: recorded.store });

    it("a script that drops its cookies gets 10 starts a minute from one address, then 429; refused starts add nothing to the store", async () => {
      const statuses = await scriptStarts(app.url, 12);
      expect(statuses).toEqual(tenThenRefused);
      const before = recorded.keys.size;
      expect(await scriptStarts(app.url, 20)).toEqual(Array(20).fill(429));
      expect(recorded.keys.size).toBe(before);
      // X-Forwarded-For is not an address without trustProxy: rotating it changes nothing.
      expect(
        await scriptStarts(app.url, 3, (i) => ({ "x-forwarded-for": `203.0.113.${i}` })),
      ).toEqual([429, 429, 429]);
    });
  });

  describe("with trustProxy, per normalised address", () => {
    const recorded = keyRecordingStore();
    const app = useApp(framework, env, {
      rateLimit: {},
      trustProxy: true,
      stateStore: recorded.store,
    });
    const via = (address: string) => ({ "x-forwarded-for": `198.51.100.250, ${address}` });

    it.each<[string, (i: number) => string]>([
      ["addresses of one IPv6 /64", (i) => `2001:db8:aa:1:${i.toString(16)}::${i + 1}`],
      ["ip:port spellings of one IPv4 address", (i) => `203.0.113.10:${40_000 + i}`],
      [
        "v4-mapped, bracketed and ported spellings of one IPv4 address",
        (i) =>
          ["::ffff:203.0.113.11", "[::ffff:203.0.113.11]:443", "203.0.113.11", "::FFFF:CB00:710B"][
            i % 4
          ]!,
      ],
      [
        "case and zero-compression spellings of one IPv6 address",
        (i) =>
          [
            "2001:DB8:BB::1",
            "2001:db8:bb:0:0:0:0:1",
            "[2001:0db8:00bb::0001]:8443",
            "2001:db8:bb::1%eth0",
          ][i % 4]!,
      ],
    ])("%s count as one client", async (_, address) => {
      expect(await scriptStarts(app.url, 12, (i) => via(address(i)))).toEqual(tenThenRefused);
    });

    it("refused starts add nothing to the store (no counter per refused script start)", async () => {
      expect(await scriptStarts(app.url, 11, () => via("203.0.113.99"))).toEqual([
        ...Array(10).fill(201),
        429,
      ]);
      const before = recorded.keys.size;
      expect(await scriptStarts(app.url, 20, () => via("203.0.113.99"))).toEqual(
        Array(20).fill(429),
      );
      expect(recorded.keys.size).toBe(before);
    });

    it("another /64 is another client", async () => {
      await scriptStarts(app.url, 11, () => via("2001:db8:cc:1::1"));
      expect(await scriptStarts(app.url, 1, () => via("2001:db8:cc:2::1"))).toEqual([201]);
    });
  });

  describe("with trustProxy and rateLimit.ipv6PrefixLength: 56", () => {
    const app = useApp(framework, env, {
      rateLimit: { ipv6PrefixLength: 56 },
      trustProxy: true,
    });

    it("addresses of one /56 count as one client", async () => {
      expect(
        await scriptStarts(app.url, 12, (i) => ({
          "x-forwarded-for": `2001:db8:dd:ab${i.toString(16).padStart(2, "0")}::1`,
        })),
      ).toEqual(tenThenRefused);
    });
  });
});

describe("X-Forwarded-For while trustProxy is off", () => {
  it("is no address, and the server log says once that a proxy's address would be counted", async () => {
    const handler = createCredportHandler({ ...sessionOptions(env.service, []), rateLimit: {} });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await handler(
        new Request("http://app.test/api/credport/verifications", {
          method: "POST",
          headers: { origin: "http://app.test", "x-forwarded-for": `198.51.100.${i}` },
        }),
        { remoteAddress: "10.0.0.2" },
      );
      statuses.push(res.status);
    }
    const calls = warn.mock.calls.map((args) => String(args[0]));
    warn.mockRestore();
    expect(statuses).toEqual([...Array(10).fill(201), 429, 429]);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(/X-Forwarded-For, and trustProxy is not set/);
  });
});
