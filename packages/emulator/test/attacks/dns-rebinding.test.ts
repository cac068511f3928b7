/**
 * DNS rebinding: a page on attacker.example whose name is rebound to 127.0.0.1 talks to the
 * emulator "same-origin" — its requests carry `Host: attacker.example:<port>`. The emulator must
 * answer only the names it is known by.
 */
import { CredportConfigurationError } from "@credport/core";
import { type Emulator, startEmulator } from "@credport/emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "./raw-http.js";

describe("requests under a name that is not the emulator's", () => {
  let emulator: Emulator;
  let port: string;
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    port = new URL(emulator.url).port;
  });
  afterAll(() => emulator.close());

  const as = (host: string, path: string, options: { method?: string; body?: string } = {}) =>
    rawRequest(`${emulator.url}${path}`, {
      ...options,
      headers: {
        host,
        ...(options.method === "POST"
          ? {
              origin: `http://${host}`,
              "sec-fetch-site": "same-origin",
              "content-type": "application/x-www-form-urlencoded",
            }
          : {}),
      },
    });

  it("GET /__emulator/state with Host attacker.example is 403, naming the flag, and leaks no key", async () => {
    const attack = await as(`attacker.example:${port}`, "/__emulator/state");
    expect(attack.status).toBe(403);
    expect(attack.text).not.toContain(emulator.keys.secretKey);
    const body = JSON.parse(attack.text);
    expect(body.code).toBe("host_not_allowed");
    expect(body.message).toContain("attacker.example");
    expect(body.message).toContain("--allowed-hosts");
    expect(body.message).toContain("allowedHosts");
  });

  it("the dashboard neither shows nor acts under a rebound name", async () => {
    const page = await as(`attacker.example:${port}`, "/");
    expect(page.status).toBe(403);
    expect(page.text).not.toContain(emulator.keys.secretKey);
    const reset = await as(`attacker.example:${port}`, "/__dashboard/actions/reset", {
      method: "POST",
      body: "",
    });
    expect(reset.status).toBe(403);
    const check = await rawRequest(`${emulator.url}/v1/policies`, {
      headers: { "x-service-key": emulator.keys.secretKey },
    });
    expect(check.status).toBe(200);
  });

  it("answers its own names: localhost (and *.localhost), 127.0.0.1, [::1], any IP address", async () => {
    for (const host of [
      `localhost:${port}`,
      `app.localhost:${port}`,
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
      `192.168.1.20:${port}`,
      "localhost",
    ]) {
      const answer = await as(host, "/__emulator/state");
      expect([host, answer.status]).toEqual([host, 200]);
    }
  });
});

describe("allowedHosts that are not host names", () => {
  it("are a configuration error naming the option", async () => {
    const error = await startEmulator({ port: 0, allowedHosts: ["https://dev.example/"] }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CredportConfigurationError);
    expect(error).toMatchObject({
      code: "invalid_option",
      message: expect.stringMatching(/allowedHosts: "https:\/\/dev\.example\/" is not a host name/),
    });
  });
});

describe("names allowed on purpose", () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator({
      port: 0,
      publicBaseUrl: "https://abc.tunnel.example/credport",
      allowedHosts: ["dev.example", ".ngrok.example"],
    });
  });
  afterAll(() => emulator.close());

  const stateAs = (host: string) =>
    rawRequest(`${emulator.url}/__emulator/state`, { headers: { host } });

  it("the public URL's host, allowedHosts entries, and subdomains of a leading-dot entry", async () => {
    for (const host of ["abc.tunnel.example", "dev.example", "ngrok.example", "x.ngrok.example"])
      expect([host, (await stateAs(host)).status]).toEqual([host, 200]);
    for (const host of ["tunnel.example", "x.dev.example", "evilngrok.example"])
      expect([host, (await stateAs(host)).status]).toEqual([host, 403]);
  });

  it("wallets reach the protocol endpoints through the public URL's host", async () => {
    // The proxy forwards /credport/* with the public Host: the route answers (an unknown offer).
    const offer = await rawRequest(`${emulator.url}/credport/oid4vci/offers/iss_unknown`, {
      headers: { host: "abc.tunnel.example" },
    });
    expect(offer.status).toBe(404);
    expect(JSON.parse(offer.text).code).not.toBe("host_not_allowed");
  });

  it("allowedHosts: true answers every name (the check is off)", async () => {
    const open = await startEmulator({ port: 0, allowedHosts: true });
    try {
      const answer = await rawRequest(`${open.url}/__emulator/state`, {
        headers: { host: "anything.example" },
      });
      expect(answer.status).toBe(200);
    } finally {
      await open.close();
    }
  });
});
