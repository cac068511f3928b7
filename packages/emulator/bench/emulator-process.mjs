// The emulator under load, in its own process (forked by the bench files with forked-server.mjs):
// seeds RECORDS stored records, reports where it listens and what it seeded, and answers questions
// about its memory and CPU time over IPC, so that the load generator's own work never counts
// against the emulator's figures; told to, it slows its status read down (the guard's test). Run
// with --expose-gc for figures "after GC"; PROFILE picks the protocol profile (default the
// emulator's, "haip").
import { getHeapSpaceStatistics } from "node:v8";
import { startEmulator } from "@credport/emulator";

const records = Number(process.env.RECORDS ?? "0");
const emulator = await startEmulator(
  process.env.PROFILE ? { profile: /** @type {"haip" | "plain"} */ (process.env.PROFILE) } : {},
);
const { model } = emulator;
const auth = model.keys.authenticateSecret(emulator.keys.secretKey);
model.definitions.create(auth, {
  credentialDefinitionId: "bench-badge",
  vct: "https://bench.test/vct/badge",
  format: "dc+sd-jwt",
  title: "Bench badge",
  claims: [{ path: ["given_name"], mandatory: true }],
  lifecycleStatus: "published",
});

async function collect() {
  if (!globalThis.gc) return;
  // Closed sockets finish closing over a few turns of the event loop; then collect twice.
  await new Promise((resolve) => setTimeout(resolve, 200));
  globalThis.gc();
  await new Promise((resolve) => setTimeout(resolve, 50));
  globalThis.gc();
}

const memory = () => {
  const { rss, heapUsed } = process.memoryUsage();
  // The heap without compiled code: the JIT keeps optimising hot paths for a while, a one-off cost.
  const dataHeap = getHeapSpaceStatistics()
    .filter((space) => space.space_name !== "code_space")
    .reduce((sum, space) => sum + space.space_used_size, 0);
  return { rss, heapUsed, dataHeap };
};
const stored = () => model.issuance.records.length + model.verifications.records.length;

// Half verifications, half offers, all in the one project the load uses (lists page through them).
await collect();
const beforeSeed = memory().dataHeap;
const verifications = [];
const offers = [];
for (let i = 0; i < Math.max(records, 2); i++) {
  if (i % 2 === 0) {
    const v = model.verifications.create(auth, { policy_id: "preset_age_over_18" });
    verifications.push({ id: v.id, clientToken: v.clientToken });
  } else {
    const { record } = model.issuance.createOffer(auth, {
      credentialDefinitionId: "bench-badge",
      claims: { given_name: `n${i}` },
    });
    offers.push(record.id);
  }
}
await collect();
const bytesPerRecord = (memory().dataHeap - beforeSeed) / stored();

const sample = (items, n) =>
  Array.from(
    { length: Math.min(n, items.length) },
    () => items[(Math.random() * items.length) | 0],
  );

/**
 * The guard's test (CREDPORT_BENCH_SLOWDOWN in emulator.bench.mjs): every browser status look-up
 * busy-waits `micros` first, inside the emulator's handling of the request.
 */
function slowDown(micros) {
  const verifications = model.verifications;
  const browserStatus = verifications.browserStatus.bind(verifications);
  verifications.browserStatus = (...args) => {
    const until = performance.now() + micros / 1000;
    while (performance.now() < until);
    return browserStatus(...args);
  };
}

// A bench file that failed never says stop: its end closes the channel, and this process goes too.
process.on("disconnect", () => process.exit(0));
process.on("message", async (message) => {
  if (message.type === "memory") {
    // The request log is capped (5,000 entries); emptied, it does not blur what else stays behind.
    if (message.clearRequestLog) model.requestLog.length = 0;
    if (message.gc) await collect();
    process.send({ type: "memory", ...memory(), stored: stored() });
  } else if (message.type === "cpu") {
    const { user, system } = process.cpuUsage();
    process.send({ type: "cpu", micros: user + system });
  } else if (message.type === "slowdown") {
    slowDown(message.micros);
    process.send({ type: "slowdown" });
  } else if (message.type === "stop") {
    await emulator.close();
    process.exit(0);
  }
});

process.send({
  type: "ready",
  url: emulator.url,
  keys: emulator.keys,
  verifications: sample(verifications, 2000),
  offers: sample(offers, 2000),
  bytesPerRecord,
  ...memory(),
  stored: stored(),
});
