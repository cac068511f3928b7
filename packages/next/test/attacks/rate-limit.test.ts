// Starting verifications is limited per browser and (behind a trusted proxy) per client address:
// a flood is answered 429 rate_limited with Retry-After, before the service is asked.
import { createCredportHandlers, type StateStore } from "@credport/next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testConfig } from "../support/config.js";
import { setUpMockService } from "../support/mock-service.js";
import { TestBrowser } from "../support/test-browser.js";

const service = setUpMockService();
afterEach(() => vi.restoreAllMocks());

const creations = () =>
  service.model.requestLog.filter((r) => r.method === "POST" && r.path === "/v1/verifications")
    .length;

describe("the rate limit on starting verifications", () => {
  it("a browser gets 5 starts a minute, then 429 rate_limited with Retry-After, and the service is not asked", async () => {
    const browser = new TestBrowser(createCredportHandlers(testConfig(service.project)));
    for (let i = 0; i < 5; i++) await browser.start();
    const before = creations();
    const refused = await browser.send("POST", "verifications", {});
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("rate_limited");
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.body).toMatchObject({ details: { retryAfterSeconds: retryAfter } });
    expect(creations()).toBe(before);
    // Another browser is not held back by this one.
    await new TestBrowser(createCredportHandlers(testConfig(service.project))).start();
  });

  it("behind a trusted proxy, 10 starts a minute per address however many browsers; the client's own X-Forwarded-For entries do not help", async () => {
    const handlers = createCredportHandlers(testConfig(service.project, { trustProxy: true }));
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      // A fresh browser each time, and a forged first hop each time: only the proxy's entry counts.
      const res = await new TestBrowser(handlers).send(
        "POST",
        "verifications",
        {},
        { "x-forwarded-for": `10.9.8.${i}, 203.0.113.7` },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429, 429]);
    const other = await new TestBrowser(handlers).send(
      "POST",
      "verifications",
      {},
      { "x-forwarded-for": "203.0.113.8" },
    );
    expect(other.status).toBe(201);
  });

  it("without trustProxy, X-Forwarded-For is not an address: rotating it does not escape the per-browser limit, and one value does not lock others out", async () => {
    const handlers = createCredportHandlers(testConfig(service.project));
    const browser = new TestBrowser(handlers);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await browser.send("POST", "verifications", {}, { "x-forwarded-for": `198.51.100.${i}` }))
          .status,
      );
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    for (let i = 0; i < 12; i++)
      expect(
        (
          await new TestBrowser(handlers).send(
            "POST",
            "verifications",
            {},
            { "x-forwarded-for": "198.51.100.1" },
          )
        ).status,
      ).toBe(201);
  });

  it("limits are configurable, and a bad one is refused naming the option", () => {
    expect(() =>
      createCredportHandlers(
        testConfig(service.project, { rateLimit: { perBrowser: { limit: 0 } } }),
      ),
    ).toThrow(/rateLimit\.perBrowser\.limit must be an integer/);
    expect(() =>
      createCredportHandlers(testConfig(service.project, { trustProxy: -1 as never })),
    ).toThrow(/trustProxy/);
    for (const ipv6PrefixLength of [0, 24, 129, 56.5])
      expect(() =>
        createCredportHandlers(testConfig(service.project, { rateLimit: { ipv6PrefixLength } })),
      ).toThrow(/rateLimit\.ipv6PrefixLength must be an integer from 32 to 128/);
  });

  it("a failing store lets starts through with a warning (fail open), or refuses them with 503 when told to fail closed", async () => {
    const down = async (): Promise<never> => {
      throw new Error("redis down");
    };
    const broken: StateStore = {
      rememberOnce: down,
      markDone: down,
      isDone: down,
      increment: down,
      delete: down,
    };
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const open = new TestBrowser(
      createCredportHandlers(testConfig(service.project, { stateStore: broken })),
    );
    expect((await open.send("POST", "verifications", {})).status).toBe(201);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("redis down"));
    vi.spyOn(console, "error").mockImplementation(() => {});
    const closed = new TestBrowser(
      createCredportHandlers(
        testConfig(service.project, {
          stateStore: broken,
          rateLimit: { onStoreFailure: "closed" },
        }),
      ),
    );
    const refused = await closed.send("POST", "verifications", {});
    expect([refused.status, refused.body.code]).toEqual([503, "state_store_unavailable"]);
  });
});
