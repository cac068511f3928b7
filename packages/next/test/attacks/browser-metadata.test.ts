// Issue 12, item 6: the browser does not choose the verification's metadata (it comes back in
// signed webhooks); the server does, with getMetadata.
import { createCredportHandlers } from "@credport/next";
import { describe, expect, it } from "vitest";
import { testConfig } from "../support/config.js";
import { setUpMockService } from "../support/mock-service.js";
import { TestBrowser } from "../support/test-browser.js";

const service = setUpMockService();
const metadataOf = (id: string) => service.model.verifications.findForProtocol(id)!.metadata;

describe("verification metadata", () => {
  it("metadata, policy and user sent by the browser are ignored", async () => {
    const browser = new TestBrowser(createCredportHandlers(testConfig(service.project)));
    const created = await browser.send("POST", "verifications", {
      metadata: { role: "admin", orderId: "someone-elses" },
      policyId: "preset_identity_basic",
      customerUserRef: "victim",
    });
    expect(created.status).toBe(201);
    const record = service.model.verifications.findForProtocol(created.body.verificationId!)!;
    expect(record.metadata).toEqual({});
    expect(record.policyId).toBe("preset_age_over_18");
    expect(record.customerUserRef).toBeNull();
  });

  it("getMetadata(request) sets it on the server", async () => {
    const handlers = createCredportHandlers(
      testConfig(service.project, {
        getMetadata: (request) => ({ source: new URL(request.url).pathname }),
      }),
    );
    const browser = new TestBrowser(handlers);
    const id = await browser.start();
    expect(metadataOf(id)).toEqual({ source: "/api/credport/verifications" });
  });
});
