import {
  CredportConnectionError,
  CredportInvalidResponseError,
  CredportRateLimitError,
  CredportTimeoutError,
  CredportValidationError,
} from "@credport/core";
import { createRequestPipeline, type RequestPipelineOptions } from "@credport/core/pipeline";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type HostileServer,
  hugeBody,
  json,
  late,
  raw,
  redirect,
  reset,
  stall,
  stallBody,
  startHostileServer,
} from "./support/hostile-server.js";

const KEY = `sk_test_${"k".repeat(32)}`;
const OK = { object: "thing", id: "th_1" };
const FAST = { backoff: { initialDelayMs: 1, maxDelayMs: 20 } };

let hostile: HostileServer;
let elsewhere: HostileServer;
beforeAll(async () => {
  hostile = await startHostileServer();
  elsewhere = await startHostileServer();
});
afterEach(() => {
  hostile.requests.length = 0;
  elsewhere.requests.length = 0;
});
afterAll(async () => {
  await hostile.close();
  await elsewhere.close();
});

const pipeline = (options: Partial<RequestPipelineOptions> = {}) =>
  createRequestPipeline({
    baseUrl: hostile.url,
    headers: { "x-service-key": KEY },
    ...FAST,
    ...options,
  });
const post = { method: "POST", path: "/v1/things", body: { name: "a" } } as const;
const get = { method: "GET", path: "/v1/things/th_1" } as const;
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (error: unknown) => error as Record<string, unknown>,
  );

describe("redirects are never followed", () => {
  it.each([301, 302, 303, 307, 308])(
    "a %i to another origin is an invalid-response error naming the Location; nothing is sent there",
    async (status) => {
      hostile.answer(redirect(status, `${elsewhere.url}/collect`));
      const error = await failure(pipeline().request(post));
      expect(error).toBeInstanceOf(CredportInvalidResponseError);
      expect(error).toMatchObject({ code: "unexpected_redirect", status });
      expect(error.message).toContain(`${elsewhere.url}/collect`);
      expect(elsewhere.requests).toHaveLength(0);
      expect(hostile.requests).toHaveLength(1); // and never retried
    },
  );
});

describe("2xx bodies", () => {
  it.each([
    ["an empty body", raw(200, "", { "content-type": "application/json" })],
    ["204 No Content", raw(204, "")],
    ["null", raw(200, "null", { "content-type": "application/json" })],
    ["an array", json(200, [OK])],
    ["a number", json(200, 42)],
    ["a string", json(200, "ok")],
    ["HTML", raw(200, "<html>ok</html>", { "content-type": "text/html" })],
    ["truncated JSON", raw(200, '{"id":', { "content-type": "application/json" })],
  ])("%s is a typed invalid-response error", async (_, behaviour) => {
    hostile.answer(behaviour);
    const error = await failure(pipeline().request(get));
    expect(error).toBeInstanceOf(CredportInvalidResponseError);
    expect(error).toMatchObject({ type: "invalid_response_error", code: "invalid_response" });
    expect(hostile.requests).toHaveLength(1);
  });

  it("an object resolves", async () => {
    hostile.answer(json(201, OK, { "x-request-id": "req_1" }));
    const response = await pipeline().request(post);
    expect(response).toMatchObject({ data: OK, status: 201, requestId: "req_1" });
  });
});

describe("response size cap", () => {
  it("a 50 MB streamed body is refused after the cap, without reading it whole", async () => {
    hostile.answer(hugeBody(50 * 1024 * 1024));
    const before = hostile.bytesSent();
    const error = await failure(pipeline().request(get));
    expect(error).toBeInstanceOf(CredportInvalidResponseError);
    expect(error).toMatchObject({ code: "response_too_large" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(hostile.bytesSent() - before).toBeLessThan(20 * 1024 * 1024);
    expect(hostile.requests).toHaveLength(1);
  });

  it("a declared Content-Length beyond the cap is refused before reading; the cap is configurable", async () => {
    hostile.answer(hugeBody(4096, { declare: true }));
    const error = await failure(pipeline({ maxResponseBytes: 1024 }).request(get));
    expect(error).toMatchObject({ code: "response_too_large" });
    expect(error.message).toMatch(/1024 bytes/);
    hostile.answer(json(200, { ...OK, pad: "x".repeat(2000) }));
    await expect(pipeline({ maxResponseBytes: 4096 }).request(get)).resolves.toBeTruthy();
  });

  it("an error body beyond the cap does not hang or crash: the status still maps", async () => {
    hostile.answer(hugeBody(50 * 1024 * 1024, { status: 400 }));
    const error = await failure(pipeline().request(get));
    expect(error).toBeInstanceOf(CredportInvalidResponseError);
    expect(error).toMatchObject({ status: 400, code: "response_too_large" });
  });
});

describe("AbortSignal", () => {
  it("an already-aborted signal sends nothing", async () => {
    const error = await failure(pipeline().request({ ...post, signal: AbortSignal.abort() }));
    expect(error).toBeInstanceOf(CredportConnectionError);
    expect(error).toMatchObject({ code: "request_aborted" });
    expect(hostile.requests).toHaveLength(0);
  });

  it("an abort during the backoff sleep ends the call at once", async () => {
    hostile.answer(json(503, { code: "service_unavailable", message: "down" }));
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 100);
    const error = await failure(
      pipeline({ backoff: { initialDelayMs: 5000, maxDelayMs: 5000 } }).request({
        ...post,
        signal: controller.signal,
      }),
    );
    expect(error).toMatchObject({ code: "request_aborted" });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(hostile.requests).toHaveLength(1);
  });

  it("an abort while the service is silent ends the call at once", async () => {
    hostile.answer(stall());
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    const error = await failure(pipeline().request({ ...get, signal: controller.signal }));
    expect(error).toMatchObject({ code: "request_aborted" });
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe("failed writes carry their idempotency key", () => {
  it("a dropped connection after the write: the key and mayHaveBeenApplied, and a retry with that key is the same request", async () => {
    hostile.answer(reset());
    const error = await failure(pipeline({ maxRetries: 2 }).request(post));
    expect(error).toBeInstanceOf(CredportConnectionError);
    const keys = hostile.requests.map((r) => r.headers["idempotency-key"]);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(error).toMatchObject({ idempotencyKey: keys[0], mayHaveBeenApplied: true });

    hostile.answer(json(200, OK));
    await pipeline().request({ ...post, idempotencyKey: error.idempotencyKey as string });
    expect(hostile.requests.at(-1)!.headers["idempotency-key"]).toBe(keys[0]);
  });

  it("a timeout: the key and mayHaveBeenApplied", async () => {
    hostile.answer(stall());
    const error = await failure(pipeline({ timeoutMs: 50, maxRetries: 1 }).request(post));
    expect(error).toBeInstanceOf(CredportTimeoutError);
    expect(error.idempotencyKey).toBe(hostile.requests[0]!.headers["idempotency-key"]);
    expect(error.mayHaveBeenApplied).toBe(true);
  });

  it("a refusal (4xx) was not applied; a 5xx after a dropped write may have been", async () => {
    hostile.answer(json(400, { code: "validation_error", message: "bad" }));
    const refused = await failure(pipeline().request({ ...post, idempotencyKey: "k-1" }));
    expect(refused).toBeInstanceOf(CredportValidationError);
    expect(refused).toMatchObject({ idempotencyKey: "k-1", mayHaveBeenApplied: false });

    hostile.answer(reset(), json(500, { code: "internal_error", message: "x" }));
    const mixed = await failure(pipeline({ maxRetries: 1 }).request(post));
    expect(mixed).toMatchObject({ status: 500, mayHaveBeenApplied: true });
  });

  it("nothing listening: not applied", async () => {
    const closed = await startHostileServer();
    await closed.close();
    const error = await failure(pipeline({ baseUrl: closed.url, maxRetries: 1 }).request(post));
    expect(error).toMatchObject({ code: "connection_failed", mayHaveBeenApplied: false });
    expect(error.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("reads carry neither", async () => {
    hostile.answer(json(404, { code: "not_found", message: "no" }));
    const error = await failure(pipeline().request(get));
    expect(error.idempotencyKey).toBeUndefined();
    expect(error.mayHaveBeenApplied).toBeUndefined();
  });
});

describe("retries", () => {
  it.each(["-5", "-0.5", "soon", "1e3", "", "12abc"])(
    "Retry-After %j falls back to the backoff",
    async (value) => {
      hostile.answer(
        json(429, { code: "rate_limited", message: "x" }, { "retry-after": value }),
        json(200, OK),
      );
      await pipeline({ backoff: { initialDelayMs: 200, maxDelayMs: 400 } }).request(get);
      const [first, second] = hostile.requests;
      expect(second!.at - first!.at).toBeGreaterThanOrEqual(190);
    },
  );

  it("a 429 whose Retry-After is negative is retried after the backoff, not at once", async () => {
    hostile.answer(
      json(429, { code: "rate_limited", message: "x" }, { "retry-after": "-5" }),
      json(429, { code: "rate_limited", message: "x" }, { "retry-after": "-5" }),
    );
    const error = await failure(
      pipeline({ backoff: { initialDelayMs: 100, maxDelayMs: 200 }, maxRetries: 1 }).request(get),
    );
    expect(error).toBeInstanceOf(CredportRateLimitError);
    expect(error.retryAfterSeconds).toBeUndefined();
    expect(hostile.requests[1]!.at - hostile.requests[0]!.at).toBeGreaterThanOrEqual(90);
  });

  it("408 is retried", async () => {
    hostile.answer(raw(408, ""), json(200, OK));
    await expect(pipeline().request(post)).resolves.toMatchObject({ data: OK });
    expect(hostile.requests).toHaveLength(2);
  });

  it("a body that stalls after the headers times out, and the retry gets a fresh timeout", async () => {
    hostile.answer(stallBody(), json(200, OK));
    const started = Date.now();
    await expect(pipeline({ timeoutMs: 150 }).request(get)).resolves.toMatchObject({ data: OK });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(hostile.requests).toHaveLength(2);
  });

  it("a body that stalls every time ends in a typed timeout", async () => {
    hostile.answer(stallBody());
    const error = await failure(pipeline({ timeoutMs: 50, maxRetries: 1 }).request(get));
    expect(error).toBeInstanceOf(CredportTimeoutError);
    expect(hostile.requests).toHaveLength(2);
  });
});

describe("attempt timeouts", () => {
  it("concurrent attempts with different timeouts each end at their own, none early", async () => {
    hostile.answer(stall());
    const client = pipeline({ maxRetries: 0 });
    const ended: number[] = [];
    const started = performance.now();
    // The longest first: the shorter ones that follow must not wait for it.
    const elapsed = await Promise.all(
      [300, 60, 150].map((timeoutMs) =>
        failure(client.request({ ...get, timeoutMs })).then((error) => {
          expect(error).toBeInstanceOf(CredportTimeoutError);
          ended.push(timeoutMs);
          return performance.now() - started;
        }),
      ),
    );
    expect(ended).toEqual([60, 150, 300]);
    expect(elapsed[0]).toBeGreaterThanOrEqual(299);
    expect(elapsed[1]).toBeGreaterThanOrEqual(59);
    expect(elapsed[2]).toBeGreaterThanOrEqual(149);
  });

  it("a timeout beyond what setTimeout holds (2^31 ms) waits for the answer", async () => {
    hostile.answer(late(100, json(200, OK)));
    await expect(pipeline({ timeoutMs: 2 ** 31 + 5 }).request(get)).resolves.toMatchObject({
      data: OK,
    });
  });
});
