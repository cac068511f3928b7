/**
 * CSRF: a page on any site the developer visits can make the browser POST to the emulator (a form,
 * or `fetch(…, { mode: "no-cors" })` with a text/plain body). Such writes must change nothing.
 */
import { type Emulator, startEmulator } from "@credport/emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "./raw-http.js";

describe("cross-site writes to the emulator", () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
  });
  afterAll(() => emulator.close());

  /** The printed secret key still works: nothing was reset. */
  const keysStillWork = async () =>
    (
      await rawRequest(`${emulator.url}/v1/policies`, {
        headers: { "x-service-key": emulator.keys.secretKey },
      })
    ).status;

  const post = (path: string, headers: Record<string, string>, body = "{}") =>
    rawRequest(`${emulator.url}${path}`, { method: "POST", headers, body });

  it("a cross-site text/plain POST to /__emulator/reset is refused and resets nothing", async () => {
    const attack = await post("/__emulator/reset", {
      "content-type": "text/plain;charset=UTF-8",
      origin: "https://evil.example",
      "sec-fetch-site": "cross-site",
      "sec-fetch-mode": "no-cors",
    });
    expect(attack.status).toBe(403);
    expect(JSON.parse(attack.text)).toMatchObject({ code: "cross_site_request" });
    expect(await keysStillWork()).toBe(200);
  });

  it("a cross-site form POST (Origin only, an older browser) injects no fault", async () => {
    const attack = await post(
      "/__emulator/faults",
      { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      "kind=service_unavailable&count=5",
    );
    expect(attack.status).toBe(403);
    expect(await keysStillWork()).toBe(200);
  });

  it("a POST from another port of localhost (same-site) moves no clock", async () => {
    const before = emulator.model.clock.now() - Date.now();
    const attack = await post(
      "/__emulator/clock/advance",
      {
        "content-type": "application/json",
        origin: "http://localhost:3000",
        "sec-fetch-site": "same-site",
      },
      JSON.stringify({ ms: 86_400_000 }),
    );
    expect(attack.status).toBe(403);
    expect(emulator.model.clock.now() - Date.now()).toBeCloseTo(before, -3);
  });

  it("a POST from an opaque origin (Origin: null, a sandboxed frame) registers no webhook", async () => {
    const attack = await post(
      "/__emulator/webhooks",
      { "content-type": "application/json", origin: "null" },
      JSON.stringify({ projectId: emulator.projectId, url: "http://127.0.0.1:9/steal" }),
    );
    expect(attack.status).toBe(403);
    expect(emulator.model.webhooks.endpoints).toHaveLength(0);
  });

  it("a text/plain body is refused even without Origin (415): browsers send it cross-site without asking", async () => {
    const attack = await post("/__emulator/reset", { "content-type": "text/plain" });
    expect(attack.status).toBe(415);
    expect(JSON.parse(attack.text)).toMatchObject({ code: "unsupported_media_type" });
    expect(JSON.parse(attack.text).message).toContain("application/json");
    expect(await keysStillWork()).toBe(200);
  });

  it("scripts (no Origin) and the emulator's own origin still drive the control plane", async () => {
    const script = await post(
      "/__emulator/faults",
      { "content-type": "application/json" },
      JSON.stringify({ kind: "service_unavailable", count: 1 }),
    );
    expect(script.status).toBe(200);
    expect(await keysStillWork()).toBe(503);
    const own = await rawRequest(`${emulator.url}/__emulator/faults`, {
      method: "DELETE",
      headers: { origin: emulator.url, "sec-fetch-site": "same-origin" },
    });
    expect(own.status).toBe(200);
    expect(await keysStillWork()).toBe(200);
  });

  it("every write of the dashboard and the test wallet page takes the same rule", async () => {
    for (const path of [
      "/__dashboard/actions/reset",
      "/__dashboard/actions/requests-clear",
      "/wallet/new",
      "/wallet/accept",
    ]) {
      const crossSite = await post(
        path,
        { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
        "",
      );
      expect([path, crossSite.status]).toEqual([path, 403]);
    }
    expect(await keysStillWork()).toBe(200);
    // The dashboard's own form, from its own page.
    const own = await post(
      "/__dashboard/actions/realtime",
      {
        "content-type": "application/x-www-form-urlencoded",
        origin: emulator.url,
        "sec-fetch-site": "same-origin",
      },
      "available=on",
    );
    expect(own.status).toBe(303);
    // What Chromium sends for a form of the wallet page (its `no-referrer` policy nulls the Origin).
    const wallet = await post(
      "/wallet/new",
      {
        "content-type": "application/x-www-form-urlencoded",
        origin: "null",
        "sec-fetch-site": "same-origin",
      },
      "",
    );
    expect(wallet.status).toBe(303);
  });
});
