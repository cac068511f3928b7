// Emulator throughput and memory under 50 concurrent keep-alive loopback clients (autocannon, in this
// process) against the emulator in a process of its own (emulator-process.mjs):
//   1. the status read beside bare node:http (bare-http-process.mjs), the yardstick;
//   2. a mixed workload at 1k, 10k and 50k stored records (the 50k figure should stay within 20 % of 1k);
//   3. RSS over a long mixed run (CREDPORT_BENCH_RSS_SECONDS, default 20; the stated bound is for 60);
//   4. heap growth after 10,000 realtime (SSE) connections have come and gone (goal < 0.5 MB).
// Prints figures; asserts nothing. CREDPORT_BENCH_SECONDS sets the length of each throughput run.
import { fork } from "node:child_process";
import { request } from "node:http";
import autocannon from "autocannon";

const SECONDS = Number(process.env.CREDPORT_BENCH_SECONDS ?? "6");
const RSS_SECONDS = Number(process.env.CREDPORT_BENCH_RSS_SECONDS ?? "20");
const CONNECTIONS = 50;
const RSS_BOUND_MB = 200;
const SSE_CONNECTIONS = 10_000;
const here = new URL(".", import.meta.url);

function start(script, env = {}, execArgv = []) {
  const child = fork(new URL(script, here), [], { env: { ...process.env, ...env }, execArgv });
  let stopping = false;
  child.on("exit", (code) => {
    if (!stopping) throw new Error(`${script} exited with ${code}`);
  });
  const next = (type) =>
    new Promise((resolve) => {
      const onMessage = (message) => {
        if (message.type !== type) return;
        child.off("message", onMessage);
        resolve(message);
      };
      child.on("message", onMessage);
    });
  return {
    ready: next("ready"),
    async memory(gc = false, clearRequestLog = false) {
      const answer = next("memory");
      child.send({ type: "memory", gc, clearRequestLog });
      return answer;
    },
    stop: () =>
      new Promise((resolve) => {
        stopping = true;
        child.once("exit", resolve);
        child.send({ type: "stop" });
      }),
  };
}

const pick = (items) => items[(Math.random() * items.length) | 0];
let sequence = 0;

function statusRead(service) {
  return {
    method: "GET",
    setupRequest: (req) => {
      const v = pick(service.verifications);
      return {
        ...req,
        path: `/v1/verifications/${v.id}/status`,
        headers: {
          authorization: `Bearer ${v.clientToken}`,
          "x-publishable-key": service.keys.publishableKey,
        },
      };
    },
  };
}

/** One client's cycle of ten requests: six reads of one record, two list pages, two creates. */
function mixed(service) {
  const server = { "x-service-key": service.keys.secretKey };
  const get = (path) => ({
    method: "GET",
    setupRequest: (req) => ({ ...req, path: path(), headers: server }),
  });
  const post = (path, body) => ({
    method: "POST",
    setupRequest: (req) => ({
      ...req,
      path,
      headers: {
        ...server,
        "content-type": "application/json",
        "idempotency-key": `bench-${process.pid}-${++sequence}`,
      },
      body: JSON.stringify(body),
    }),
  });
  return [
    statusRead(service),
    get(() => `/v1/verifications/${pick(service.verifications).id}/status`),
    get(() => `/v1/verifications/${pick(service.verifications).id}`),
    get(() => `/v1/openid4vc/issuance/${pick(service.offers)}`),
    statusRead(service),
    get(() => "/v1/verifications?limit=20"),
    post("/v1/verifications", { policy_id: "preset_age_over_18" }),
    statusRead(service),
    get(() => "/v1/openid4vc/issuance?limit=20"),
    post("/v1/openid4vc/issuance/offer", {
      credentialDefinitionId: "bench-badge",
      claims: { given_name: "Ada" },
    }),
  ];
}

async function load(url, requests, seconds, onSecond) {
  const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, requests });
  if (onSecond) {
    const timer = setInterval(onSecond, 1000);
    instance.on("done", () => clearInterval(timer));
  }
  const result = await instance;
  return {
    rps: result.requests.total / (result.duration || seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

const fmt = (n) => Math.round(n).toLocaleString("en-US");
const line = (label, r) =>
  `  ${label.padEnd(34)} ${fmt(r.rps).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms${
    r.failed ? `  (${r.failed} failed)` : ""
  }`;

console.log(
  `emulator under ${CONNECTIONS} keep-alive loopback clients (autocannon in another process), ${SECONDS} s per run`,
);

// 1. Status read, interleaved with bare node:http so that the machine's load hits both alike.
{
  const bare = start("bare-http-process.mjs");
  const emulator = start("emulator-process.mjs", { RECORDS: "1000" });
  const [bareService, service] = await Promise.all([bare.ready, emulator.ready]);
  // The same requests to both (bare node:http ignores path and headers), so the client's own work
  // is the same on both sides.
  const requests = [statusRead(service)];
  await load(service.url, requests, 2); // warm-up
  await load(bareService.url, requests, 2);
  const rounds = { bare: [], emulator: [] };
  for (let i = 0; i < 2; i++) {
    rounds.bare.push(await load(bareService.url, requests, SECONDS));
    rounds.emulator.push(await load(service.url, requests, SECONDS));
  }
  const best = (runs) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));
  const [b, e] = [best(rounds.bare), best(rounds.emulator)];
  console.log("\nGET /v1/verifications/{id}/status (browser auth), best of 2 interleaved runs:");
  console.log(line("bare node:http (yardstick)", b));
  console.log(line("emulator", e));
  console.log(`  emulator / bare: ${(e.rps / b.rps).toFixed(2)}  (goal: ≥ 10,000 req/s)`);
  await Promise.all([bare.stop(), emulator.stop()]);
}

// 2. Mixed workload at three sizes of stored state.
{
  console.log("\nmixed workload (6 reads, 2 list pages, 2 idempotent creates per 10 requests):");
  const figures = {};
  for (const records of [1_000, 10_000, 50_000]) {
    const emulator = start("emulator-process.mjs", { RECORDS: String(records) });
    const service = await emulator.ready;
    await load(service.url, mixed(service), 2); // warm-up
    figures[records] = await load(service.url, mixed(service), SECONDS);
    console.log(line(`${fmt(records)} stored records`, figures[records]));
    await emulator.stop();
  }
  const ratio = figures[50_000].rps / figures[1_000].rps;
  console.log(`  50k / 1k: ${ratio.toFixed(2)}  (goal: ≥ 0.80)`);
}

// 3. RSS over a long mixed run.
{
  const emulator = start("emulator-process.mjs", { RECORDS: "10000" }, ["--expose-gc"]);
  const service = await emulator.ready;
  const samples = [];
  const result = await load(service.url, mixed(service), RSS_SECONDS, () => {
    emulator.memory().then((m) => samples.push(m.rss));
  });
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const idle = await emulator.memory(true);
  const mb = (bytes) => (bytes / 2 ** 20).toFixed(0);
  const peak = Math.max(service.rss, ...samples);
  console.log(
    `\nRSS over a ${RSS_SECONDS} s mixed run from 10k records (bound: ≤ ${RSS_BOUND_MB} MB):`,
  );
  console.log(
    `  start ${mb(service.rss)} MB, peak ${mb(peak)} MB, after 2 s idle and GC ${mb(idle.rss)} MB; ${fmt(
      result.rps * RSS_SECONDS,
    )} requests, ${result.failed} failed  ${peak <= RSS_BOUND_MB * 2 ** 20 ? "(within the bound)" : "(OVER THE BOUND)"}`,
  );
  await emulator.stop();
}

// 4. Realtime streams come and go: what stays behind.
{
  const emulator = start("emulator-process.mjs", { RECORDS: "2000" }, ["--expose-gc"]);
  const service = await emulator.ready;
  const openStream = () =>
    new Promise((resolve, reject) => {
      const v = pick(service.verifications);
      const req = request(`${service.url}/v1/verifications/${v.id}/events`, {
        agent: false,
        headers: {
          authorization: `Bearer ${v.clientToken}`,
          "x-publishable-key": service.keys.publishableKey,
        },
      });
      req.on("response", (res) => {
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          if (chunk.includes("event: status")) {
            req.destroy();
            resolve();
          }
        });
      });
      req.on("error", (error) => (error.code === "ECONNRESET" ? resolve() : reject(error)));
      req.end();
    });
  const streams = async (count) => {
    for (let done = 0; done < count; done += 250)
      await Promise.all(Array.from({ length: Math.min(250, count - done) }, openStream));
  };
  await streams(2_000); // warm-up: the JIT settles
  const before = await emulator.memory(true, true);
  await streams(SSE_CONNECTIONS);
  const after = await emulator.memory(true, true);
  const mb = (bytes) => (bytes / 2 ** 20).toFixed(2);
  console.log(
    `\n${fmt(SSE_CONNECTIONS)} realtime (SSE) connections opened and closed: heap growth after GC ${mb(
      after.dataHeap - before.dataHeap,
    )} MB without compiled code, ${mb(after.heapUsed - before.heapUsed)} MB with it  (goal: < 0.5 MB)`,
  );
  await emulator.stop();
}
