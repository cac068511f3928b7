// Opens and closes STREAMS (default 10,000) realtime (SSE) streams against the built
// @credport/mock, each after the model's clock moved 1 ms (so that no two streams see the same time
// to expiry), WARM_UP streams first, BATCH at a time, and prints the heap growth after GC as JSON.
// Run with --expose-gc; argv[2] is the transport: "fetch" (the router, as msw serves it) or "http"
// (the emulator over loopback).
import { request } from "node:http";
import { getHeapSpaceStatistics } from "node:v8";
import { startEmulator } from "@credport/emulator";
import { createModel, createRouter } from "@credport/mock";

const transport = process.argv[2];
const STREAMS = Number(process.env.STREAMS ?? "10000");
const WARM_UP = Number(process.env.WARM_UP ?? "2000");
const BATCH = Number(process.env.BATCH ?? "100");

const model = createModel();
const emulator = transport === "http" ? await startEmulator({ model }) : undefined;
const project = emulator ? { publishableKey: emulator.keys.publishableKey } : model.createProject();
const auth = model.keys.authenticateSecret(emulator?.keys.secretKey ?? project.secretKey);
const baseUrl = emulator?.url ?? "https://api.credport.test";
const router = createRouter(model);
const verifications = Array.from({ length: 100 }, () =>
  model.verifications.create(auth, { policy_id: "preset_age_over_18" }),
);

const headersFor = (v) => ({
  authorization: `Bearer ${v.clientToken}`,
  "x-publishable-key": project.publishableKey,
});

// The client leaves by cancelling the body. (Aborting a Fetch Request's signal instead leaves ~27
// bytes behind inside Node 20's own fetch, in this process, which would blur the figure.)
async function overFetch(v) {
  const response = await router.handle(
    new Request(`${baseUrl}/v1/verifications/${v.id}/events`, { headers: headersFor(v) }),
    baseUrl,
  );
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes("event: status")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`stream ended early: ${text}`);
    text += decoder.decode(value);
  }
  await reader.cancel();
}

function overHttp(v) {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}/v1/verifications/${v.id}/events`, {
      agent: false,
      headers: headersFor(v),
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
}

const open = transport === "http" ? overHttp : overFetch;
async function streams(count) {
  for (let done = 0; done < count; done += BATCH) {
    const batch = [];
    for (let i = 0; i < Math.min(BATCH, count - done); i++) {
      model.clock.advance(1);
      batch.push(open(verifications[(done + i) % verifications.length]));
    }
    await Promise.all(batch);
  }
}

/** The request log (capped at 5,000 entries) is emptied first: it is not what this looks for. */
async function heapAfterGc() {
  model.requestLog.length = 0;
  await new Promise((resolve) => setTimeout(resolve, 300));
  globalThis.gc();
  await new Promise((resolve) => setTimeout(resolve, 50));
  globalThis.gc();
  // Compiled code is left out: the JIT keeps optimising the hot paths for a while, a one-off cost.
  return getHeapSpaceStatistics()
    .filter((space) => space.space_name !== "code_space")
    .reduce((sum, space) => sum + space.space_used_size, 0);
}

await streams(WARM_UP);
const before = await heapAfterGc();
await streams(STREAMS);
const after = await heapAfterGc();
await emulator?.close();
console.log(JSON.stringify({ streams: STREAMS, growth: after - before }));
process.exit(0);
