import type { Server } from "node:http";
import { signWebhookPayload } from "@credport/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CredportSessionOptions } from "../../src/session.js";
import {
  countBytesRead,
  HttpBrowser,
  originOf,
  SESSION_COOKIE,
  uploadLarge,
} from "../support/http-browser.js";
import { BASE, SECRET, setUpMockService } from "../support/mock-service.js";

/**
 * An app of one framework on a real server: the Credport routes at `basePath` (`prefix` +
 * `/api/credport`), and `GET <prefix>/members` behind `requireVerified`, answering
 * `members:<verificationId of getSession>`.
 */
export type StartApp = (options: CredportSessionOptions, prefix: string) => Promise<Server>;

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** The browser flow and the conversion's edge cases, on one framework, over real HTTP. */
export function describeAdapterFlow(framework: string, start: StartApp): void {
  const service = setUpMockService();
  const events: string[] = [];
  let userReads = 0;
  const options = (prefix: string): CredportSessionOptions => ({
    getUserRef: () => {
      userReads += 1;
      return "user_1";
    },
    secretKey: service.project.secretKey,
    baseUrl: BASE,
    sessionSecret: SECRET,
    policyId: "preset_age_over_18",
    keepClaims: ["age_over_18"],
    basePath: `${prefix}/api/credport`,
    webhook: {
      secret: service.project.webhookSecret,
      onEvent: (event) => void events.push(event.type),
    },
  });

  for (const prefix of ["", "/auth"]) {
    describe(`${framework}${prefix ? ` mounted under ${prefix}` : ""}`, () => {
      let server: Server;
      let origin: string;
      let bytesRead: () => number;
      beforeAll(async () => {
        server = await start(options(prefix), prefix);
        bytesRead = countBytesRead(server);
        origin = originOf(server);
      });
      afterAll(() => close(server));
      const api = `${prefix}/api/credport`;

      it("create → wallet → finalize → session cookie → protected 200; sign-out → refused", async () => {
        const browser = new HttpBrowser(origin);
        const refused = await browser.send("GET", `${prefix}/members`);
        expect(refused.status).toBe(307);
        expect(refused.headers.get("location")).toBe(
          `/verify?redirect_url=${encodeURIComponent(`${prefix}/members`)}`,
        );
        const created = await browser.send("POST", `${api}/verifications`, {});
        expect(created.status).toBe(201);
        const verificationId = created.json.verificationId as string;
        const status = await browser.send(
          "GET",
          `${api}/verifications/${encodeURIComponent(verificationId)}/status`,
        );
        expect(status.status).toBe(200);
        service.verify(verificationId);
        const finalized = await browser.send("POST", `${api}/session`, { verificationId });
        expect(finalized.status).toBe(200);
        // The session cookie and the cleared binding cookie: two Set-Cookie headers, not one.
        expect(browser.setCookies).toHaveLength(2);
        expect(browser.jar.has(SESSION_COOKIE)).toBe(true);
        const members = await browser.send("GET", `${prefix}/members`);
        expect([members.status, members.text]).toEqual([200, `members:${verificationId}`]);
        const signedOut = await browser.send("DELETE", `${api}/session`);
        expect(signedOut.status).toBe(200);
        expect(browser.jar.has(SESSION_COOKIE)).toBe(false);
        const api401 = await browser.send("GET", `${prefix}/members`, undefined, {
          "sec-fetch-dest": "empty",
        });
        expect(api401.status).toBe(401);
        expect(api401.headers.get("cache-control")).toBe("no-store");
      });

      it("reads the session once for the wall and the page (getSession gives what the wall let through)", async () => {
        const browser = new HttpBrowser(origin);
        const created = await browser.send("POST", `${api}/verifications`, {});
        const verificationId = created.json.verificationId as string;
        service.verify(verificationId);
        await browser.send("POST", `${api}/session`, { verificationId });
        userReads = 0;
        const members = await browser.send("GET", `${prefix}/members`);
        expect([members.status, members.text]).toEqual([200, `members:${verificationId}`]);
        expect(userReads).toBe(1);
      });

      it("sends each Set-Cookie of a response as its own header", async () => {
        const browser = new HttpBrowser(origin);
        const created = await browser.send("POST", `${api}/verifications`, {});
        service.verify(created.json.verificationId as string);
        const response = await fetch(`${origin}${api}/session`, {
          method: "POST",
          headers: {
            origin,
            "content-type": "application/json",
            cookie: browser.cookieHeader(),
          },
          body: JSON.stringify({ verificationId: created.json.verificationId }),
        });
        const cookies = response.headers.getSetCookie();
        expect(cookies.map((c) => c.split("=")[0]).sort()).toEqual(
          [SESSION_COOKIE, `__Host-credport_pending_${created.json.verificationId}`].sort(),
        );
      });

      it("verifies a webhook over the raw bytes, and refuses a forged one", async () => {
        const before = events.length;
        const browser = new HttpBrowser(origin);
        const created = await browser.send("POST", `${api}/verifications`, {});
        expect(created.status).toBe(201);
        const { payload, signature } = service.model.webhooks.events.at(-1)!;
        // Whitespace a parser would drop: the signature is over these exact bytes.
        const ok = await fetch(`${origin}${api}/webhooks`, {
          method: "POST",
          headers: { "content-type": "application/json", "webhook-signature": signature },
          body: payload,
        });
        expect(ok.status).toBe(204);
        expect(events.length).toBe(before + 1);
        const forged = await signWebhookPayload(payload, { secret: `whsec_${"x".repeat(32)}` });
        const bad = await fetch(`${origin}${api}/webhooks`, {
          method: "POST",
          headers: { "content-type": "application/json", "webhook-signature": forged },
          body: payload,
        });
        expect(bad.status).toBe(400);
      });

      for (const declareLength of [true, false])
        it(`answers 413 to a 2 MB body${declareLength ? " (Content-Length)" : " (chunked)"} without reading it all`, async () => {
          const start = bytesRead();
          const answer = await uploadLarge(`${origin}${api}/webhooks`, 2 * 1024 * 1024, {
            declareLength,
            headers: { "webhook-signature": "v1,x" },
          });
          expect(answer.status).toBe(413);
          expect(JSON.parse(answer.body).code).toBe("request_too_large");
          await new Promise((resolve) => setTimeout(resolve, 50));
          expect(bytesRead() - start).toBeLessThan(1024 * 1024);
        });

      it("builds URLs from Host, not from X-Forwarded-* the app does not trust", async () => {
        // Were the request's URL taken from the forwarded headers, this Origin would be its own.
        const forged = await new HttpBrowser(origin).send(
          "POST",
          `${api}/verifications`,
          {},
          {
            origin: "https://evil.test",
            "x-forwarded-proto": "https",
            "x-forwarded-host": "evil.test",
          },
        );
        expect([forged.status, forged.json.code]).toEqual([403, "cross_site_request"]);
        expect(forged.json.message).toContain(origin);
      });

      it("lets other paths through to the app", async () => {
        const other = await fetch(`${origin}${prefix}/api/credportal`);
        expect(other.status).toBe(404);
        const outside = await fetch(`${origin}/api/credport/session${prefix ? "" : "x"}`);
        expect(outside.status).toBe(404);
      });
    });
  }
}
