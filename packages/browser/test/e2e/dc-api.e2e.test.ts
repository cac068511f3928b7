import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { type Emulator, startEmulator } from "@credport/emulator";
import { launchChromiumBrowser } from "@credport/test-browsers";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The flow's Digital Credentials API path in real Chromium (which has the API, and the CDP domain
 * `DigitalCredentials` for a virtual wallet): availability from the browser itself, `get()` from
 * a real click, a decline that leaves the QR code, and the iframe permission. Answers that verify
 * come with the service side (the emulator's DC API channel); Firefox and WebKit have no API, which
 * the unit tests cover (`unsupported`).
 */

let emulator: Emulator;
let pageServer: Server;
let appUrl: string;
let frameUrl: string;
type Browser = Awaited<ReturnType<typeof launchChromiumBrowser>>;
type Page = Awaited<ReturnType<Browser["newPage"]>>;
/** What the page's script exposes (page-entry.ts), and what the tests keep on `window`. */
type PageWindow = {
  credport: typeof import("@credport/browser");
  flow: import("@credport/browser").VerificationFlow;
  presented?: Promise<unknown>;
  posts: { url: string; body: unknown }[];
};
let browser: Browser;
const REQUESTS = [
  { protocol: "openid4vp-v1-unsigned", data: { response_type: "vp_token", nonce: "n" } },
];

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
  pageServer = createServer((req, res) => {
    if (req.url === "/app.js")
      return res.writeHead(200, { "content-type": "text/javascript" }).end(script);
    const html =
      req.url === "/embed"
        ? `<iframe id="bare" src="${frameUrl}"></iframe><iframe id="allowed" allow="digital-credentials-get" src="${frameUrl}"></iframe>`
        : '<button id="wallet">Use a wallet on this device</button><script type="module" src="/app.js"></script>';
    res.writeHead(200, { "content-type": "text/html" }).end(`<!doctype html>${html}`);
  });
  await new Promise<void>((resolve) => pageServer.listen(0, "127.0.0.1", resolve));
  const port = (pageServer.address() as AddressInfo).port;
  // http://localhost and http://127.0.0.1 are secure contexts of two different origins.
  appUrl = `http://localhost:${port}`;
  frameUrl = `http://127.0.0.1:${port}/`;
  browser = await launchChromiumBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  pageServer?.close();
  await emulator?.close();
});

/** Attaches a flow to a new verification with DC API requests, and wires the button to present(). */
async function attach(frame: Pick<Page, "evaluate" | "waitForFunction">) {
  await frame.waitForFunction(() => "credport" in window);
  const auth = emulator.model.keys.authenticateSecret(emulator.keys.secretKey);
  const v = emulator.model.verifications.create(auth, { policy_id: "preset_age_over_18" });
  await frame.evaluate(
    ({ target, publishableKey, baseUrl }) => {
      const w = window as unknown as PageWindow;
      const flow = w.credport.createVerificationFlow({
        statusClient: w.credport.createStatusClient({ publishableKey, baseUrl }),
        startUrl: "/api/credport/verifications",
        sessionMode: "manual",
      });
      flow.attach(target);
      w.flow = flow;
      document.getElementById("wallet")?.addEventListener("click", () => {
        w.presented = flow.present();
      });
    },
    {
      target: {
        verificationId: v.id,
        clientToken: v.clientToken,
        expiresAt: v.expiresAt,
        authorizationRequestUri: "openid4vp://?request_uri=x",
        dcApiRequests: REQUESTS,
      },
      publishableKey: emulator.keys.publishableKey,
      baseUrl: emulator.url,
    },
  );
}
const snapshot = (frame: Pick<Page, "evaluate">) =>
  frame.evaluate(() => (window as unknown as PageWindow).flow.getSnapshot());

describe("Chromium's Digital Credentials API", () => {
  it("is ready; a real click calls get(), and the wallet's decline leaves the verification open for the QR code", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(appUrl);
    await attach(page);
    expect(await snapshot(page)).toMatchObject({ phase: "pending", dcApi: "ready" });
    const cdp = await context.newCDPSession(page);
    await cdp.send(
      "DigitalCredentials.setVirtualWalletBehavior" as never,
      {
        action: "decline",
      } as never,
    );
    await page.click("#wallet");
    await expect.poll(async () => (await snapshot(page)).dcApi).toBe("declined");
    expect(await snapshot(page)).toMatchObject({
      phase: "pending",
      authorizationRequestUri: "openid4vp://?request_uri=x",
    });
    await context.close();
  });

  it("the wallet's answer from a real click's get() is posted to the service for this verification", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(appUrl);
    await attach(page);
    const { verificationId } = await snapshot(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send(
      "DigitalCredentials.setVirtualWalletBehavior" as never,
      {
        action: "respond",
        protocol: "openid4vp-v1-unsigned",
        response: { vp_token: { age: ["eyJ.x~"] } },
      } as never,
    );
    // What the page sends, as the page's own fetch sees it (the emulator's answer, and its CORS
    // for this path, come with the service side).
    await page.evaluate(() => {
      const w = window as unknown as PageWindow;
      const original = window.fetch.bind(window);
      w.posts = [];
      window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).endsWith("/dc-api-response"))
          w.posts.push({ url: String(input), body: init?.body });
        return original(input, init);
      };
    });
    await page.click("#wallet");
    // get() resolved inside the click (no decline for want of activation), and the answer went to
    // the service for this verification, unchanged.
    await expect.poll(async () => (await snapshot(page)).dcApi).toMatch(/^(submitted|failed)$/);
    const posts = await page.evaluate(() => (window as unknown as PageWindow).posts);
    expect(posts).toEqual([
      {
        url: `${emulator.url}/v1/verifications/${verificationId}/dc-api-response`,
        body: JSON.stringify({
          protocol: "openid4vp-v1-unsigned",
          data: { vp_token: { age: ["eyJ.x~"] } },
        }),
      },
    ]);
    await context.close();
  });

  it('in a cross-origin iframe: blocked without allow="digital-credentials-get", ready with it', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${appUrl}/embed`);
    const frames = async () => {
      const bare = await (await page.$("#bare"))!.contentFrame();
      const allowed = await (await page.$("#allowed"))!.contentFrame();
      return { bare: bare!, allowed: allowed! };
    };
    const { bare, allowed } = await frames();
    await attach(bare);
    await attach(allowed);
    expect((await snapshot(bare)).dcApi).toBe("blocked");
    expect((await snapshot(allowed)).dcApi).toBe("ready");
    await context.close();
  });
});
