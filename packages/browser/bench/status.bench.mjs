// Realtime status change → callback latency (p50/p95) against the emulator, and how many polling
// requests a five-minute wait costs. Prints figures; asserts nothing.
import { startEmulator } from "@credport/mock";

// The status client is inert without a window (server rendering); this process plays a browser tab.
globalThis.window ??= globalThis;
const { createStatusClient } = await import("@credport/browser");

const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[
    Math.min(values.length - 1, Math.floor((values.length * p) / 100))
  ];
const emulator = await startEmulator();
const auth = emulator.model.keys.authenticateSecret(emulator.keys.secretKey);
const newTarget = () => {
  const v = emulator.model.verifications.create(auth, { policy_id: "preset_age_over_18" });
  return { verificationId: v.id, clientToken: v.clientToken, expiresAt: v.expiresAt };
};

const status = createStatusClient({
  publishableKey: emulator.keys.publishableKey,
  baseUrl: emulator.url,
});
const latencies = [];
for (let i = 0; i < 200; i++) {
  const target = newTarget();
  let changedAt = 0;
  await new Promise((resolve) => {
    const sub = status.subscribe(target, (snapshot) => {
      if (snapshot.status === "pending") {
        changedAt = performance.now();
        emulator.model.verifications.applyTrigger(target.verificationId, "cancel");
      } else {
        latencies.push(performance.now() - changedAt);
        sub.unsubscribe();
        resolve();
      }
    });
  });
}
console.log(`realtime status change → callback over ${latencies.length} verifications (loopback):`);
console.log(
  `  p50 ${percentile(latencies, 50).toFixed(2)} ms, p95 ${percentile(latencies, 95).toFixed(2)} ms (target p95 ≤ 100 ms)`,
);

// Five minutes on a clock 1,000× faster: intervals, cap and ceiling scaled alike.
emulator.model.realtime.setAvailable(false);
const SCALE = 1000;
const polling = createStatusClient({
  publishableKey: emulator.keys.publishableKey,
  baseUrl: emulator.url,
  transport: "polling",
  timing: {
    pollIntervalMs: 1000 / SCALE,
    maxPollIntervalMs: 8000 / SCALE,
    defaultCeilingMs: (5 * 60 * 1000) / SCALE,
  },
});
const { expiresAt: _, ...unbounded } = newTarget();
emulator.model.requestLog.length = 0;
await new Promise((resolve) => polling.subscribe(unbounded, () => {}, { onTimeout: resolve }));
const reads = emulator.model.requestLog.filter((r) => r.path.endsWith("/status")).length;
console.log(
  `polling while nothing changes for five minutes (simulated clock): ${reads} status reads (one every second would be 300)`,
);
await emulator.close();
