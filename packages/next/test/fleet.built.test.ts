// Issue "Many instances": two app instances in two processes (the built package behind plain Node
// HTTP servers), one real redis-server and the emulator. Every guarantee holds across the fleet;
// with Redis killed mid-run, the fault behaviour holds, and the fleet recovers without a restart.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { type Emulator, startEmulator } from "@credport/emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RedisServer, startRedisServer } from "../../server/test/support/redis-server.js";

const APP_SCRIPT = fileURLToPath(new URL("./fixtures/fleet/app.mjs", import.meta.url));
const PACKAGE_DIR = fileURLToPath(new URL("..", import.meta.url));

interface Instance {
  url: string;
  events: string[];
  logs: string[];
  child: ChildProcess;
}

let redis: RedisServer;
let emulator: Emulator;
let a: Instance;
let b: Instance;

function startInstance(env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, [APP_SCRIPT], {
    cwd: PACKAGE_DIR,
    env: { ...process.env, NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const instance: Instance = { url: "", events: [], logs: [], child };
  return new Promise((resolve, reject) => {
    let buffer = "";
    child.stdout!.on("data", (data) => {
      buffer += data;
      let newline = buffer.indexOf("\n");
      while (newline >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        const [kind, value] = line.split(" ");
        if (kind === "listening") {
          instance.url = `http://127.0.0.1:${value}`;
          resolve(instance);
        } else if (kind === "event") instance.events.push(value!);
        newline = buffer.indexOf("\n");
      }
    });
    child.stderr!.on("data", (data) => instance.logs.push(String(data)));
    child.once("exit", (code) =>
      reject(new Error(`the app exited (${code}): ${instance.logs.join("")}`)),
    );
  });
}

beforeAll(async () => {
  redis = await startRedisServer();
  emulator = await startEmulator({ port: 0 });
  const env = {
    CREDPORT_SECRET_KEY: emulator.keys.secretKey,
    CREDPORT_BASE_URL: emulator.url,
    CREDPORT_PROJECT_ID: emulator.projectId,
    CREDPORT_WEBHOOK_SECRET: emulator.keys.webhookSecret,
    CREDPORT_SESSION_SECRET: "f".repeat(43),
    CREDPORT_REDIS_URL: redis.url,
  };
  [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
}, 20_000);

afterAll(async () => {
  for (const instance of [a, b]) {
    if (!instance || instance.child.exitCode !== null) continue;
    instance.child.removeAllListeners("exit");
    instance.child.kill("SIGKILL");
  }
  await emulator?.close();
  await redis?.kill();
});

/** A fetch as a browser at `instance` would send it: same-origin, with these cookies. */
async function send(
  instance: Instance,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${instance.url}/api/credport/${path}`, {
    method,
    headers: {
      origin: instance.url,
      "sec-fetch-site": "same-origin",
      "content-type": "application/json",
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
    cookies: response.headers.getSetCookie().map((c) => c.split(";")[0]!),
  };
}

/** Starts at `instance` (from its own address) and has the wallet present: the pending cookie. */
async function verifiedPending(instance: Instance, address: string) {
  const created = await send(instance, "POST", "verifications", {
    body: {},
    headers: { "x-forwarded-for": address },
  });
  expect(created.status).toBe(201);
  const id = created.body.verificationId as string;
  emulator.model.verifications.applyTrigger(id, "request_fetched");
  emulator.model.verifications.applyTrigger(id, "presentation_verified", {
    claims: { age_over_18: true } as never,
  });
  return { id, cookie: created.cookies.join("; ") };
}

const finalize = (instance: Instance, id: string, cookie: string) =>
  send(instance, "POST", "session", { cookie, body: { verificationId: id } }).then((r) => ({
    status: r.status,
    code: r.body.code,
    session: r.cookies.some((c) => c.startsWith("__Host-credport_session=") && !c.endsWith("=")),
  }));

function lastEvent() {
  const event = emulator.model.webhooks.events.at(-1)!;
  return { id: JSON.parse(event.payload).id as string, ...event };
}
const deliver = (instance: Instance, event: { payload: string; signature: string }) =>
  fetch(`${instance.url}/api/credport/webhooks`, {
    method: "POST",
    headers: { "webhook-signature": event.signature, "content-type": "application/json" },
    body: event.payload,
  });
const allEvents = () => [...a.events, ...b.events];

describe("a fleet of two instances on one Redis", () => {
  it("one verification finalizes once: the same pending cookie at both instances at once gives one session", async () => {
    const { id, cookie } = await verifiedPending(a, "198.51.100.1");
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => finalize(i % 2 ? a : b, id, cookie)),
    );
    expect(results.filter((r) => r.session)).toHaveLength(1);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200))
      expect(r).toEqual({ status: 409, code: "verification_already_finalized", session: false });
  });

  it("one event reaches onEvent once, delivered to both instances at once", async () => {
    await send(a, "POST", "verifications", {
      body: {},
      headers: { "x-forwarded-for": "198.51.100.2" },
    });
    const event = lastEvent();
    const statuses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => deliver(i % 2 ? a : b, event).then((r) => r.status)),
    );
    // One delivery handles it; the others are duplicates: acknowledged once it is done (200), or
    // refused for a retry while it is still in onEvent (409), never handled a second time.
    expect(statuses.filter((s) => s === 204)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 204).every((s) => s === 200 || s === 409)).toBe(true);
    expect(allEvents().filter((id) => id === event.id)).toHaveLength(1);
  });

  it("200 concurrent starts from one address, across both instances, meet the limit exactly (10)", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        send(i % 2 ? a : b, "POST", "verifications", {
          body: {},
          headers: { "x-forwarded-for": "203.0.113.50" },
        }).then((r) => {
          if (r.status === 429) expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
          return r.status;
        }),
      ),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(190);
  });

  it("Redis killed mid-run: finalize 503 without a session, webhook 503 (delivered again later), starts let through; Redis back: both work, without restarting the apps", async () => {
    const { id, cookie } = await verifiedPending(b, "198.51.100.3");
    await send(a, "POST", "verifications", {
      body: {},
      headers: { "x-forwarded-for": "198.51.100.4" },
    });
    const event = lastEvent();
    await redis.kill();

    const started = Date.now();
    expect(await finalize(a, id, cookie)).toEqual({
      status: 503,
      code: "state_store_unavailable",
      session: false,
    });
    expect(Date.now() - started).toBeLessThan(2000);
    const refused = await deliver(b, event);
    expect(refused.status).toBe(503);
    expect(allEvents()).not.toContain(event.id);
    const start = await send(a, "POST", "verifications", {
      body: {},
      headers: { "x-forwarded-for": "198.51.100.5" },
    });
    expect(start.status).toBe(201);

    await redis.start();
    let back = await finalize(b, id, cookie);
    for (let i = 0; back.status === 503 && i < 60; i++) {
      await new Promise((r) => setTimeout(r, 100));
      back = await finalize(b, id, cookie);
    }
    expect(back).toEqual({ status: 200, code: undefined, session: true });
    expect(await finalize(a, id, cookie)).toMatchObject({ status: 409, session: false });
    let redelivered = (await deliver(a, event)).status;
    for (let i = 0; redelivered === 503 && i < 60; i++) {
      await new Promise((r) => setTimeout(r, 100));
      redelivered = (await deliver(a, event)).status;
    }
    expect(redelivered).toBe(204);
    expect((await deliver(b, event)).status).toBe(200);
    expect(allEvents().filter((e) => e === event.id)).toHaveLength(1);
    // The outage was logged as a warning (starts let through), and no secret was printed.
    const logs = [...a.logs, ...b.logs].join("");
    expect(logs).toContain("let through");
    expect(logs).not.toContain(emulator.keys.secretKey);
    expect(logs).not.toContain(emulator.keys.webhookSecret);
  }, 30_000);
});
