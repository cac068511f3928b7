import { inspect } from "node:util";
import {
  Credport,
  CredportAPIError,
  CredportAuthenticationError,
  CredportConfigurationError,
  CredportConflictError,
  CredportConnectionError,
  CredportError,
  type CredportErrorCode,
  CredportInvalidResponseError,
  CredportNotFoundError,
  CredportPermissionError,
  CredportRateLimitError,
  CredportSignatureVerificationError,
  CredportTimeoutError,
  CredportValidationError,
  verifyWebhook,
} from "@credport/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type HostileServer,
  hugeBody,
  json,
  raw,
  redirect,
  reset,
  stall,
  startHostileServer,
} from "../../core/test/support/hostile-server.js";

const KEY = `sk_test_${"S3cr3t".repeat(6)}`;
/** Every way a server can echo the key back: message, code, details (nested), request id. */
const echo = (status: number, code: string) =>
  json(
    status,
    {
      object: "error",
      code,
      message: `refused for ${KEY}`,
      details: { field: "x", echoed: KEY, nested: { list: [KEY, { deeper: `key=${KEY}` }] } },
    },
    { "x-request-id": `req_${KEY}`, "retry-after": "600" },
  );

/** Every value reachable from `root`: own properties (enumerable or not, getters too), prototypes, Map/Set/Headers entries. */
function pathsHolding(root: unknown, needle: string): string[] {
  const found: string[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown, path: string) => {
    if (typeof value === "string") {
      if (value.includes(needle)) found.push(path);
      return;
    }
    if ((typeof value !== "object" && typeof value !== "function") || value === null) return;
    if (seen.has(value)) return;
    seen.add(value);
    if (value instanceof Map || value instanceof Headers || value instanceof Set) {
      for (const [k, v] of (value as Map<unknown, unknown>).entries()) {
        visit(k, `${path}<key>`);
        visit(v, `${path}<${String(k)}>`);
      }
    }
    for (
      let target: object | null = value as object;
      target && target !== Object.prototype && target !== Function.prototype;
      target = Object.getPrototypeOf(target)
    ) {
      for (const key of Reflect.ownKeys(target)) {
        const descriptor = Object.getOwnPropertyDescriptor(target, key)!;
        let child: unknown;
        try {
          child = "value" in descriptor ? descriptor.value : descriptor.get?.call(value);
        } catch {
          continue;
        }
        visit(child, `${path}.${String(key)}`);
      }
    }
  };
  visit(root, "error");
  return found;
}

function expectNoKey(error: unknown) {
  expect(error).toBeInstanceOf(CredportError);
  expect(pathsHolding(error, KEY)).toEqual([]);
  expect(pathsHolding(error, "S3cr3t")).toEqual([]);
  const shown = inspect(error, {
    showHidden: true,
    depth: Number.POSITIVE_INFINITY,
    getters: true,
  });
  expect(shown).not.toContain("S3cr3t");
  expect(JSON.stringify(error)).not.toContain("S3cr3t");
  const clone = structuredClone(error);
  expect(pathsHolding(clone, "S3cr3t")).toEqual([]);
  expect(inspect(clone, { showHidden: true, depth: Number.POSITIVE_INFINITY })).not.toContain(
    "S3cr3t",
  );
  // Messages never name the internal authentication header either.
  expect(String((error as Error).message).toLowerCase()).not.toContain("x-service-key");
  expect(shown.toLowerCase()).not.toContain("x-service-key");
}

let hostile: HostileServer;
beforeAll(async () => {
  hostile = await startHostileServer();
});
afterAll(() => hostile.close());

const client = (extra: Partial<ConstructorParameters<typeof Credport>[0]> = {}) =>
  new Credport({
    secretKey: KEY,
    baseUrl: hostile.url,
    maxRetries: 0,
    ...extra,
  });
const rejection = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
};
const callOnce = () =>
  rejection(client().issuance.createOffer({ credentialDefinitionId: "d", claims: { a: "b" } }));

describe("no error reachable by the app holds the secret key", () => {
  it.each([
    [400, "validation_error", CredportValidationError],
    [401, "api_key_invalid", CredportAuthenticationError],
    [403, "insufficient_scope", CredportPermissionError],
    [404, "not_found", CredportNotFoundError],
    [409, "idempotency_key_reused", CredportConflictError],
    [429, "rate_limited", CredportRateLimitError],
    [500, "internal_error", CredportAPIError],
  ] as const)("%i %s echoing the key", async (status, code, errorClass) => {
    hostile.answer(echo(status, code));
    const error = await callOnce();
    expect(error).toBeInstanceOf(errorClass);
    expectNoKey(error);
  });

  it("a proxy's HTML page that quotes the key", async () => {
    hostile.answer(raw(502, `<html>${KEY}</html>`, { "content-type": "text/html" }));
    const error = await callOnce();
    expect(error).toBeInstanceOf(CredportAPIError);
    expectNoKey(error);
  });

  it("a redirect whose Location carries the key, and a 2xx that quotes it", async () => {
    hostile.answer(redirect(307, `http://127.0.0.1:9/steal?key=${KEY}`));
    const redirected = await callOnce();
    expect(redirected).toBeInstanceOf(CredportInvalidResponseError);
    expectNoKey(redirected);
    hostile.answer(raw(200, `<p>${KEY}</p>`, { "content-type": "text/html" }));
    const html = await callOnce();
    expect(html).toBeInstanceOf(CredportInvalidResponseError);
    expectNoKey(html);
    hostile.answer(hugeBody(8 * 1024 * 1024));
    const huge = await callOnce();
    expect(huge).toBeInstanceOf(CredportInvalidResponseError);
    expectNoKey(huge);
  });

  it("a dropped connection, a timeout and an abort", async () => {
    hostile.answer(reset());
    const dropped = await callOnce();
    expect(dropped).toBeInstanceOf(CredportConnectionError);
    expectNoKey(dropped);

    hostile.answer(stall());
    const timedOut = await rejection(
      client({ timeoutMs: 30 }).issuance.get("iss_1", { timeoutMs: 30 }),
    );
    expect(timedOut).toBeInstanceOf(CredportTimeoutError);
    expectNoKey(timedOut);

    const aborted = await rejection(
      client().issuance.get("iss_1", { signal: AbortSignal.abort(new Error(`stop ${KEY}`)) }),
    );
    expectNoKey(aborted);
  });

  it("an HTTP library's error that keeps the request options (headers included) as its cause", async () => {
    // What ofetch's FetchError looked like: the request options, secret header included, on getters.
    const leakyFetch: typeof fetch = async (input, init) => {
      const error = new TypeError("fetch failed", {
        cause: Object.assign(new Error(`connect ECONNRESET, sent ${KEY}`), {
          code: "ECONNRESET",
        }),
      });
      for (const [name, value] of Object.entries({ options: init, request: input })) {
        Object.defineProperty(error, name, { get: () => value, enumerable: false });
      }
      Object.assign(error, { headers: new Headers(init?.headers) });
      throw error;
    };
    const error = await rejection(
      client({ fetch: leakyFetch }).issuance.createOffer({
        credentialDefinitionId: "d",
        claims: { a: "b" },
      }),
    );
    expect(error).toBeInstanceOf(CredportConnectionError);
    expect(error).toMatchObject({ code: "connection_failed" });
    expect((error as Error).cause).toBeDefined(); // a sanitized cause remains, for debugging
    expect((error as { cause: { code?: string } }).cause.code).toBe("ECONNRESET");
    expectNoKey(error);
  });

  it.each([
    "No secret key: send it in the X-Service-Key header.",
    "The X-Service-Key header does not hold a valid secret key.",
    "No client token: send Authorization: Bearer <client token>.",
  ])(
    "a service message naming an internal header (%s) is said in the SDK's terms",
    async (text) => {
      hostile.answer(json(401, { object: "error", code: "invalid_api_key", message: text }));
      const error = (await callOnce()) as Error;
      expect(error).toBeInstanceOf(CredportAuthenticationError);
      expect(error.message).toMatch(/invalid_api_key.*key or client token/);
      expect(error.message).not.toMatch(/x-service-key|authorization|bearer/i);
    },
  );

  it("configuration errors never quote the key they refuse", () => {
    for (const secretKey of [`${KEY} `, KEY.replace("sk_test_", "sk_tset_"), `${KEY}!`]) {
      let error: unknown;
      try {
        new Credport({ secretKey, baseUrl: hostile.url });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(CredportConfigurationError);
      expectNoKey(error);
    }
  });

  it("a webhook that fails verification", async () => {
    const payload = JSON.stringify({ id: "evt_1", leaked: KEY });
    const error = await rejection(
      verifyWebhook(
        { payload, signature: `t=${Math.floor(Date.now() / 1000)},v1=00` },
        {
          secret: `whsec_${"w".repeat(32)}`,
        },
      ),
    );
    expect(error).toBeInstanceOf(CredportSignatureVerificationError);
    expectNoKey(error);
  });

  it("the base class, built with a raw cause that holds the key", () => {
    const cause = Object.assign(new Error("boom"), {
      options: { headers: { "X-Service-Key": KEY } },
    });
    const error = new CredportError(`credport: failed with ${KEY}`, {
      // A code is passed on as the service sent it; even one that holds a key is redacted.
      code: KEY as CredportErrorCode,
      requestId: KEY,
      details: { KEY, [KEY]: [KEY] },
      cause,
    });
    expectNoKey(error);
  });
});
