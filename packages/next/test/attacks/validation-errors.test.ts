// Issue 12, item 11: bad input found before the service is asked is a 400 that names the field,
// not a 502.
import { createCredportHandlers } from "@credport/next";
import { describe, expect, it } from "vitest";
import { testConfig } from "../support/config.js";
import { setUpMockService } from "../support/mock-service.js";
import { TestBrowser } from "../support/test-browser.js";

const service = setUpMockService();
const handlers = createCredportHandlers(testConfig(service.project));

describe("validation errors", () => {
  it.each<[string, unknown, string]>([
    ["no verificationId", {}, "verificationId"],
    ["a number", { verificationId: 5 }, "verificationId"],
    ["an empty string", { verificationId: "" }, "verificationId"],
    ["a huge string", { verificationId: "v".repeat(5000) }, "verificationId"],
    ["not JSON", "{not json", "body"],
    ["a JSON array", "[]", "body"],
  ])("finalize with %s: 400 naming the field, the service not called", async (_, body, field) => {
    const browser = new TestBrowser(handlers);
    await browser.start();
    service.model.requestLog.length = 0;
    const res = await browser.send("POST", "session", body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "validation_error", details: { field } });
    expect(res.body.message).toMatch(new RegExp(field));
    expect(service.serviceCalls()).toBe(0);
  });

  it("a malformed status ID: 400 naming verificationId", async () => {
    const res = await new TestBrowser(handlers).send("GET", "verifications/bad%20id%21/status");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: "validation_error",
      details: { field: "verificationId" },
    });
  });

  it("server-side values the client refuses locally are 400 naming the field, not 502", async () => {
    const h = createCredportHandlers(
      testConfig(service.project, { resolveMetadata: () => ({ count: 5 as unknown as string }) }),
    );
    const res = await new TestBrowser(h).send("POST", "verifications", {});
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: "validation_error",
      details: { field: "metadata.count" },
    });
  });
});
