/**
 * Header names are case-insensitive (RFC 9110 §5.1): the emulator reads them from node's raw list
 * without lower-casing each, so a browser's or a script's spelling must not change an answer.
 */
import { type Emulator, startEmulator } from "@credport/emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../attacks/raw-http.js";
import { serviceCall } from "../support/service-call.js";

describe("header names in any case", () => {
  let emulator: Emulator;
  let verification: { id: string; clientToken: string };
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    const body = await serviceCall(emulator)("POST", "/v1/verifications", {
      policy_id: "preset_age_over_18",
    });
    verification = { id: body.id, clientToken: body.client_token };
  });
  afterAll(() => emulator.close());

  const status = (headers: Record<string, string>) =>
    rawRequest(`${emulator.url}/v1/verifications/${verification.id}/status`, { headers });

  it("a browser status read with upper- and mixed-case names is answered as with lower-case ones", async () => {
    for (const [authorization, publishable] of [
      ["authorization", "x-publishable-key"],
      ["AUTHORIZATION", "X-PUBLISHABLE-KEY"],
      ["Authorization", "X-Publishable-Key"],
    ] as const) {
      const answer = await status({
        [authorization]: `Bearer ${verification.clientToken}`,
        [publishable]: emulator.keys.publishableKey,
      });
      expect(answer.status, authorization).toBe(200);
      expect(JSON.parse(answer.text)).toMatchObject({ id: verification.id, status: "pending" });
      expect(answer.headers["access-control-allow-origin"]).toBe("*");
    }
  });

  it("a name that only shares the length of a wanted one is not taken for it", async () => {
    // "x-service-kez" is as long as "x-service-key" and "authorization": neither may be read from it.
    const answer = await status({
      "X-Service-Kez": emulator.keys.secretKey,
      "x-publishable-key": emulator.keys.publishableKey,
    });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.text).code).toBe("missing_token");
  });

  it("the Host check reads an upper-case HOST too", async () => {
    const port = new URL(emulator.url).port;
    const answer = await rawRequest(`${emulator.url}/__emulator/state`, {
      headers: { HOST: `attacker.example:${port}` },
    });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.text).code).toBe("host_not_allowed");
  });
});
