import {
  Credport,
  CredportAPIError,
  CredportAuthenticationError,
  CredportConfigurationError,
  CredportConflictError,
  CredportRateLimitError,
  CredportTimeoutError,
  INVALID_API_KEY_FORMAT,
} from "@credport/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { badge, badgeClaims, FAST, SERVICES, type TestService } from "./support/services.js";

/** Counts what leaves the client, on its way to the real transport. */
function countingFetch() {
  const requests: { method: string; url: string; headers: Headers; body: string | undefined }[] =
    [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    requests.push({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: init?.body as string | undefined,
    });
    return fetch(request);
  };
  return { requests, fetch: fetchImpl };
}

describe("configuration", () => {
  const baseUrl = "https://api.credport.test";
  it.each([
    ["a prefix-only key", "sk_test_"],
    ["a key with spaces", "sk_test_ has spaces! aaaaaaaaaaaaaaaaaaaa"],
    ["a short key", "sk_test_abc"],
    ["a key of another kind", "rk_test_aaaaaaaaaaaaaaaaaaaaaaaaaaaa"],
  ])("refuses %s with INVALID_API_KEY_FORMAT before any request", (_, secretKey) => {
    const error = (() => {
      try {
        new Credport({ secretKey, baseUrl });
      } catch (e) {
        return e;
      }
    })() as CredportConfigurationError;
    expect(error).toBeInstanceOf(CredportConfigurationError);
    expect(error.code).toBe(INVALID_API_KEY_FORMAT);
    expect(error.message).not.toContain(secretKey.slice(8) || "\u0000");
  });

  it("says a pk_ key is a publishable key", () => {
    expect(() => new Credport({ secretKey: `pk_test_${"a".repeat(24)}`, baseUrl })).toThrow(
      /publishable key/,
    );
  });

  it("missing key and missing base URL are distinct errors; environment variables are the defaults", () => {
    const env = { ...process.env };
    delete process.env.CREDPORT_SECRET_KEY;
    delete process.env.CREDPORT_BASE_URL;
    try {
      expect(() => new Credport({ baseUrl })).toThrow(
        expect.objectContaining({ code: "missing_api_key" }),
      );
      expect(() => new Credport({ secretKey: `sk_test_${"a".repeat(24)}` })).toThrow(
        expect.objectContaining({ code: "missing_base_url" }),
      );
      // An unset variable passed on (`string | undefined` under exactOptionalPropertyTypes) is the
      // option left out: the same typed error, naming the option and the variable.
      expect(() => new Credport({ secretKey: process.env.CREDPORT_SECRET_KEY, baseUrl })).toThrow(
        expect.objectContaining({
          code: "missing_api_key",
          message: expect.stringMatching(/\{ secretKey \}.*CREDPORT_SECRET_KEY/),
        }),
      );
      expect(
        () =>
          new Credport({
            secretKey: `sk_test_${"a".repeat(24)}`,
            baseUrl: process.env.CREDPORT_BASE_URL,
          }),
      ).toThrow(
        expect.objectContaining({
          code: "missing_base_url",
          message: expect.stringMatching(/\{ baseUrl \}.*CREDPORT_BASE_URL/),
        }),
      );
      process.env.CREDPORT_SECRET_KEY = `sk_test_${"a".repeat(24)}`;
      process.env.CREDPORT_BASE_URL = baseUrl;
      expect(new Credport()).toBeInstanceOf(Credport);
      expect(new Credport({ secretKey: undefined, baseUrl: undefined })).toBeInstanceOf(Credport);
    } finally {
      // Restored in place: Vitest's stubEnv keeps the process.env object it started with.
      for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
      Object.assign(process.env, env);
    }
  });
});

describe.each(SERVICES)("request pipeline ($name)", (transport) => {
  let service: TestService;
  beforeAll(async () => {
    service = await transport.start();
    const setup = new Credport({ secretKey: service.project.secretKey, baseUrl: service.baseUrl });
    await setup.credentialDefinitions.create(badge());
  });
  afterAll(() => service.close());

  const client = (extra: Partial<ConstructorParameters<typeof Credport>[0]> = {}) => {
    const counter = countingFetch();
    const credport = new Credport({
      secretKey: service.project.secretKey,
      baseUrl: service.baseUrl,
      ...FAST,
      fetch: counter.fetch,
      ...extra,
    });
    return { credport, requests: counter.requests };
  };
  const offer = { credentialDefinitionId: "badge-v1", claims: badgeClaims };

  it("sends the key, a user agent naming the SDK and runtime, and one Idempotency-Key kept across retries", async () => {
    const { credport, requests } = client();
    service.model.faults.inject({
      kind: "service_unavailable",
      count: 2,
      path: "/v1/openid4vc/issuance/offer",
    });
    await credport.issuance.createOffer(offer);
    expect(requests).toHaveLength(3);
    const keys = requests.map((r) => r.headers.get("idempotency-key"));
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(requests[0]!.headers.get("user-agent")).toMatch(/^credport-server\/\S+ node\/20\./);
    expect(requests[0]!.headers.get("x-service-key")).toBe(service.project.secretKey);
  });

  it("uses the caller's idempotency key, and a replay returns the first result", async () => {
    const { credport } = client();
    const first = await credport.issuance.createOffer(offer, { idempotencyKey: "order-77" });
    const again = await credport.issuance.createOffer(offer, { idempotencyKey: "order-77" });
    expect(again.id).toBe(first.id);
    await expect(
      credport.issuance.createOffer(
        { ...offer, metadata: { x: "y" } },
        { idempotencyKey: "order-77" },
      ),
    ).rejects.toMatchObject({
      code: "idempotency_key_reused",
    });
  });

  it("a timed-out attempt is retried with a fresh timeout", async () => {
    const { credport, requests } = client({ timeoutMs: 150 });
    service.model.faults.inject({ kind: "delay", delayMs: 400, count: 1, path: "/v1/policies" });
    const page = await credport.policies.list();
    expect(page.data).toEqual([]);
    expect(requests).toHaveLength(2);
  });

  it("gives up after maxRetries with a typed timeout error", async () => {
    const { credport, requests } = client({ timeoutMs: 50, maxRetries: 1 });
    service.model.faults.inject({ kind: "delay", delayMs: 300, count: 2, path: "/v1/policies" });
    const error = await credport.policies.list().catch((e) => e);
    expect(error).toBeInstanceOf(CredportTimeoutError);
    expect(error).toMatchObject({ type: "timeout_error", code: "request_timeout" });
    expect(requests).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
  });

  it("honours Retry-After within the cap; beyond it, a rate-limit error carrying retryAfterSeconds, without retrying", async () => {
    const { credport, requests } = client({ backoff: { initialDelayMs: 1, maxDelayMs: 1500 } });
    service.model.faults.inject({
      kind: "rate_limited",
      retryAfterSeconds: 1,
      count: 1,
      path: "/v1/policies",
    });
    const started = Date.now();
    await credport.policies.list();
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(requests).toHaveLength(2);
    service.model.faults.inject({
      kind: "rate_limited",
      retryAfterSeconds: 60,
      count: 1,
      path: "/v1/policies",
    });
    const error = await credport.policies.list().catch((e) => e);
    expect(error).toBeInstanceOf(CredportRateLimitError);
    expect(error.retryAfterSeconds).toBe(60);
    expect(requests).toHaveLength(3);
  });

  it("an option read from an unset environment variable (undefined) is the default", async () => {
    const { credport, requests } = client({
      timeoutMs: undefined,
      maxRetries: undefined,
      maxResponseBytes: undefined,
      backoff: { initialDelayMs: 1, maxDelayMs: undefined },
    });
    // The default cap (5 s) holds: a Retry-After of 60 s is not waited for.
    service.model.faults.inject({
      kind: "rate_limited",
      retryAfterSeconds: 60,
      count: 1,
      path: "/v1/policies",
    });
    const error = await credport.policies
      .list({ limit: undefined, cursor: undefined, maxRetries: undefined })
      .catch((e) => e);
    expect(error).toBeInstanceOf(CredportRateLimitError);
    expect(requests).toHaveLength(1);
  }, 10_000);

  it("never retries a 409 or another 4xx", async () => {
    const { credport, requests } = client();
    await credport.credentialDefinitions.createDraft({ credentialDefinitionId: "once" });
    await expect(
      credport.credentialDefinitions.createDraft({ credentialDefinitionId: "once" }),
    ).rejects.toBeInstanceOf(CredportConflictError);
    await expect(credport.issuance.get("iss_missing")).rejects.toMatchObject({ status: 404 });
    expect(requests).toHaveLength(3);
  });

  it("wraps a non-JSON 5xx (a proxy page) as an API error after retrying", async () => {
    const { credport, requests } = client();
    service.model.faults.inject({ kind: "bad_gateway_html", count: 3, path: "/v1/policies" });
    const error = await credport.policies.list().catch((e) => e);
    expect(error).toBeInstanceOf(CredportAPIError);
    expect(error).toMatchObject({ status: 502, code: "server_error" });
    expect(requests).toHaveLength(3);
  });

  it("wraps network failures as connection errors, never a raw TypeError", async () => {
    const credport = new Credport({
      secretKey: service.project.secretKey,
      baseUrl: "http://127.0.0.1:9",
      maxRetries: 1,
      ...FAST,
    });
    const error = await credport.policies.list().catch((e) => e);
    expect(error).toMatchObject({ type: "connection_error", code: "connection_failed" });
  });

  it("keeps keys and tokens out of error messages", async () => {
    const revoked = service.model.keys.createKey({
      projectId: service.project.projectId,
      environment: "test",
      type: "secret",
    });
    service.model.keys.revoke(revoked);
    const credport = new Credport({ secretKey: revoked, baseUrl: service.baseUrl, ...FAST });
    const error = await credport.policies.list().catch((e) => e);
    expect(error).toBeInstanceOf(CredportAuthenticationError);
    expect(error.code).toBe("api_key_revoked");
    expect(`${error.message} ${JSON.stringify(error)}`).not.toContain(revoked);
  });
});
