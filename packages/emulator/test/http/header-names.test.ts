/**
 * Request headers on node:http read as the mock's Fetch transport reads them. Names are
 * case-insensitive (RFC 9110 §5.1), so a browser's or a script's spelling must not change an
 * answer; a header line sent twice is every value joined with ", ", where node itself keeps only
 * the first `Authorization` (and a few more), which would read half of a duplicated credential.
 */
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type Emulator, startEmulator } from "@credport/emulator";
import { createRouter } from "@credport/mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestHeader } from "../../src/http/node-transport.js";
import { rawRequest } from "../attacks/raw-http.js";
import { serviceCall } from "../support/service-call.js";

describe("request headers", () => {
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

  const statusPath = () => `/v1/verifications/${verification.id}/status`;
  /** Sent as a list, a request gets no `Host` from node: it is added here, as a client would. */
  const withHost = (headers: string[]) => ["Host", new URL(emulator.url).host, ...headers];

  /** The same request through the mock's Fetch transport: the answer to match. */
  async function viaFetch(headers: string[]) {
    const init = new Headers();
    for (let i = 0; i < headers.length; i += 2) init.append(headers[i]!, headers[i + 1]!);
    const answer = await createRouter(emulator.model).handle(
      new Request(`${emulator.url}${statusPath()}`, { headers: init }),
      emulator.url,
    );
    if (!(answer instanceof Response)) throw new Error("the router dropped the connection");
    return { status: answer.status, body: await answer.json() };
  }

  it("a valid publishable key sent again with another value is not taken for the first", async () => {
    const headers = [
      "Authorization",
      `Bearer ${verification.clientToken}`,
      "X-Publishable-Key",
      emulator.keys.publishableKey,
      "X-Publishable-Key",
      "pk_test_not_this_one",
    ];
    const answer = await rawRequest(`${emulator.url}${statusPath()}`, {
      headers: withHost(headers),
    });
    expect(answer.status).toBe(401);
    expect({ status: answer.status, body: JSON.parse(answer.text) }).toEqual(
      await viaFetch(headers),
    );
  });

  it("two Authorization lines are one joined value, as Fetch has it, not the first alone", async () => {
    const headers = [
      "Authorization",
      `Bearer ${verification.clientToken}`,
      "Authorization",
      "Bearer another-token",
      "X-Publishable-Key",
      emulator.keys.publishableKey,
    ];
    const answer = await rawRequest(`${emulator.url}${statusPath()}`, {
      headers: withHost(headers),
    });
    expect(answer.status).toBe(401);
    expect({ status: answer.status, body: JSON.parse(answer.text) }).toEqual(
      await viaFetch(headers),
    );
    // Sent once, the same token is accepted: the refusal above is the duplicate's.
    const once = await rawRequest(`${emulator.url}${statusPath()}`, {
      headers: withHost(headers.slice(0, 2).concat(headers.slice(4))),
    });
    expect(once.status).toBe(200);
  });
});

describe("requestHeader on a node server that does not join duplicates", () => {
  it("reads every value from the raw list, joined, in any case of the name", async () => {
    const server = createServer((req, res) => {
      res.end(
        JSON.stringify({
          authorization: requestHeader(req, "authorization"),
          cookie: requestHeader(req, "cookie"),
          missing: requestHeader(req, "x-missing"),
          inherited: requestHeader(req, "constructor"),
        }),
      );
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await rawRequest(`http://127.0.0.1:${port}/`, {
        headers: [
          "Host",
          `127.0.0.1:${port}`,
          "Authorization",
          "Bearer a",
          "AUTHORIZATION",
          "Bearer b",
          "Cookie",
          "x=1",
          "cookie",
          "y=2",
        ],
      });
      expect(JSON.parse(answer.text)).toEqual({
        authorization: "Bearer a, Bearer b",
        cookie: "x=1, y=2",
        missing: null,
        inherited: null,
      });
    } finally {
      server.close();
    }
  });
});
