import {
  Credport,
  CredportConnectionError,
  CredportValidationError,
  Page,
  type PagePromise,
  type Verification,
} from "@credport/server";
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  expectTypeOf,
  it,
} from "vitest";
import { ALL_SERVICES, FAST, type TestService } from "./support/services.js";

/**
 * `list()` returns a promise of the first page that is also async-iterable over every item of
 * every page (as stripe-node's lists are), and whose `toArray` needs an explicit cap.
 */
describe("list() is a promise of the first page and an async iterable of every item", () => {
  let service: TestService;
  let requests: string[];
  let credport: Credport;
  let ids: string[];

  beforeAll(async () => {
    service = await ALL_SERVICES[0]!.start();
    const setup = new Credport({
      secretKey: service.project.secretKey,
      baseUrl: service.baseUrl,
      ...FAST,
    });
    ids = [];
    // Five items at two per page: three pages (2, 2, 1).
    for (let i = 0; i < 5; i++)
      ids.push((await setup.verifications.create({ policyId: "preset_age_over_18" })).id);
  });
  afterAll(() => service.close());

  beforeEach(() => {
    requests = [];
    credport = new Credport({
      secretKey: service.project.secretKey,
      baseUrl: service.baseUrl,
      ...FAST,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        requests.push(`${request.method} ${new URL(request.url).pathname}`);
        return fetch(request);
      },
    });
  });

  it("iterating the returned promise directly walks all three pages, one request each", async () => {
    const seen: string[] = [];
    for await (const v of credport.verifications.list({ limit: 2 })) seen.push(v.id);
    expect([...seen].sort()).toEqual([...ids].sort());
    expect(requests).toEqual(Array(3).fill("GET /v1/verifications"));
  });

  it("await gives the first page, and then/catch work as on any promise", async () => {
    const listed = credport.verifications.list({ limit: 2 });
    expect(listed).toBeInstanceOf(Promise);
    const page = await listed;
    expect(page).toBeInstanceOf(Page);
    expect(page.data).toHaveLength(2);
    expect(page.hasMore).toBe(true);
    expect(await credport.verifications.list({ limit: 2 }).then((p) => p.data.length)).toBe(2);
    expect(requests).toHaveLength(2);
    // The awaited page is iterable across pages as before.
    const all: string[] = [];
    for await (const v of page) all.push(v.id);
    expect(all).toHaveLength(5);
  });

  it("toArray on the promise stops at its limit, without fetching further pages", async () => {
    const three = await credport.verifications.list({ limit: 2 }).toArray({ limit: 3 });
    expect(three).toHaveLength(3);
    expect(requests).toHaveLength(2);
    expect(await credport.verifications.list({ limit: 2 }).toArray({ limit: 100 })).toHaveLength(5);
  });

  it("toArray without a positive integer limit is a type error and a validation error naming limit", async () => {
    const page = await credport.verifications.list({ limit: 2 });
    const refusals = [
      // @ts-expect-error -- the cap is required: a forgotten filter must not load a whole account.
      credport.verifications.list({ limit: 2 }).toArray(),
      // @ts-expect-error -- the cap is required.
      page.toArray(),
      // @ts-expect-error -- the cap is required.
      page.toArray({}),
      page.toArray({ limit: 0 }),
      page.toArray({ limit: 1.5 }),
      credport.verifications.list().toArray({ limit: -1 }),
    ];
    for (const refusal of refusals) {
      const error = await refusal.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CredportValidationError);
      expect(error).toMatchObject({
        message: "credport: limit: toArray needs a positive integer",
        details: { field: "limit" },
        status: undefined,
      });
    }
  });

  it("invalid params reject the promise and throw from the loop, before any request", async () => {
    await expect(credport.verifications.list({ limit: 0 })).rejects.toBeInstanceOf(
      CredportValidationError,
    );
    const thrown = await (async () => {
      for await (const _ of credport.verifications.list({ status: "nope" as never })) {
        // never reached
      }
    })().catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(CredportValidationError);
    expect(thrown).toMatchObject({ details: { field: "status" } });
    expect(requests).toEqual([]);
  });

  it("an aborted signal ends the iteration with request_aborted at the next page", async () => {
    const controller = new AbortController();
    const seen: string[] = [];
    const thrown = await (async () => {
      for await (const v of credport.verifications.list({ limit: 2, signal: controller.signal })) {
        seen.push(v.id);
        controller.abort();
      }
    })().catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(CredportConnectionError);
    expect(thrown).toMatchObject({ code: "request_aborted" });
    // The first page was already in memory; no page after it was loaded.
    expect(seen).toHaveLength(2);
    expect(requests).toHaveLength(1);
  });

  it("the types: a Promise<Page<T>> and an AsyncIterable<T>", () => {
    const listed = credport.verifications.list();
    expectTypeOf(listed).toEqualTypeOf<PagePromise<Verification>>();
    expectTypeOf(listed).toMatchTypeOf<Promise<Page<Verification>>>();
    expectTypeOf(listed).toMatchTypeOf<AsyncIterable<Verification>>();
    return listed;
  });

  describe("no unhandled rejections", () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    beforeEach(() => {
      unhandled.length = 0;
      process.on("unhandledRejection", record);
    });
    afterEach(() => {
      process.off("unhandledRejection", record);
    });
    // Node reports an unhandled rejection after the microtask queue drains: wait past that.
    const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
    const unreachable = () =>
      new Credport({
        secretKey: service.project.secretKey,
        baseUrl: "http://127.0.0.1:9",
        maxRetries: 0,
      });

    it("when a failing list is only iterated", async () => {
      const thrown = await (async () => {
        for await (const _ of unreachable().policies.list()) {
          // never reached
        }
      })().catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(CredportConnectionError);
      await settle();
      expect(unhandled).toEqual([]);
    });

    it("when a failing list is only awaited, or only collected", async () => {
      await expect(unreachable().policies.list()).rejects.toBeInstanceOf(CredportConnectionError);
      await expect(unreachable().policies.list().toArray({ limit: 5 })).rejects.toBeInstanceOf(
        CredportConnectionError,
      );
      await settle();
      expect(unhandled).toEqual([]);
    });

    it("when a list with invalid params is only iterated", async () => {
      const thrown = await (async () => {
        for await (const _ of credport.policies.list({ limit: -1 })) {
          // never reached
        }
      })().catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(CredportValidationError);
      await settle();
      expect(unhandled).toEqual([]);
    });

    it("when a page fetch fails midway through the loop", async () => {
      const seen: string[] = [];
      const thrown = await (async () => {
        for await (const v of credport.verifications.list({ limit: 2 })) {
          seen.push(v.id);
          if (seen.length === 2)
            service.model.faults.inject({
              kind: "bad_gateway_html",
              count: 5,
              path: "/v1/verifications",
            });
        }
      })().catch((e: unknown) => e);
      service.model.faults.clear();
      expect(thrown).toMatchObject({ status: 502 });
      expect(seen).toHaveLength(2);
      await settle();
      expect(unhandled).toEqual([]);
    });
  });
});
