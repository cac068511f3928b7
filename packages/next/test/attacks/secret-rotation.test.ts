// Issue 12, item 8: rotation ids come from each secret, not from its place in the list, so
// dropping the oldest secret keeps the cookies sealed with the others.
import { createCredportHandlers, createCredportMiddleware } from "@credport/next";
import { describe, expect, it } from "vitest";
import { testConfig } from "../support/config.js";
import { setUpMockService } from "../support/mock-service.js";
import { pageRequest, TestBrowser } from "../support/test-browser.js";

const service = setUpMockService();
const A = "a".repeat(32);
const B = "b".repeat(32);
const C = "c".repeat(32);

async function sessionSealedWith(sessionSecret: string[]) {
  const browser = new TestBrowser(
    createCredportHandlers(testConfig(service.project, { sessionSecret })),
  );
  const id = await browser.start();
  service.verify(id);
  expect((await browser.send("POST", "session", { verificationId: id })).status).toBe(200);
  return browser.cookieHeader();
}
const opensWith = async (cookie: string, sessionSecret: string[]) =>
  (await createCredportMiddleware({ protect: ["/"], signInPath: "/verify", sessionSecret })(
    pageRequest("/members", cookie),
  )) === undefined;

describe("session secret rotation", () => {
  it("a cookie sealed while [B, A] were configured opens with [B] and with [C, B]", async () => {
    const cookie = await sessionSealedWith([B, A]);
    expect(await opensWith(cookie, [B, A])).toBe(true);
    expect(await opensWith(cookie, [B])).toBe(true);
    expect(await opensWith(cookie, [C, B])).toBe(true);
    expect(await opensWith(cookie, [A])).toBe(false);
    expect(await opensWith(cookie, [C])).toBe(false);
  });

  it("an older secret's cookie opens until that secret is dropped", async () => {
    const cookie = await sessionSealedWith([A]);
    expect(await opensWith(cookie, [B, A])).toBe(true);
    expect(await opensWith(cookie, [C, B, A])).toBe(true);
    expect(await opensWith(cookie, [C, B])).toBe(false);
  });

  it("the same secret twice is a configuration mistake", () => {
    expect(() =>
      createCredportHandlers(testConfig(service.project, { sessionSecret: [A, A] })),
    ).toThrow(/sessionSecret\[1\].*same/);
  });
});
