import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type Emulator, startEmulator } from "@credport/emulator";
import { createModel } from "@credport/mock";
import {
  createTestWallet,
  declineInVirtualWallet,
  setVirtualWalletAnswer,
  type TestWallet,
} from "@credport/mock/wallet";
import { launchChromiumBrowser } from "@credport/test-browsers";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { badgeClaims } from "../../../../test/service/test/support/transports.js";
import { publishBadgeHolders } from "../face/support/face-setup.js";
import { type ServiceCall, serviceCall } from "../support/service-call.js";

/**
 * The page a shop would write, as small as it gets: its server starts a verification with its own
 * origin in `expected_origins` before the click; the click hands `dc_api_requests` to the browser's
 * real `navigator.credentials.get()` (no await before it), posts what it resolved with to the
 * service with the client token, and falls back to the QR code's link when the wallet declines.
 */
const PAGE = (service: string, publishableKey: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body>
<button id="verify" disabled>Verify with a wallet on this device</button>
<p id="outcome" role="status"></p>
<a id="fallback" hidden>Open your wallet</a>
<script>
const service = ${JSON.stringify(service)};
const publishableKey = ${JSON.stringify(publishableKey)};
window.started = fetch("/start", { method: "POST" }).then((r) => r.json());
const auth = (started) => ({
  authorization: "Bearer " + started.client_token,
  "x-publishable-key": publishableKey,
});
const show = (text) => { document.getElementById("outcome").textContent = text; };
async function follow(started) {
  for (;;) {
    const status = await (await fetch(service + "/v1/verifications/" + started.id + "/status", { headers: auth(started) })).json();
    if (status.status !== "pending" && status.status !== "in_progress") return show(status.status);
    await new Promise((r) => setTimeout(r, 200));
  }
}
window.started.then((started) => {
  const button = document.getElementById("verify");
  button.disabled = false;
  button.onclick = () => {
    // Inside the click, with the request already in hand: the user activation holds.
    navigator.credentials.get({ digital: { requests: started.dc_api_requests } }).then(
      async (credential) => {
        const answer = await fetch(service + "/v1/verifications/" + started.id + "/dc-api-response", {
          method: "POST",
          headers: { ...auth(started), "content-type": "application/json" },
          body: JSON.stringify({ protocol: credential.protocol, data: credential.data }),
        });
        show((await answer.json()).status);
      },
      (error) => {
        show("fallback: " + error.name);
        const link = document.getElementById("fallback");
        link.href = started.authorization_request_uri;
        link.hidden = false;
        follow(started);
      },
    );
  };
});
</script></body></html>`;

describe.each(["haip", "plain"] as const)(
  "the Digital Credentials API in Chromium, through the real navigator.credentials.get() (%s)",
  (profile) => {
    let emulator: Emulator;
    let shop: Server;
    let origin: string;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let wallet: TestWallet;
    let lastVerification: string | undefined;

    let service: ServiceCall;

    beforeAll(async () => {
      emulator = await startEmulator({ model: createModel({ profile }) });
      service = serviceCall(emulator);
      const policyId = await publishBadgeHolders(service, [{ path: ["given_name"] }]);
      shop = createServer(async (req, res) => {
        if (req.method === "POST" && req.url === "/start") {
          // The shop's server names its own origin: never one taken from the request.
          const created = await service("POST", "/v1/verifications", {
            policy_id: policyId,
            expected_origins: [origin],
          });
          lastVerification = created.id as string;
          res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(created));
          return;
        }
        res
          .writeHead(200, { "content-type": "text/html; charset=utf-8" })
          .end(PAGE(emulator.url, emulator.keys.publishableKey));
      });
      await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
      origin = `http://localhost:${(shop.address() as AddressInfo).port}`;
      wallet = await createTestWallet();
      const offer = await service("POST", "/v1/openid4vc/issuance/offer", {
        credentialDefinitionId: "badge-v1",
        claims: badgeClaims,
      });
      await wallet.acceptOffer(offer.offerUri as string);
      browser = await launchChromiumBrowser();
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
      await emulator?.close();
      await new Promise<void>((resolve) => shop?.close(() => resolve()));
    });

    /** The shop's page, loaded, with the verification its server started (what the click will use). */
    async function openShop() {
      context = await browser.newContext();
      page = await context.newPage();
      await page.goto(`${origin}/`);
      const started = (await page.evaluate(
        () => (window as unknown as { started: unknown }).started,
      )) as {
        id: string;
        dc_api_requests: { protocol: string; data: Record<string, unknown> }[];
        authorization_request_uri: string;
      };
      expect(started.id).toBe(lastVerification);
      return { started, cdp: await context.newCDPSession(page) };
    }

    it("one click: the browser hands the request to the (virtual) wallet, its answer (encrypted under haip) verifies", async () => {
      const { started, cdp } = await openShop();
      expect(started.dc_api_requests[0]!.protocol).toBe(
        profile === "haip" ? "openid4vp-v1-signed" : "openid4vp-v1-unsigned",
      );
      // The scripted wallet answers the very request the page is about to make, for the page's origin.
      const answer = await wallet.answerDcApiRequest(started.dc_api_requests, { origin });
      await setVirtualWalletAnswer(cdp, answer);
      await page.click("#verify");
      await expect.poll(() => page.textContent("#outcome"), { timeout: 15_000 }).toBe("verified");
      const result = await service("GET", `/v1/verifications/${started.id}/result`);
      expect(result).toMatchObject({ status: "verified", claims: { given_name: "Ada" } });
      await context.close();
    });

    it("a decline falls back to the QR code's link, and the wallet answering there verifies", async () => {
      const { started, cdp } = await openShop();
      await declineInVirtualWallet(cdp);
      await page.click("#verify");
      await expect
        .poll(() => page.textContent("#outcome"), { timeout: 15_000 })
        .toBe("fallback: NotAllowedError");
      const link = await page.getAttribute("#fallback", "href");
      expect(link).toBe(started.authorization_request_uri);
      await wallet.present(link!);
      await expect.poll(() => page.textContent("#outcome"), { timeout: 15_000 }).toBe("verified");
      await context.close();
    });

    it("an answer the wallet made for another origin reaches the page, and the service fails it", async () => {
      const { started, cdp } = await openShop();
      const answer = await wallet.answerDcApiRequest(started.dc_api_requests, {
        origin,
        tamper: "audience",
      });
      await setVirtualWalletAnswer(cdp, answer);
      await page.click("#verify");
      await expect.poll(() => page.textContent("#outcome"), { timeout: 15_000 }).toBe("failed");
      const status = await service("GET", `/v1/verifications/${started.id}`);
      expect(status).toMatchObject({ status: "failed", failure_code: "presentation_invalid" });
      await context.close();
    });
  },
);
