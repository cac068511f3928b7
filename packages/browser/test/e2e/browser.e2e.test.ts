import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { type Emulator, startEmulator } from "@credport/emulator";
import {
  type BrowserSession,
  canHideTabs,
  describeEngines,
  type InsecureOriginProxy,
  startInsecureOriginProxy,
  type Tab,
} from "@credport/test-browsers";
import { build } from "esbuild";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";

let emulator: Emulator;
let pageServer: Server;
let appUrl: string;
let finalizations = 0;
let starts = 0;
let proxy: InsecureOriginProxy;

beforeAll(async () => {
  // One test reaches the API under a made-up name (a deployed API is not on the user's loopback):
  // the emulator answers only the names it is told of (DNS rebinding).
  emulator = await startEmulator({ allowedHosts: ["credport-api.test"] });
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
    if (req.url === "/api/credport/verifications" && req.method === "POST") {
      starts++;
      const { authorizationRequestUri: _, ...created } = newVerification();
      return res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ ...created, authorizationRequestUri: "openid4vp://?request_uri=y" }));
    }
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
  proxy = await startInsecureOriginProxy();
}, 60_000);

afterAll(async () => {
  await proxy?.close();
  pageServer?.close();
  await emulator?.close();
});

type Target = ReturnType<typeof newVerification>;
type PageWindow = {
  credport: typeof import("@credport/browser");
  seen: string[];
  flow: { getSnapshot(): { phase: string } };
};

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Subscribes in the page; `seen` collects every status the page is told about. */
async function subscribeIn(tab: Tab, target: Target) {
  await tab.evaluate(
    ({ target, publishableKey, baseUrl }) => {
      const w = window as unknown as PageWindow;
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

/** Follows the verification with a library-managed flow, as a second tab of the app would. */
async function attachFlowIn(tab: Tab, target: Target) {
  await tab.evaluate(
    ({ target, publishableKey, baseUrl }) => {
      const w = window as unknown as PageWindow;
      const status = w.credport.createStatusClient({ publishableKey, baseUrl });
      const flow = w.credport.createVerificationFlow({
        statusClient: status,
        startUrl: "/api/credport/verifications",
        sessionUrl: "/api/credport/session",
      });
      flow.attach(target);
      w.flow = flow;
    },
    { target, publishableKey: emulator.keys.publishableKey, baseUrl: emulator.url },
  );
}

const seenIn = (tab: Tab) => tab.evaluate(() => (window as unknown as PageWindow).seen);
const phaseIn = (tab: Tab) =>
  tab.evaluate(() => (window as unknown as PageWindow).flow.getSnapshot().phase);
const visibilityOf = (tab: Tab) => tab.evaluate(() => document.visibilityState);

describeEngines(
  "the browser client against the emulator",
  (engine, name) => {
    let session: BrowserSession;

    async function openApp(): Promise<Tab> {
      const tab = await session.openTab(appUrl);
      await tab.waitForFunction(() => "credport" in window);
      return tab;
    }

    afterEach(async () => {
      await session?.close();
      emulator.model.realtime.setAvailable(true);
      emulator.model.requestLog.length = 0;
    });

    it("delivers status changes over realtime", async () => {
      session = await engine().newSession();
      const tab = await openApp();
      const target = newVerification();
      await subscribeIn(tab, target);
      await expect.poll(() => seenIn(tab)).toEqual(["pending"]);
      emulator.model.verifications.applyTrigger(target.verificationId, "cancel");
      await expect.poll(() => seenIn(tab)).toEqual(["pending", "canceled"]);
      expect(requestsFor(target.verificationId, "events")).toBe(1);
      expect(requestsFor(target.verificationId, "status")).toBe(0);
    });

    it("falls back to polling when the emulator's realtime answers 503", async () => {
      session = await engine().newSession();
      emulator.model.realtime.setAvailable(false);
      const tab = await openApp();
      const target = newVerification();
      await subscribeIn(tab, target);
      await expect.poll(() => seenIn(tab)).toEqual(["pending"]);
      emulator.model.verifications.applyTrigger(target.verificationId, "cancel");
      await expect.poll(() => seenIn(tab)).toEqual(["pending", "canceled"]);
      expect(requestsFor(target.verificationId, "status")).toBeGreaterThan(0);
    });

    it("with five tabs on one verification, one tab reads; closing it hands over; finalization happens once", async () => {
      session = await engine().newSession();
      finalizations = 0;
      const target = newVerification();
      const tabs: Tab[] = [];
      for (let i = 0; i < 5; i++) tabs.push(await openApp());
      for (const tab of tabs) await attachFlowIn(tab, target);
      await expect.poll(() => requestsFor(target.verificationId, "events")).toBe(1);
      await sleep(500);
      expect(requestsFor(target.verificationId, "events")).toBe(1);
      expect(requestsFor(target.verificationId, "status")).toBe(0);

      await tabs[0]!.close(); // the first tab leads
      // A closed tab's locks are released a moment later, not at once.
      await expect
        .poll(() => requestsFor(target.verificationId, "events"), { timeout: 10_000 })
        .toBe(2);

      emulator.model.verifications.applyTrigger(target.verificationId, "request_fetched");
      emulator.model.verifications.applyTrigger(target.verificationId, "presentation_verified", {
        claims: {},
      });
      for (const tab of tabs.slice(1)) await expect.poll(() => phaseIn(tab)).toBe("verified");
      expect(finalizations).toBe(1);
      expect(requestsFor(target.verificationId, "events")).toBe(2);
    });

    if (canHideTabs(name)) {
      it("pauses polling while the tab is hidden and reads as soon as it is visible again", async () => {
        session = await engine().newSession();
        emulator.model.realtime.setAvailable(false);
        const tab = await openApp();
        const target = newVerification();
        await subscribeIn(tab, target);
        await expect.poll(() => seenIn(tab)).toEqual(["pending"]);
        await expect.poll(() => requestsFor(target.verificationId, "status")).toBeGreaterThan(2);

        await tab.hide();
        expect(await visibilityOf(tab)).toBe("hidden");
        await sleep(300); // a read already in flight lands
        const whileHidden = requestsFor(target.verificationId, "status");
        await sleep(1500); // polls every 100–200 ms when visible
        expect(requestsFor(target.verificationId, "status")).toBe(whileHidden);

        emulator.model.verifications.applyTrigger(target.verificationId, "cancel");
        await tab.show();
        expect(await visibilityOf(tab)).toBe("visible");
        await expect.poll(() => seenIn(tab), { timeout: 2000 }).toEqual(["pending", "canceled"]);
        expect(requestsFor(target.verificationId, "status")).toBeGreaterThan(whileHidden);
      });
    } else {
      it("cannot hide a tab, so the hidden-tab polling pause runs in the other engines: headless Chromium reports every tab visible", async () => {
        session = await engine().newSession();
        const first = await openApp();
        const second = await openApp();
        await second.evaluate(() => document.visibilityState);
        expect(await visibilityOf(first)).toBe("visible");
        await expect(first.hide()).rejects.toThrow(/cannot hide/);
      });
    }

    it("without Web Locks (a plain-http host name), library sessions fail with session_coordination_unsupported and manual mode verifies", async () => {
      session = await engine().newSession();
      finalizations = 0;
      starts = 0;
      const tab = await session.openTab(proxy.rename(appUrl, "credport-app.test"));
      await tab.waitForFunction(() => "credport" in window);
      expect(
        await tab.evaluate(() => ({ secure: isSecureContext, locks: "locks" in navigator })),
      ).toEqual({ secure: false, locks: false });

      const library = await tab.evaluate(
        async ({ publishableKey, baseUrl }) => {
          const { credport } = window as unknown as PageWindow;
          const flow = credport.createVerificationFlow({
            statusClient: credport.createStatusClient({ publishableKey, baseUrl }),
            startUrl: "/api/credport/verifications",
            sessionUrl: "/api/credport/session",
          });
          const error = await flow.start({ policyId: "preset_age_over_18" }).catch((e) => e.code);
          return { error, snapshot: flow.getSnapshot().error?.code };
        },
        { publishableKey: emulator.keys.publishableKey, baseUrl: emulator.url },
      );
      expect(library).toEqual({
        error: "session_coordination_unsupported",
        snapshot: "session_coordination_unsupported",
      });
      expect(starts).toBe(0);

      const verificationId = await tab.evaluate(
        async ({ publishableKey, baseUrl }) => {
          const w = window as unknown as PageWindow;
          const flow = w.credport.createVerificationFlow({
            statusClient: w.credport.createStatusClient({ publishableKey, baseUrl }),
            startUrl: "/api/credport/verifications",
            sessionMode: "manual",
          });
          w.flow = flow;
          return (await flow.start({ policyId: "preset_age_over_18" })).verificationId!;
        },
        // The API under a made-up name too, as a deployed API is not on the user's loopback.
        {
          publishableKey: emulator.keys.publishableKey,
          baseUrl: proxy.rename(emulator.url, "credport-api.test"),
        },
      );
      await expect.poll(() => requestsFor(verificationId, "events")).toBe(1);
      emulator.model.verifications.applyTrigger(verificationId, "request_fetched");
      emulator.model.verifications.applyTrigger(verificationId, "presentation_verified", {
        claims: {},
      });
      await expect.poll(() => phaseIn(tab)).toBe("verified");
      expect(starts).toBe(1);
      expect(finalizations).toBe(0); // manual mode: the app's server finalizes
    });
  },
  { launch: () => ({ proxy: proxy.address }) },
);
