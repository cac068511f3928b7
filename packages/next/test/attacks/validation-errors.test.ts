// Issue 12, item 11: bad input found before the service is asked is a 400 that names the field,
// not a 502. Issue 18: what browsers send is checked with the rules of the wire contract.
import { createCredportHandlers } from "@credport/next";
import { Credport, CredportValidationError } from "@credport/server";
import { describe, expect, it } from "vitest";
import { testConfig } from "../support/config.js";
import { BASE, setUpMockService } from "../support/mock-service.js";
import { TestBrowser } from "../support/test-browser.js";

const service = setUpMockService();
const handlers = createCredportHandlers(testConfig(service.project));

describe("validation errors", () => {
  it.each<[string, unknown, string]>([
    ["no verificationId", {}, "verificationId"],
    ["a number", { verificationId: 5 }, "verificationId"],
    ["an empty string", { verificationId: "" }, "verificationId"],
    ["a huge string", { verificationId: "v".repeat(5000) }, "verificationId"],
    // URLs drop dot segments, so the service could never be asked about such an ID.
    ["a dot segment", { verificationId: ".." }, "verificationId"],
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

  it.each<[string, string, RegExp]>([
    ["a blank ID", "%20%20", /verificationId must be a non-blank string of at most 200 characters/],
    ["a huge ID", "v".repeat(201), /at most 200 characters/],
    ["bad percent-encoding", "%E0%A4%A", /verificationId must be percent-encoded UTF-8/],
  ])(
    "a status ID with %s: 400 naming verificationId and the rule, the service not called",
    async (_, id, rule) => {
      const res = await new TestBrowser(handlers).send("GET", `verifications/${id}/status`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: "validation_error",
        details: { field: "verificationId" },
      });
      expect(res.body.message).toMatch(rule);
      expect(service.serviceCalls()).toBe(0);
    },
  );

  it("the rules and their wording are the contract's: the server client refuses the same IDs the same way", async () => {
    const credport = new Credport({ secretKey: service.project.secretKey, baseUrl: BASE });
    const browser = new TestBrowser(handlers);
    for (const id of ["..", " ", "v".repeat(201)]) {
      const res = await browser.send("POST", "session", { verificationId: id });
      const local = await credport.verifications.getStatus(id).catch((e) => e);
      expect(local).toBeInstanceOf(CredportValidationError);
      // `credport: verificationId: <rule>` and `credport/next: verificationId <rule>.`
      const rule = local.message.replace(/^credport: verificationId: /, "");
      expect(res.body.message).toBe(`credport/next: verificationId ${rule}.`);
    }
    expect(service.serviceCalls()).toBe(0);
  });

  it("a valid-looking ID this browser did not start is refused before the service is asked", async () => {
    const res = await new TestBrowser(handlers).send("POST", "session", {
      verificationId: "vrf_someone_else",
      extra: "ignored",
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: "VERIFICATION_BINDING_REQUIRED" });
    expect(service.serviceCalls()).toBe(0);
  });

  it("server-side values the client refuses locally are 400 naming the field, not 502", async () => {
    const h = createCredportHandlers(
      testConfig(service.project, { getMetadata: () => ({ count: 5 as unknown as string }) }),
    );
    const res = await new TestBrowser(h).send("POST", "verifications", {});
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: "validation_error",
      details: { field: "metadata.count" },
    });
  });
});
