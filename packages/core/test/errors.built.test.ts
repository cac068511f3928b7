import { createRequire } from "node:module";
import * as esm from "@credport/core";
import { describe, expect, expectTypeOf, it } from "vitest";

/** The CommonJS build, as a CJS dependency of the app would load it: its own copy of every class. */
const cjs = createRequire(import.meta.url)("@credport/core") as typeof esm;
const options = { code: "not_found", status: 404 } as const;

describe("errors across module formats", () => {
  it("the two builds really are two copies", () => {
    expect(createRequire(import.meta.url).resolve("@credport/core")).toMatch(/index\.cjs$/);
    expect(cjs.CredportError).not.toBe(esm.CredportError);
  });

  it.each([
    ["CJS error, ESM classes", cjs, esm],
    ["ESM error, CJS classes", esm, cjs],
  ] as const)("instanceof and isCredportError work: %s", (_, made, checked) => {
    const notFound = new made.CredportNotFoundError("credport: gone", options);
    expect(notFound).toBeInstanceOf(checked.CredportNotFoundError);
    expect(notFound).toBeInstanceOf(checked.CredportError);
    expect(notFound).not.toBeInstanceOf(checked.CredportConflictError);
    expect(checked.isCredportError(notFound)).toBe(true);

    const timeout = new made.CredportTimeoutError("credport: slow", { code: "request_timeout" });
    expect(timeout).toBeInstanceOf(checked.CredportTimeoutError);
    expect(timeout).toBeInstanceOf(checked.CredportConnectionError);
    expect(timeout).not.toBeInstanceOf(checked.CredportAPIError);

    const token = new made.CredportInvalidTokenError("credport: token", { code: "invalid_token" });
    expect(token).toBeInstanceOf(checked.CredportAuthenticationError);
    expect(token).not.toBeInstanceOf(checked.CredportMissingTokenError);
  });

  it("look-alikes are not Credport errors; an app's own subclass keeps plain instanceof", () => {
    expect(esm.isCredportError(new Error("x"))).toBe(false);
    expect(esm.isCredportError({ type: "not_found_error", code: "x" })).toBe(false);
    expect(esm.isCredportError(null)).toBe(false);
    expect({ type: "not_found_error" }).not.toBeInstanceOf(esm.CredportError);

    class AppError extends esm.CredportNotFoundError {}
    expect(new AppError("credport: x", options)).toBeInstanceOf(esm.CredportNotFoundError);
    expect(new esm.CredportNotFoundError("credport: x", options)).not.toBeInstanceOf(AppError);
    expect(new AppError("credport: x", options).type).toBe("not_found_error");
  });

  it("every class has a literal type, on instances and on the class", () => {
    const classes = Object.entries(esm).filter(
      ([name, value]) => /^Credport.*Error$/.test(name) && typeof value === "function",
    ) as [string, typeof esm.CredportError][];
    expect(classes.length).toBe(16);
    const types = new Set<string>();
    for (const [name, ErrorClass] of classes) {
      const error = new ErrorClass("credport: x", { code: "internal_error" });
      expect(error.type).toBe(ErrorClass.type);
      expect(error.type).toMatch(/^[a-z_]+_error$/);
      expect(error.name).toBe(name);
      expect(JSON.parse(JSON.stringify(error))).toMatchObject({
        type: error.type,
        code: "internal_error",
      });
      types.add(error.type);
    }
    expect(types.size).toBe(classes.length);
  });

  it("err.type narrows to the class after isCredportError", () => {
    const caught: unknown = new cjs.CredportRateLimitError("credport: slow down", {
      code: "rate_limited",
      status: 429,
      retryAfterSeconds: 3,
    });
    if (!esm.isCredportError(caught)) throw new Error("not recognized");
    switch (caught.type) {
      case "rate_limit_error":
        expectTypeOf(caught).toEqualTypeOf<esm.CredportRateLimitError>();
        expect(caught.retryAfterSeconds).toBe(3);
        break;
      case "timeout_error":
        expectTypeOf(caught).toEqualTypeOf<esm.CredportTimeoutError>();
        throw new Error("wrong branch");
      default:
        expectTypeOf(caught.type).toEqualTypeOf<
          Exclude<esm.CredportErrorType, "rate_limit_error" | "timeout_error">
        >();
        throw new Error("wrong branch");
    }
  });
});

describe("configuration hints", () => {
  it.each([
    ["https://api.credport.example/v1", "https://api.credport.example"],
    ["https://api.credport.example/v1/", "https://api.credport.example"],
    ["https://example.test/credport/V1", "https://example.test/credport"],
  ])("a base URL ending in /v1 (%s) names the URL to pass", (baseUrl, fixed) => {
    for (const check of [esm.normalizeBaseUrl, esm.normalizeServerBaseUrl]) {
      expect(() => check(baseUrl)).toThrow(
        expect.objectContaining({
          code: "invalid_base_url",
          message: expect.stringContaining(`pass ${fixed} instead`),
        }),
      );
    }
  });

  it("server code needs an absolute http(s) URL without credentials; browser code may use a path", () => {
    expect(esm.normalizeServerBaseUrl("https://api.example.com//")).toBe("https://api.example.com");
    for (const bad of [
      "",
      "api.example.com",
      "ftp://x.test",
      "https://u:p@x.test",
      "https://x.test?a=1",
    ])
      expect(() => esm.normalizeServerBaseUrl(bad)).toThrow(esm.CredportConfigurationError);
    expect(esm.normalizeBaseUrl("/credport-proxy/")).toBe("/credport-proxy");
  });
});
