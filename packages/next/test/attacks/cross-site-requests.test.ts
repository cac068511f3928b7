// The review's blocked CSRF attacks: a state-changing request that a browser marks as coming from
// another site changes nothing and calls nothing.
import { createCredportHandlers } from "@credport/next";
import { describe, expect, it } from "vitest";
import { testConfig } from "../support/config.js";
import { setUpMockService } from "../support/mock-service.js";
import { TestBrowser } from "../support/test-browser.js";

const service = setUpMockService();
const handlers = createCredportHandlers(testConfig(service.project));

const crossSite: Record<string, string>[] = [
  { origin: "https://evil.example" },
  { origin: "null" },
  { origin: "https://app.test.evil.example" },
  { origin: "https://evil-app.test" },
  { origin: "http://app.test" },
  { origin: "https://app.test:8443" },
  { origin: "https://app.test." },
  { origin: "https://sub.app.test" },
  { origin: "https://evil.example", "sec-fetch-site": "same-origin" },
  { origin: "", "sec-fetch-site": "cross-site" },
  { origin: "", "sec-fetch-site": "same-site" },
  { origin: "https://app.test", "sec-fetch-site": "cross-site" },
  { origin: "https://app.test", "sec-fetch-site": "same-site" },
];
const requests = [
  ["POST", "verifications"],
  ["POST", "session"],
  ["DELETE", "session"],
] as const;

describe("cross-site requests", () => {
  it.each(
    requests.flatMap(([method, path]) =>
      crossSite.map((headers) => [method, path, JSON.stringify(headers), headers] as const),
    ),
  )("%s %s with %s: 403, nothing set, the service not called", async (method, path, _, headers) => {
    const browser = new TestBrowser(handlers);
    const id = await browser.start();
    service.verify(id);
    expect((await browser.send("POST", "session", { verificationId: id })).status).toBe(200);
    const id2 = await browser.start();
    service.verify(id2);
    const before = new Map(browser.jar);
    service.model.requestLog.length = 0;
    const res = await browser.send(
      method,
      path,
      path === "session" ? { verificationId: id2 } : {},
      headers,
    );
    expect([res.status, res.body.code]).toEqual([403, "cross_site_request"]);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(browser.jar).toEqual(before);
    expect(service.serviceCalls()).toBe(0);
  });

  it("a finalize that is not JSON (a cross-site form post from a browser without Origin) is refused", async () => {
    const browser = new TestBrowser(handlers);
    const id = await browser.start();
    service.verify(id);
    service.model.requestLog.length = 0;
    const res = await browser.send("POST", "session", JSON.stringify({ verificationId: id }), {
      origin: "",
      "content-type": "text/plain",
    });
    expect(res.status).toBe(415);
    expect(browser.jar.has("__Host-credport_session")).toBe(false);
    expect(service.serviceCalls()).toBe(0);
  });

  it("the same request from the app's own origin goes through", async () => {
    const browser = new TestBrowser(handlers);
    const id = await browser.start();
    service.verify(id);
    const res = await browser.send(
      "POST",
      "session",
      { verificationId: id },
      { "sec-fetch-site": "same-origin" },
    );
    expect(res.status).toBe(200);
  });
});
