// The review's blocked seal attacks: a session or binding cookie that was tampered with, cut,
// sealed with another secret or grown past reason opens nothing and calls nothing.
import { createCredportHandlers, createCredportMiddleware } from "@credport/next";
import { describe, expect, it } from "vitest";
import { testConfig } from "../support/config.js";
import { SECRET, setUpMockService } from "../support/mock-service.js";
import { pageRequest, TestBrowser } from "../support/test-browser.js";

const service = setUpMockService();
const handlers = createCredportHandlers(testConfig(service.project));
const foreign = createCredportHandlers(
  testConfig(service.project, { sessionSecret: "f".repeat(32) }),
);
const middleware = createCredportMiddleware({
  protect: ["/members"],
  signInPath: "/verify",
  sessionSecret: SECRET,
});

async function verifiedBrowser(h = handlers) {
  const browser = new TestBrowser(h);
  const id = await browser.start();
  service.verify(id);
  expect((await browser.send("POST", "session", { verificationId: id })).status).toBe(200);
  return browser;
}
const passesWall = async (session: string) =>
  (await middleware(pageRequest("/members", `__Host-credport_session=${session}`))) === undefined;

/** Spoiled copies of a seal: one character changed at many positions, cut, padded, re-encoded. */
function spoil(seal: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < seal.length; i += Math.max(1, Math.floor(seal.length / 60))) {
    const c = seal[i]!;
    out.add(seal.slice(0, i) + (c === "A" ? "B" : "A") + seal.slice(i + 1));
  }
  out.add(seal.slice(0, -1));
  out.add(seal.slice(0, seal.length / 2));
  out.add(`${seal}A`);
  out.add(seal.replace(/~2$/, "~1"));
  out.add(seal.replace(/~2$/, ""));
  out.add(seal.split("*").slice(0, 4).join("*"));
  out.add(encodeURIComponent(seal));
  out.add("");
  out.add("x".repeat(4000));
  out.delete(seal);
  return [...out];
}

describe("sealed cookies", () => {
  it("a genuine session passes the wall (the harness itself works)", async () => {
    expect(await passesWall((await verifiedBrowser()).jar.get("__Host-credport_session")!)).toBe(
      true,
    );
  });

  it("no spoiled session cookie passes the wall", async () => {
    const seal = (await verifiedBrowser()).jar.get("__Host-credport_session")!;
    const passing: string[] = [];
    for (const value of spoil(seal)) if (await passesWall(value)) passing.push(value);
    expect(passing.map((p) => p.slice(-30))).toEqual([]);
  });

  it("a session sealed with another app's secret does not pass", async () => {
    expect(
      await passesWall((await verifiedBrowser(foreign)).jar.get("__Host-credport_session")!),
    ).toBe(false);
  });

  it("no spoiled or foreign pending cookie finalizes, and the service is not asked", async () => {
    const browser = new TestBrowser(handlers);
    const id = await browser.start();
    service.verify(id);
    const seal = browser.jar.get(`__Host-credport_pending_${id}`)!;
    const other = new TestBrowser(foreign);
    await other.start();
    const foreignSeal = [...other.jar.values()][0]!;
    service.model.requestLog.length = 0;
    const accepted: string[] = [];
    for (const value of [...spoil(seal), foreignSeal]) {
      browser.jar.set(`__Host-credport_pending_${id}`, value);
      const res = await browser.send("POST", "session", { verificationId: id });
      if (res.status !== 403) accepted.push(value);
    }
    expect(accepted).toEqual([]);
    expect(service.resultCalls()).toBe(0);
  });
});
