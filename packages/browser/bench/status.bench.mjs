// The browser status client: realtime status change → callback latency against the emulator, how
// many status reads a five-minute wait costs when polling (counted on the real schedule), and the
// cold import of @credport/browser on Node (server rendering). Prints figures; asserts nothing.
import { setImmediate as nextTurn } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { startEmulator } from "@credport/emulator";
import { reportColdImport } from "../../../scripts/bench/cold-import.mjs";
import { percentile, QUICK, reportFigure, wants } from "../../../scripts/bench/figure.mjs";

// The status client is inert without a window (server rendering); this process plays a browser tab.
globalThis.window ??= globalThis;
const { createStatusClient } = await import("@credport/browser");

// 1. Five minutes of polling while nothing changes, on the real schedule: a virtual clock drives the
// client's timers and Date.now, and jumps to the next timer only once every read has been answered,
// so that reads take no time on it (an accelerated real clock undercounts: each read's own latency
// eats into the shortened intervals). It runs first, before any connection (and its timers) exists.
if (wants("polling")) {
  const clock = installVirtualClock();
  let reads = 0;
  const polling = createStatusClient({
    publishableKey: `pk_test_${"b".repeat(24)}`,
    baseUrl: "https://api.credport.test",
    transport: "polling",
    fetch: async () => {
      reads++;
      return Response.json({
        object: "verification_status",
        id: "ver_bench",
        status: "pending",
        expires_at: "2099-01-01T00:00:00.000Z",
      });
    },
  });
  let timedOutAt;
  const started = Date.now();
  polling.subscribe(
    { verificationId: "ver_bench", clientToken: "ct_bench_0123456789" }, // no expiry: the five-minute ceiling
    () => {},
    { onTimeout: () => (timedOutAt = Date.now()) },
  );
  while (timedOutAt === undefined && (await clock.runNextTimer()));
  clock.uninstall();
  console.log(
    `polling while nothing changes, until the five-minute ceiling (${((timedOutAt - started) / 1000).toFixed(0)} s on the client's clock): ${reads} status reads (one a second would be 300)`,
  );
  reportFigure({
    id: "browser.polling-reads.five-minutes",
    label: "status reads while polling five unchanged minutes (real schedule)",
    value: reads,
    unit: "reads",
    yardstick: "one a second: 300",
    check: "exact",
  });
}

// 2. Realtime latency against the emulator over loopback.
if (wants("latency")) {
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
  for (let i = 0; i < (QUICK ? 50 : 200); i++) {
    const target = newTarget();
    let changedAt = 0;
    await new Promise((resolve) => {
      const unsubscribe = status.subscribe(target, (snapshot) => {
        if (snapshot.status === "pending") {
          changedAt = performance.now();
          emulator.model.verifications.applyTrigger(target.verificationId, "cancel");
        } else {
          latencies.push(performance.now() - changedAt);
          unsubscribe();
          resolve();
        }
      });
    });
  }
  await emulator.close();
  const p50 = percentile(latencies, 50);
  const p95 = percentile(latencies, 95);
  console.log(
    `realtime status change → callback over ${latencies.length} verifications (loopback):`,
  );
  console.log(`  p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (target p95 ≤ 100 ms)`);
  reportFigure({
    id: "browser.realtime-latency.p95",
    label: "realtime status change → callback, p95",
    value: Number(p95.toFixed(2)),
    unit: "ms",
    yardstick: `p50 ${p50.toFixed(2)} ms`,
    goal: "≤ 100 ms",
  });
}

// 3. Cold import on Node (server rendering).
if (wants("cold-import")) {
  reportColdImport({
    id: "browser.cold-import.ms",
    name: "@credport/browser",
    specifier: "@credport/browser",
    cwd: fileURLToPath(new URL("..", import.meta.url)),
    goal: "≤ +10 ms",
  });
}

/**
 * Replaces setTimeout, clearTimeout and Date.now with a clock that stands still while work is
 * pending and, when asked, lets every pending promise settle and then jumps to the next timer
 * (`false` when none is left).
 */
function installVirtualClock() {
  const real = { setTimeout, clearTimeout, now: Date.now };
  const timers = new Map();
  let now = real.now();
  let nextId = 1;
  globalThis.setTimeout = (callback, ms = 0, ...args) => {
    const id = nextId++;
    timers.set(id, { at: now + Math.max(0, ms), callback, args });
    return id;
  };
  globalThis.clearTimeout = (id) => timers.delete(id);
  Date.now = () => now;
  return {
    async runNextTimer() {
      for (let i = 0; i < 20; i++) await nextTurn(); // answers, json(), callbacks
      const [id, timer] = [...timers].sort((a, b) => a[1].at - b[1].at)[0] ?? [];
      if (id === undefined) return false;
      timers.delete(id);
      now = timer.at;
      timer.callback(...timer.args);
      return true;
    },
    uninstall() {
      globalThis.setTimeout = real.setTimeout;
      globalThis.clearTimeout = real.clearTimeout;
      Date.now = real.now;
    },
  };
}
