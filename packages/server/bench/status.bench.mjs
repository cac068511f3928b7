// verifications.getStatus against raw fetch + json() of the same URL, both against a minimal stub
// server in its own process (the in-process emulator's own ~0.3 ms per request would hide ours),
// and the cold import of @credport/server. Prints figures; asserts nothing.
//
// The per-call ratio is measured in rounds in each of several fresh processes of this file
// (scripts/bench/processes.mjs): each round times ROUND_CALLS calls of each, interleaved call by
// call, and gives median(client) / median(raw); a process reports the median of its rounds, and the
// figure is the median of the processes, judged by `bench --check` against the baseline (1.5 %).
//
// CREDPORT_BENCH_SLOWDOWN=0.05 makes every client call 5 % slower (a busy wait of 5 % of a raw
// call's median, inside the client's fetch): test/bench-guard.bench.test.ts shows that the check
// fails then. Nothing else sets it.
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Credport } from "@credport/server";
import { reportColdImport } from "../../../scripts/bench/cold-import.mjs";
import { median, percentile, reportFigure, wants } from "../../../scripts/bench/figure.mjs";
import {
  IS_SAMPLE_PROCESS,
  medianOfProcesses,
  reportSample,
  SAMPLE_ROUNDS,
  sampleProcess,
} from "../../../scripts/bench/processes.mjs";
import { medianOfRounds, ratioFields } from "../../../scripts/bench/rounds.mjs";

const ROUND_CALLS = 200;
/** Calls of each before a sampling process measures; the same in a quick run, so that both agree. */
const WARM_UP = 1000;
const KEY = `sk_test_${"b".repeat(32)}`;
const SLOWDOWN = Number(process.env.CREDPORT_BENCH_SLOWDOWN ?? "0");

/**
 * One sampling process's measurement: a stub server of its own, the warm-up, then rounds of
 * interleaved calls. Reports the median of the rounds' ratios, with the p95 ratio and the calls'
 * percentiles as details.
 */
async function sampleGetStatus() {
  const stub = fork(fileURLToPath(new URL("./stub-server.mjs", import.meta.url)));
  const port = await new Promise((resolve) => stub.once("message", resolve));
  const baseUrl = `http://127.0.0.1:${port}`;
  const url = `${baseUrl}/v1/verifications/ver_bench/status`;
  const headers = { "x-service-key": KEY, accept: "application/json" };
  let delayMs = 0;
  const slowFetch = (input, init) => {
    const until = performance.now() + delayMs;
    while (performance.now() < until);
    return fetch(input, init);
  };
  const credport = new Credport({
    secretKey: KEY,
    baseUrl,
    ...(SLOWDOWN > 0 ? { fetch: slowFetch } : {}),
  });

  const time = async (call) => {
    const start = performance.now();
    await call();
    return performance.now() - start;
  };
  const sdkCall = () => credport.verifications.getStatus("ver_bench");
  const rawCall = async () => (await fetch(url, { headers })).json();

  const warm = [];
  for (let i = 0; i < WARM_UP; i++) {
    await sdkCall();
    warm.push(await time(rawCall));
  }
  delayMs = SLOWDOWN * median(warm);
  if (SLOWDOWN > 0)
    console.log(
      `CREDPORT_BENCH_SLOWDOWN=${SLOWDOWN}: each client call waits ${(delayMs * 1000).toFixed(1)} µs more`,
    );

  const all = { sdk: [], raw: [] };
  const p95s = [];
  const result = await medianOfRounds(async (index) => {
    const sdk = [];
    const raw = [];
    for (let i = 0; i < ROUND_CALLS; i++) {
      // Interleaved, alternating the order, so that drift in the machine's load hits both alike.
      if ((i + index) % 2) {
        sdk.push(await time(sdkCall));
        raw.push(await time(rawCall));
      } else {
        raw.push(await time(rawCall));
        sdk.push(await time(sdkCall));
      }
    }
    all.sdk.push(...sdk);
    all.raw.push(...raw);
    p95s.push(percentile(sdk, 95) / percentile(raw, 95));
    return median(sdk) / median(raw);
  }, SAMPLE_ROUNDS);
  stub.kill();
  const details = { p95Ratio: median(p95s) };
  for (const p of [50, 95, 99]) {
    details[`rawP${p}`] = percentile(all.raw, p);
    details[`sdkP${p}`] = percentile(all.sdk, p);
  }
  reportSample("getStatus", result.median, details);
}

if (IS_SAMPLE_PROCESS) {
  await sampleGetStatus();
  process.exit(0);
}

if (wants("ratio")) {
  // The first process's lines (the slowdown's, if set) are printed; the rest say the same.
  const { getStatus: result } = await medianOfProcesses((index) =>
    sampleProcess(import.meta.url, { onLog: index === 0 ? console.log : undefined }),
  );
  const { details } = result;
  console.log(
    `verifications.getStatus vs raw fetch + json(), ${result.processes} processes of ${SAMPLE_ROUNDS.maxRounds} rounds of ${ROUND_CALLS} calls each, stub server in a process of its own:`,
  );
  console.log(
    `  median of the processes' ratios: ${result.median.toFixed(3)}× (95 % interval ${result.low.toFixed(3)}–${result.high.toFixed(3)}${result.settled ? "" : ", did not settle"}); p95 ${details.p95Ratio.toFixed(3)}×`,
  );
  for (const p of [50, 95, 99])
    console.log(
      `  all calls, p${p} (median of the processes): raw ${details[`rawP${p}`].toFixed(3)} ms, @credport/server ${details[`sdkP${p}`].toFixed(3)} ms`,
    );
  reportFigure({
    id: "server.get-status.ratio.median",
    label: "verifications.getStatus, median, vs raw fetch + json()",
    value: Number(result.median.toFixed(3)),
    unit: "×",
    yardstick: `raw fetch + json() ${details.rawP50.toFixed(3)} ms`,
    goal: "≤ 1.03×",
    check: "lower",
    part: "ratio",
    ...ratioFields(result),
  });
  reportFigure({
    id: "server.get-status.ratio.p95",
    label: "verifications.getStatus, p95, vs raw fetch + json() (median of the processes)",
    value: Number(details.p95Ratio.toFixed(3)),
    unit: "×",
    yardstick: `raw fetch + json() ${details.rawP95.toFixed(3)} ms`,
    goal: "≤ 1.10×",
  });
}

if (wants("cold-import")) {
  const cwd = fileURLToPath(new URL("..", import.meta.url));
  reportColdImport({
    id: "server.cold-import.ms",
    name: "@credport/server",
    specifier: "@credport/server",
    cwd,
    goal: "≤ +15 ms",
  });
  // The contract's schemas load with the first call: an import and one call refused locally (no
  // network), so the figure is the client's own start-up cost.
  reportColdImport({
    id: "server.cold-import-first-call.ms",
    name: "@credport/server + its first call",
    specifier: "@credport/server",
    cwd,
    afterImport: `await new module.Credport({ secretKey: "sk_test_${"a".repeat(24)}", baseUrl: "http://127.0.0.1:9" }).verifications.get("").catch(() => {});`,
  });
}
