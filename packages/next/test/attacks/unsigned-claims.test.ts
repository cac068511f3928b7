// Issue 12, item 2: the session's claims come from the signed result token only; whatever sits
// between the app and the service cannot change or add claims.
import { createCredportHandlers, getVerifiedSession } from "@credport/next";
import { describe, expect, it, vi } from "vitest";
import { testConfig } from "../support/config.js";
import { SECRET, setUpMockService } from "../support/mock-service.js";
import { currentRequest } from "../support/next-headers.js";
import { TestBrowser } from "../support/test-browser.js";

vi.mock("next/headers", async () => (await import("../support/next-headers.js")).fakeNextHeaders);
vi.mock("next/server", async () => (await import("../support/next-headers.js")).fakeNextServer);

const service = setUpMockService();

async function sessionOf(browser: TestBrowser) {
  currentRequest.cookie = browser.cookieHeader();
  return getVerifiedSession({ sessionSecret: SECRET });
}

describe("claims from the unsigned part of the result", () => {
  it("a proxy that turns a signed age_over_18: false into true gets no session", async () => {
    const browser = new TestBrowser(createCredportHandlers(testConfig(service.project)));
    const id = await browser.start();
    service.verify(id, { age_over_18: false });
    service.tamperResult((body) => ({ ...body, claims: { age_over_18: true } }));
    const res = await browser.send("POST", "session", { verificationId: id });
    expect(res.status).toBe(409);
    expect(browser.jar.has("__Host-credport_session")).toBe(false);
  });

  it("claims a proxy adds never reach the session", async () => {
    const handlers = createCredportHandlers(
      testConfig(service.project, { keepClaims: ["age_over_18", "given_name", "role"] }),
    );
    const browser = new TestBrowser(handlers);
    const id = await browser.start();
    service.verify(id, { age_over_18: true });
    service.tamperResult((body) => ({
      ...body,
      claims: { age_over_18: true, given_name: "Mallory", role: "admin" },
    }));
    expect((await browser.send("POST", "session", { verificationId: id })).status).toBe(200);
    expect((await sessionOf(browser))?.claims).toEqual({ age_over_18: true });
  });

  it("a plain body that says verified does not outweigh a signed failure", async () => {
    const browser = new TestBrowser(createCredportHandlers(testConfig(service.project)));
    const id = await browser.start();
    service.model.verifications.applyTrigger(id, "presentation_failed", {
      failureCode: "claims_missing",
    });
    service.tamperResult((body) => {
      const { failure_code: _, ...rest } = body;
      return { ...rest, status: "verified", claims: { age_over_18: true } };
    });
    const res = await browser.send("POST", "session", { verificationId: id });
    expect([res.status, res.body.code]).toEqual([409, "verification_not_verified"]);
    expect(browser.jar.has("__Host-credport_session")).toBe(false);
  });
});
