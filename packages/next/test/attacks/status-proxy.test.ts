// Issue 12, item 10: the status route answers only for the verification this browser started
// (its pending binding), never for any ID with the app's secret key.
import { createCredportHandlers } from "@credport/next";
import { describe, expect, it } from "vitest";
import { testConfig } from "../support/config.js";
import { setUpMockService } from "../support/mock-service.js";
import { TestBrowser } from "../support/test-browser.js";

const service = setUpMockService();
const handlers = createCredportHandlers(testConfig(service.project));

describe("status route", () => {
  it("answers the browser that holds the binding", async () => {
    const browser = new TestBrowser(handlers);
    const id = await browser.start();
    const res = await browser.send("GET", `verifications/${id}/status`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: "pending" });
  });

  it("refuses anyone else, without asking the service", async () => {
    const victim = new TestBrowser(handlers);
    const id = await victim.start();
    const attacker = new TestBrowser(handlers);
    const own = await attacker.start();
    service.model.requestLog.length = 0;
    const res = await attacker.send("GET", `verifications/${id}/status`);
    expect([res.status, res.body.code]).toEqual([403, "VERIFICATION_BINDING_REQUIRED"]);
    attacker.jar.set(
      `__Host-credport_pending_${id}`,
      attacker.jar.get(`__Host-credport_pending_${own}`)!,
    );
    expect((await attacker.send("GET", `verifications/${id}/status`)).status).toBe(403);
    expect(service.serviceCalls()).toBe(0);
  });
});
