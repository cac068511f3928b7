// The start route and the Digital Credentials API, over real HTTP against every framework: the
// verification is bound to the app's own origin (from the checked Host, or `allowedOrigins`), and
// no header a client chooses (Origin, X-Forwarded-Host, X-Forwarded-Proto) moves that binding to
// another site, whose pages could then ask a wallet for a presentation this verification accepts.
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { setUpService, useApp } from "../support/apps.js";
import { frameworks } from "../support/frameworks.js";

const env = setUpService();

describe.each(frameworks)("$name", (framework) => {
  describe("by default (no allowedOrigins)", () => {
    const app = useApp(framework, env);

    it("sends the app's own origin as expected_origins and hands dcApiRequests to the browser", async () => {
      const browser = app.browser();
      const started = await browser.api("POST", "verifications", {});
      expect(started.status).toBe(201);
      expect(env.service.createBodies.at(-1)?.expected_origins).toEqual([app.url]);
      // The service's requests, unchanged; the signed one names this app's origin alone.
      expect(started.json.dcApiRequests).toEqual(env.service.createAnswers.at(-1)?.dc_api_requests);
      const [signed] = started.json.dcApiRequests as {
        protocol: string;
        data: { request: string };
      }[];
      expect(signed?.protocol).toBe("openid4vp-v1-signed");
      expect(decodeJwt(signed!.data.request).expected_origins).toEqual([app.url]);
      // The QR code and link stay the fallback.
      expect(started.json.authorizationRequestUri).toMatch(/^openid4vp:/);
    });

    it.each([
      [
        "X-Forwarded-Host and X-Forwarded-Proto",
        { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
      ],
      ["Forwarded", { forwarded: "host=evil.example;proto=https" }],
      [
        "X-Forwarded-Host without an Origin (a server-side client)",
        { "x-forwarded-host": "evil.example", origin: "" },
      ],
      [
        "an Origin of another site, with forwarded headers that would make it look like its own",
        {
          origin: "https://evil.example",
          "x-forwarded-host": "evil.example",
          "x-forwarded-proto": "https",
        },
      ],
    ])(
      "%s: expected_origins stays the app's own origin, or the start is refused",
      async (_, headers) => {
        const browser = app.browser();
        const before = env.service.createBodies.length;
        const started = await browser.api("POST", "verifications", {}, headers);
        const sent = env.service.createBodies.slice(before);
        if (started.status === 201) {
          expect(sent.map((b) => b.expected_origins)).toEqual([[app.url]]);
          expect(JSON.stringify(started.json)).not.toContain("evil.example");
        } else {
          expect([started.status, started.json.code]).toEqual([403, "cross_site_request"]);
          expect(sent).toEqual([]);
        }
      },
    );
  });

  describe("with allowedOrigins", () => {
    const app = useApp(framework, env, {
      allowedOrigins: [
        "https://shop.example",
        "http://intranet.example",
        "https://www.shop.example:8443",
      ],
    });

    it("sends the configured origins a wallet accepts (plain http only for this machine), whatever the request says", async () => {
      const browser = app.browser();
      const started = await browser.api(
        "POST",
        "verifications",
        {},
        {
          origin: "https://shop.example",
          "x-forwarded-host": "evil.example",
          host: "evil.example",
        },
      );
      expect(started.status).toBe(201);
      expect(env.service.createBodies.at(-1)?.expected_origins).toEqual([
        "https://shop.example",
        "https://www.shop.example:8443",
      ]);
      // Handed on as the service made them (OpenID4VP, and Annex C for the preset's mdocs).
      expect(started.json.dcApiRequests).toEqual(env.service.createAnswers.at(-1)?.dc_api_requests);
    });
  });
});
