import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { type Emulator, startEmulator } from "@credport/mock";
import { build } from "esbuild";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "./chromium.js";

let emulator: Emulator;
let browser: Browser;
let context: BrowserContext;
let pageServer: Server;
let appUrl: string;
let finalizations = 0;

beforeAll(async () => {
  emulator = await startEmulator();
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL("./page-entry.ts", import.meta.url))],
    bundle: true,
    format: "esm",
    platform: "browser",
    write: false,
    minify: true,
  });
  const script = bundle.outputFiles[0]!.text;
  // The app: a page with the bundle, and its own session endpoint.
  pageServer = createServer((req, res) => {
    if (req.url === "/app.js")
      return res.writeHead(200, { "content-type": "text/javascript" }).end(script);
    if (req.url === "/api/credport/session" && req.method === "POST") {
      finalizations++;
      return res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    }
    res
      .writeHead(200, { "content-type": "text/html" })
      .end('<!doctype html><title>credport</title><script type="module" src="/app.js"></script>');
  });
  await new Promise<void>((resolve) => pageServer.listen(0, "127.0.0.1", resolve));
  // http://localhost is a secure context: Web Locks exist there.
  appUrl = `http://localhost:${(pageServer.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 60_000);

afterEach(async () => {
  await context?.close();
  emulator.model.realtime.setAvailable(true);
  emulator.model.requestLog.length = 0;
});

afterAll(async () => {
  await browser?.close();
  pageServer?.close();
  await emulator?.close();
});

async function openTab(): Promise<Page> {
  const page = await context.newPage();
  await page.goto(appUrl);
  await page.waitForFunction(() => "credport" in window);
  return page;
}

function newVerification() {
  const auth = emulator.model.keys.authenticateSecret(emulator.keys.secretKey);
  const v = emulator.model.verifications.create(auth, { policy_id: "preset_age_over_18" });
  return {
    verificationId: v.id,
    clientToken: v.clientToken,
    expiresAt: v.expiresAt,
    authorizationRequestUri: "openid4vp://?request_uri=x",
  };
}

const requestsFor = (id: string, leaf: "events" | "status") =>
  emulator.model.requestLog.filter((r) => r.path === `/v1/verifications/${id}/${leaf}`).length;

async function subscribeIn(page: Page, target: ReturnType<typeof newVerification>) {
  await page.evaluate(
    ({ target, publishableKey, baseUrl }) => {
      const w = window as unknown as {
        credport: typeof import("@credport/browser");
        seen: string[];
      };
      w.seen = [];
      const status = w.credport.createStatusClient({
        publishableKey,
        baseUrl,
        timing: { pollIntervalMs: 100, maxPollIntervalMs: 200 },
      });
      status.subscribe(target, (snapshot) => w.seen.push(snapshot.status));
    },
    { target, publishableKey: emulator.keys.publishableKey, baseUrl: emulator.url },
  );
}

const seenIn = (page: Page) => page.evaluate(() => (window as unknown as { seen: string[] }).seen);

describe("in Debian's Chromium against the emulator", () => {
  it("delivers status changes over realtime", async () => {
    context = await browser.newContext();
    const page = await openTab();
    const target = newVerification();
    await subscribeIn(page, target);
    await expect.poll(() => seenIn(page)).toEqual(["pending"]);
    emulator.model.verifications.applyTrigger(target.verificationId, "cancel");
    await expect.poll(() => seenIn(page)).toEqual(["pending", "canceled"]);
    expect(requestsFor(target.verificationId, "events")).toBe(1);
    expect(requestsFor(target.verificationId, "status")).toBe(0);
  });

  it("falls back to polling when the emulator's realtime answers 503", async () => {
    context = await browser.newContext();
    emulator.model.realtime.setAvailable(false);
    const page = await openTab();
    const target = newVerification();
    await subscribeIn(page, target);
    await expect.poll(() => seenIn(page)).toEqual(["pending"]);
    emulator.model.verifications.applyTrigger(target.verificationId, "cancel");
    await expect.poll(() => seenIn(page)).toEqual(["pending", "canceled"]);
    expect(requestsFor(target.verificationId, "status")).toBeGreaterThan(0);
  });

  it("with five tabs on one verification, one tab reads; closing it hands over; finalization happens once", async () => {
    context = await browser.newContext();
    finalizations = 0;
    const target = newVerification();
    const tabs: Page[] = [];
    for (let i = 0; i < 5; i++) tabs.push(await openTab());
    for (const page of tabs) {
      await page.evaluate(
        ({ target, publishableKey, baseUrl }) => {
          const w = window as unknown as {
            credport: typeof import("@credport/browser");
            flow: unknown;
          };
          const status = w.credport.createStatusClient({ publishableKey, baseUrl });
          const flow = w.credport.createVerificationFlow({
            status,
            startUrl: "/api/credport/start",
            sessionUrl: "/api/credport/session",
          });
          flow.attach(target);
          w.flow = flow;
        },
        { target, publishableKey: emulator.keys.publishableKey, baseUrl: emulator.url },
      );
    }
    await expect.poll(() => requestsFor(target.verificationId, "events")).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(requestsFor(target.verificationId, "events")).toBe(1);
    expect(requestsFor(target.verificationId, "status")).toBe(0);

    await tabs[0]!.close(); // the first tab leads
    // Chromium releases a closed tab's locks a moment later, not at once.
    await expect
      .poll(() => requestsFor(target.verificationId, "events"), { timeout: 10_000 })
      .toBe(2);

    emulator.model.verifications.applyTrigger(target.verificationId, "request_fetched");
    emulator.model.verifications.applyTrigger(target.verificationId, "presentation_verified", {
      claims: {},
    });
    for (const page of tabs.slice(1)) {
      await expect
        .poll(() =>
          page.evaluate(
            () =>
              (
                window as unknown as { flow: { getSnapshot(): { phase: string } } }
              ).flow.getSnapshot().phase,
          ),
        )
        .toBe("verified");
    }
    expect(finalizations).toBe(1);
    expect(requestsFor(target.verificationId, "events")).toBe(2);
  });
});
