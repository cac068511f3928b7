/**
 * SSRF through webhook delivery: the emulator POSTs to whatever URL it is given. It must not be
 * led by a redirect to another address, nor reach link-local or cloud metadata addresses, by IP
 * or by a name that resolves there.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type Emulator, startEmulator } from "@credport/emulator";
import { createModel } from "@credport/mock";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { visibleText } from "../support/page-client.js";
import { rawRequest } from "./raw-http.js";

async function listen(
  handler: (
    req: import("node:http").IncomingMessage,
    res: import("node:http").ServerResponse,
  ) => void,
): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const closeAll = (servers: Server[]) =>
  Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));

describe("webhook delivery", () => {
  let emulator: Emulator;
  const servers: Server[] = [];
  beforeAll(async () => {
    emulator = await startEmulator({
      port: 0,
      // A name server of the test's own: these names resolve where an attacker would point them.
      model: createModel({
        webhookLookup: (hostname, options, callback) => {
          const address =
            hostname === "metadata.attacker.example"
              ? "169.254.169.254"
              : hostname === "v6.attacker.example"
                ? "fe80::1"
                : hostname === "receiver.attacker.example"
                  ? "127.0.0.1"
                  : undefined;
          if (!address) {
            callback(
              Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }),
              "",
              0,
            );
            return;
          }
          const family = address.includes(":") ? 6 : 4;
          if (options.all) callback(null, [{ address, family }] as never, family);
          else callback(null, address, family);
        },
      }),
    });
  });
  afterEach(async () => {
    emulator.model.webhooks.endpoints.length = 0;
    await closeAll(servers.splice(0));
  });
  afterAll(() => emulator.close());

  const register = (url: string) =>
    rawRequest(`${emulator.url}/__emulator/webhooks`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ projectId: emulator.projectId, url }),
    });

  /** An event of the emulator's project, and every delivery of it over. */
  const emit = async () => {
    emulator.model.webhooks.emit(
      { projectId: emulator.projectId, environment: "test" },
      "test.event",
      {},
    );
    await emulator.model.webhooks.flush();
  };

  it("does not follow a redirect: the 302 is the answer, and its target is never hit", async () => {
    const hits: string[] = [];
    const target = await listen((req, res) => {
      hits.push(req.url ?? "");
      res.writeHead(200).end();
    });
    const redirector = await listen((_req, res) => {
      res.writeHead(302, { location: `${target.url}/internal` }).end();
    });
    servers.push(target.server, redirector.server);
    expect((await register(`${redirector.url}/hook`)).status).toBe(201);
    await emit();
    expect(hits).toEqual([]);
    const delivery = emulator.model.webhooks.events.at(-1)!.deliveries!.at(-1)!;
    // Each retry got the 302 again, and the delivery failed: a redirect is not a receipt.
    expect(delivery.attempts.map((a) => a.status)).toEqual([302, 302, 302, 302]);
    expect(delivery.state).toBe("failed");
  }, 15_000);

  it.each([
    "http://169.254.169.254/latest/meta-data/",
    "http://[fe80::1]/hook",
    "http://[::ffff:169.254.169.254]/",
    "http://2852039166/",
    "http://metadata.google.internal/computeMetadata/v1/",
    "http://100.100.100.200/latest/meta-data/",
  ])("refuses %s at registration, saying why and how to allow it", async (url) => {
    const refused = await register(url);
    expect(refused.status).toBe(400);
    const body = JSON.parse(refused.text);
    expect(body).toMatchObject({ code: "validation_error", details: { field: "url" } });
    expect(body.message).toMatch(/^url: /);
    expect(body.message).toMatch(/link-local|metadata/);
    expect(body.message).toContain("--allow-link-local-webhooks");
    expect(emulator.model.webhooks.endpoints).toHaveLength(0);
  });

  it("the dashboard's form refuses a metadata address with the same reason", async () => {
    const answer = await rawRequest(`${emulator.url}/__dashboard/actions/webhook-endpoint`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-credport-fetch": "1",
        origin: emulator.url,
        "sec-fetch-site": "same-origin",
      },
      body: new URLSearchParams({
        projectId: emulator.projectId,
        url: "http://169.254.169.254/latest/meta-data/",
      }).toString(),
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text).error).toMatch(/link-local/);
    expect(emulator.model.webhooks.endpoints).toHaveLength(0);
  });

  it("a name that resolves to a link-local address is refused at delivery, and the dashboard says why", async () => {
    expect((await register("http://metadata.attacker.example/hook")).status).toBe(201);
    expect((await register("http://v6.attacker.example/hook")).status).toBe(201);
    await emit();
    const record = emulator.model.webhooks.events.at(-1)!;
    for (const delivery of record.deliveries!) {
      expect(delivery.state).toBe("failed");
      // Refused once, not retried: the address will not change its kind.
      expect(delivery.attempts).toHaveLength(1);
      expect(delivery.attempts[0]!.status).toBeUndefined();
      expect(delivery.attempts[0]!.error).toMatch(
        /resolves to (169\.254\.169\.254|fe80::1), a link-local address/,
      );
    }
    const page = visibleText((await rawRequest(`${emulator.url}/webhooks`)).text);
    expect(page).toContain("resolves to 169.254.169.254, a link-local address");
    expect(page).toContain("--allow-link-local-webhooks");
  });

  it("a name that resolves to loopback is delivered — to the address that was checked", async () => {
    const hits: string[] = [];
    const receiver = await listen((req, res) => {
      hits.push(`${req.headers.host} ${req.url}`);
      res.writeHead(204).end();
    });
    servers.push(receiver.server);
    const port = new URL(receiver.url).port;
    expect((await register(`http://receiver.attacker.example:${port}/hook`)).status).toBe(201);
    await emit();
    expect(hits).toEqual([`receiver.attacker.example:${port} /hook`]);
    expect(emulator.model.webhooks.events.at(-1)!.deliveries!.at(-1)!.state).toBe("delivered");
  });
});

it("allowLinkLocalWebhooks lets a link-local endpoint be registered", async () => {
  const emulator = await startEmulator({ port: 0, allowLinkLocalWebhooks: true });
  try {
    const answer = await rawRequest(`${emulator.url}/__emulator/webhooks`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ projectId: emulator.projectId, url: "http://169.254.169.254/hook" }),
    });
    expect(answer.status).toBe(201);
  } finally {
    await emulator.close();
  }
});
