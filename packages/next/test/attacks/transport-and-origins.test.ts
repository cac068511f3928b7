// Issue 12, item 9: Secure cookies and the same-origin check do not depend on what request.url
// says behind a proxy: Secure outside development unless told otherwise, allowed origins configurable.
import { createCredportHandlers } from "@credport/next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testConfig } from "../support/config.js";
import { setUpMockService } from "../support/mock-service.js";
import { TestBrowser } from "../support/test-browser.js";

const service = setUpMockService();
afterEach(() => vi.unstubAllEnvs());

/** A request as the app sees it behind a proxy that forwards to http://localhost:3000. */
const behindProxy = (handlers: ReturnType<typeof createCredportHandlers>, origin: string) =>
  handlers.POST(
    new Request("http://localhost:3000/api/credport/verifications", {
      method: "POST",
      headers: { origin },
    }),
  );

describe("Secure cookies", () => {
  it("are Secure outside development even when request.url says http://localhost", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const handlers = createCredportHandlers(testConfig(service.project));
    const response = await behindProxy(handlers, "http://localhost:3000");
    expect(response.headers.getSetCookie()[0]).toMatch(/;\s*Secure/i);
  });

  it("are not Secure in development (next dev on http://localhost)", async () => {
    vi.stubEnv("NODE_ENV", "development");
    const handlers = createCredportHandlers(testConfig(service.project));
    const response = await behindProxy(handlers, "http://localhost:3000");
    expect(response.headers.getSetCookie()[0]).not.toMatch(/Secure/i);
  });

  it("secureCookies decides explicitly", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const off = createCredportHandlers(testConfig(service.project, { secureCookies: false }));
    expect((await behindProxy(off, "http://localhost:3000")).headers.getSetCookie()[0]).not.toMatch(
      /Secure/i,
    );
    vi.stubEnv("NODE_ENV", "development");
    const on = createCredportHandlers(testConfig(service.project, { secureCookies: true }));
    expect((await behindProxy(on, "http://localhost:3000")).headers.getSetCookie()[0]).toMatch(
      /;\s*Secure/i,
    );
  });
});

describe("allowed origins", () => {
  it("behind a proxy, the public origin is allowed when configured, and only it", async () => {
    const handlers = createCredportHandlers(
      testConfig(service.project, { allowedOrigins: ["https://shop.example"] }),
    );
    expect((await behindProxy(handlers, "https://shop.example")).status).toBe(201);
    expect((await behindProxy(handlers, "http://localhost:3000")).status).toBe(403);
    expect((await behindProxy(handlers, "https://evil.example")).status).toBe(403);
  });

  it("without the option, the origin of request.url is the one allowed", async () => {
    const handlers = createCredportHandlers(testConfig(service.project));
    expect((await behindProxy(handlers, "http://localhost:3000")).status).toBe(201);
    expect((await behindProxy(handlers, "https://shop.example")).status).toBe(403);
    const browser = new TestBrowser(handlers);
    expect((await browser.send("POST", "verifications", {})).status).toBe(201);
  });

  it("refuses an allowed origin that is not an origin", () => {
    expect(() =>
      createCredportHandlers(
        testConfig(service.project, { allowedOrigins: ["https://shop.example/path"] }),
      ),
    ).toThrow(/allowedOrigins\[0\]/);
  });
});

/** `next start -H 127.0.0.1`: request.url says localhost, the browser's Host and Origin say 127.0.0.1. */
const startAt = (
  handlers: ReturnType<typeof createCredportHandlers>,
  url: string,
  headers: Record<string, string>,
) =>
  handlers.POST(
    new Request(`${url}/api/credport/verifications`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: "{}",
    }),
  );

describe("the request's own loopback Host", () => {
  const handlers = createCredportHandlers(testConfig(service.project));

  it.each([
    ["127.0.0.1:3000", "http://127.0.0.1:3000"],
    ["localhost:3000", "http://localhost:3000"],
    ["[::1]:3000", "http://[::1]:3000"],
    ["127.0.0.2:3000", "http://127.0.0.2:3000"],
  ])("is the same origin when the app runs on loopback (Host %s)", async (host, origin) => {
    const res = await startAt(handlers, "http://localhost:3000", { host, origin });
    expect(res.status).toBe(201);
  });

  it.each([
    ["evil.example", "http://evil.example"],
    ["evil.example:3000", "http://evil.example:3000"],
    ["127.0.0.1.evil.example:3000", "http://127.0.0.1.evil.example:3000"],
    ["localhost.evil.example:3000", "http://localhost.evil.example:3000"],
    ["127.0.0.1:3000@evil.example", "http://evil.example"],
  ])("a non-loopback Host (%s) does not widen the allowed origins", async (host, origin) => {
    const res = await startAt(handlers, "http://localhost:3000", { host, origin });
    expect(res.status).toBe(403);
  });

  it("a loopback Host does not widen them when the app is not on loopback", async () => {
    const res = await startAt(handlers, "https://shop.example", {
      host: "127.0.0.1:3000",
      origin: "http://127.0.0.1:3000",
    });
    expect(res.status).toBe(403);
  });

  it("configured allowedOrigins are the only ones, whatever the Host", async () => {
    const configured = createCredportHandlers(
      testConfig(service.project, { allowedOrigins: ["https://shop.example"] }),
    );
    const res = await startAt(configured, "http://localhost:3000", {
      host: "127.0.0.1:3000",
      origin: "http://127.0.0.1:3000",
    });
    expect(res.status).toBe(403);
  });

  it("the refusal names the allowed origins", async () => {
    const res = await startAt(handlers, "http://localhost:3000", {
      host: "127.0.0.1:3000",
      origin: "https://evil.example",
    });
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe("cross_site_request");
    expect(body.message).toContain("http://localhost:3000");
    expect(body.message).toContain("http://127.0.0.1:3000");
    expect(body.message).toContain("allowedOrigins");
    const configured = createCredportHandlers(
      testConfig(service.project, { allowedOrigins: ["https://shop.example"] }),
    );
    const refused = (await (
      await startAt(configured, "http://localhost:3000", { origin: "https://evil.example" })
    ).json()) as { message: string };
    expect(refused.message).toContain("https://shop.example");
    expect(refused.message).not.toContain("http://localhost:3000");
  });
});
