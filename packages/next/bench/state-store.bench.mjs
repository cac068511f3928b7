// What a shared state store costs: the finalize route and the webhook route with Redis on
// loopback (a real redis-server started here) against the in-memory default, p50 over many
// requests, alternating between the two. Figure: the added p50 (goal ≤ 1 ms). Skipped without
// /usr/bin/redis-server (or REDIS_SERVER_BIN).
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer, Socket } from "node:net";
import { fileURLToPath } from "node:url";

import { median, QUICK, reportFigure, wants } from "../../../scripts/bench/figure.mjs";

if (!wants("state")) process.exit(0);
const REDIS = process.env.REDIS_SERVER_BIN ?? "/usr/bin/redis-server";
if (!existsSync(REDIS)) {
  console.log(`state store: skipped (no ${REDIS}; apt-get install redis-server)`);
  process.exit(0);
}
// `server-only` throws outside the react-server condition, as Next sets it for server code.
if (!process.execArgv.includes("--conditions=react-server")) {
  const run = spawnSync(
    process.execPath,
    ["--conditions=react-server", fileURLToPath(import.meta.url)],
    { stdio: "inherit" },
  );
  process.exit(run.status ?? 1);
}

const { createHandlers, createModel } = await import("@credport/mock");
const { setupServer } = await import("msw/node");
const { createCredportHandlers } = await import("@credport/next");
const { signWebhookPayload } = await import("@credport/server");

const port = await new Promise((resolve) => {
  const s = createServer().listen(0, "127.0.0.1", () => {
    const { port } = s.address();
    s.close(() => resolve(port));
  });
});
const redis = spawn(
  REDIS,
  ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
  { stdio: "ignore" },
);
const pong = () =>
  new Promise((resolve) => {
    const socket = new Socket();
    socket.once("error", () => resolve(false));
    socket.connect(port, "127.0.0.1", () => socket.write("PING\r\n"));
    socket.once("data", (d) => {
      socket.destroy();
      resolve(String(d).startsWith("+PONG"));
    });
  });
while (!(await pong())) await new Promise((r) => setTimeout(r, 20));

const BASE = "https://api.credport.test";
const APP = "https://app.test";
const model = createModel();
const project = model.createProject();
const server = setupServer(...createHandlers(model, { baseUrl: BASE }));
server.listen({ onUnhandledRequest: "bypass" });

const config = (extra) => ({
  secretKey: project.secretKey,
  baseUrl: BASE,
  sessionSecret: "b".repeat(32),
  policyId: "preset_age_over_18",
  rateLimit: false,
  webhook: { secret: project.webhookSecret, onEvent: () => {} },
  ...extra,
});
const stores = {
  memory: createCredportHandlers(config({})),
  redis: createCredportHandlers(config({ redis: { url: `redis://127.0.0.1:${port}` } })),
};

const N = QUICK ? 100 : 400;
/** N verified verifications, each with its pending cookie, ready to finalize once. */
async function pendingFor(handlers) {
  const out = [];
  for (let i = 0; i < N; i++) {
    const created = await handlers.POST(
      new Request(`${APP}/api/credport/verifications`, {
        method: "POST",
        headers: { origin: APP },
      }),
    );
    const { verificationId } = await created.json();
    model.verifications.applyTrigger(verificationId, "request_fetched");
    model.verifications.applyTrigger(verificationId, "presentation_verified", {
      claims: { age_over_18: true },
    });
    const cookie = created.headers
      .getSetCookie()
      .find((c) => c.startsWith("__Host-credport_pending_"))
      .split(";")[0];
    out.push({ verificationId, cookie });
  }
  return out;
}
const finalizeOnce = async (handlers, { verificationId, cookie }) => {
  const response = await handlers.POST(
    new Request(`${APP}/api/credport/session`, {
      method: "POST",
      headers: { origin: APP, "content-type": "application/json", cookie },
      body: JSON.stringify({ verificationId }),
    }),
  );
  if (response.status !== 200) throw new Error(`finalize answered ${response.status}`);
};

// A real event's payload, with a fresh ID per delivery (each is handled, not a duplicate).
let template;
const deliverOnce = async (handlers, i, name) => {
  const payload = JSON.stringify({ ...template, id: `evt_bench_${name}_${i}` });
  const signature = await signWebhookPayload(payload, { secret: project.webhookSecret });
  const response = await handlers.POST(
    new Request(`${APP}/api/credport/webhooks`, {
      method: "POST",
      headers: { "webhook-signature": signature, "content-type": "application/json" },
      body: payload,
    }),
  );
  if (response.status !== 204) throw new Error(`webhook answered ${response.status}`);
};

const pending = { memory: await pendingFor(stores.memory), redis: await pendingFor(stores.redis) };
template = JSON.parse(model.webhooks.events.at(-1)?.payload ?? "null");
if (!template) throw new Error("the mock sent no webhook event to copy");
// Warm up both (the Redis client connects on first use).
for (const name of ["memory", "redis"]) await deliverOnce(stores[name], -1, name);

const samples = { finalize: { memory: [], redis: [] }, webhook: { memory: [], redis: [] } };
for (let i = 0; i < N; i++) {
  for (const name of i % 2 ? ["memory", "redis"] : ["redis", "memory"]) {
    let start = performance.now();
    await finalizeOnce(stores[name], pending[name][i]);
    samples.finalize[name].push(performance.now() - start);
    start = performance.now();
    await deliverOnce(stores[name], i, name);
    samples.webhook[name].push(performance.now() - start);
  }
}
server.close();
redis.kill("SIGKILL");

for (const route of ["finalize", "webhook"]) {
  const memory = median(samples[route].memory);
  const onRedis = median(samples[route].redis);
  const added = Math.round((onRedis - memory) * 1000) / 1000;
  console.log(
    `${route}: p50 ${memory.toFixed(3)} ms in memory, ${onRedis.toFixed(3)} ms on Redis (loopback), ${N} requests each`,
  );
  reportFigure({
    id: `next.state-store.${route}.redis-added-p50`,
    label: `${route} route, added p50 with Redis on loopback`,
    value: added,
    unit: "ms",
    yardstick: `${memory.toFixed(3)} ms in memory`,
    goal: "≤ 1 ms",
  });
}
process.exit(0);
