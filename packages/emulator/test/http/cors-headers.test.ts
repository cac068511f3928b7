/**
 * CORS on the browser-readable routes as the Fetch standard reads it: a preflight's answer says
 * which methods and headers may be sent and for how long (Allow-Methods, Allow-Headers, Max-Age);
 * an actual answer needs Allow-Origin, and Expose-Headers for the headers a page reads
 * (X-Request-Id, Retry-After, Date). Preflight-only headers on every status read are bytes and
 * work on the hottest route that no browser reads.
 */
import { type Emulator, startEmulator } from "@credport/emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../attacks/raw-http.js";
import { serviceCall } from "../support/service-call.js";

describe("CORS headers of a browser status read", () => {
  let emulator: Emulator;
  let statusUrl: string;
  let clientToken: string;
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    const body = await serviceCall(emulator)("POST", "/v1/verifications", {
      policy_id: "preset_age_over_18",
    });
    statusUrl = `${emulator.url}/v1/verifications/${body.id}/status`;
    clientToken = body.client_token;
  });
  afterAll(() => emulator.close());

  it("the preflight answer allows the status read's method and headers", async () => {
    const preflight = await rawRequest(statusUrl, {
      method: "OPTIONS",
      headers: {
        origin: "https://shop.example",
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization, x-publishable-key",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("*");
    expect(preflight.headers["access-control-allow-methods"]).toContain("GET");
    expect(preflight.headers["access-control-allow-headers"]).toContain("authorization");
    expect(preflight.headers["access-control-allow-headers"]).toContain("x-publishable-key");
    expect(preflight.headers["access-control-max-age"]).toBe("600");
  });

  for (const [what, headers] of [
    ["the answer", () => ({ authorization: `Bearer ${clientToken}` })],
    ["an error answer", () => ({ authorization: "Bearer wrong" })],
  ] as const) {
    it(`${what} carries Allow-Origin and Expose-Headers, and no preflight-only header`, async () => {
      const answer = await rawRequest(statusUrl, {
        headers: {
          origin: "https://shop.example",
          "x-publishable-key": emulator.keys.publishableKey,
          ...headers(),
        },
      });
      expect(answer.headers["access-control-allow-origin"]).toBe("*");
      expect(answer.headers["access-control-expose-headers"]).toBe(
        "x-request-id, retry-after, date",
      );
      expect(answer.headers["access-control-allow-methods"]).toBeUndefined();
      expect(answer.headers["access-control-allow-headers"]).toBeUndefined();
      expect(answer.headers["access-control-max-age"]).toBeUndefined();
    });
  }
});
