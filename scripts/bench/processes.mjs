// Judged ratios, measured in several fresh processes. One process's ratio moves from process to
// process by more than its rounds' interval shows: JIT decisions, memory layout and scheduling are
// fixed per process (here, six processes of the same tree gave Fastify's protection ratio
// 1.388–1.410 with intervals of ±0.4 % each, and CI got 1.416). A figure from one process therefore
// failed an unchanged tree now and then, so each judged ratio is the median of several processes'
// medians, and its interval is that median's over processes: the noise the check must allow for.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { QUICK } from "./figure.mjs";
import { medianInterval, RATIO_PRECISION } from "./rounds.mjs";

/** The line a sampling process prints for each of its ratios: this prefix, then JSON. */
export const SAMPLE_PREFIX = "::bench-sample::";

/** Set in the environment of a process that measures one sample (see `sampleProcess`). */
export const IS_SAMPLE_PROCESS = process.env.CREDPORT_BENCH_SAMPLE === "1";

/** Rounds of a ratio inside one sampling process: the processes, not the rounds, carry the noise. */
export const SAMPLE_ROUNDS = { minRounds: 10, maxRounds: 10 };

/**
 * Reports one sample from a sampling process: `value` is the ratio this process measured for
 * `key`; each of `details` (numbers) is reported over processes by its median.
 */
export function reportSample(key, value, details = {}) {
  console.log(`${SAMPLE_PREFIX}${JSON.stringify({ key, value, details })}`);
}

/**
 * Runs `script` (a bench file: a path, or a file URL such as `import.meta.url`) in a fresh node
 * process with CREDPORT_BENCH_SAMPLE=1 and resolves to its samples by key. Its other output is
 * passed to `onLog` line by line; its failure rejects.
 */
export function sampleProcess(script, { env = {}, onLog = () => {} } = {}) {
  const path = String(script).startsWith("file:") ? fileURLToPath(script) : script;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path], {
      env: { ...process.env, ...env, CREDPORT_BENCH_SAMPLE: "1" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0)
        return reject(new Error(`bench: a sampling process of ${path} exited ${code}`));
      const samples = {};
      for (const line of out.split("\n")) {
        if (line.startsWith(SAMPLE_PREFIX)) {
          const { key, value, details } = JSON.parse(line.slice(SAMPLE_PREFIX.length));
          samples[key] = { value, details };
        } else if (line) onLog(line);
      }
      resolve(samples);
    });
  });
}

/**
 * Calls `sample(index)` (one fresh process's measurement, resolving to `{ [key]: { value,
 * details } }`) until the 95 % interval of every key's median over processes is within
 * ±`precision` of it, at least `minProcesses` and at most `maxProcesses` times. Resolves, by key,
 * to the median, its interval, the processes run, whether it settled, and each detail's median.
 */
export async function medianOfProcesses(
  sample,
  {
    minProcesses = QUICK ? 6 : 8,
    maxProcesses = QUICK ? 10 : 16,
    precision = RATIO_PRECISION,
  } = {},
) {
  const runs = [];
  for (;;) {
    runs.push(await sample(runs.length));
    if (runs.length < minProcesses) continue;
    const results = summarize(runs, precision);
    const settled = Object.values(results).every((r) => r.settled);
    if (settled || runs.length >= maxProcesses) return results;
  }
}

/** Each key's median over the processes so far, its interval, and each detail's median. */
function summarize(runs, precision) {
  const keys = Object.keys(runs[0]);
  return Object.fromEntries(
    keys.map((key) => {
      const values = runs.map((run) => run[key].value);
      const { median, low, high } = medianInterval(values);
      const details = {};
      for (const name of Object.keys(runs[0][key].details ?? {}))
        details[name] = medianInterval(runs.map((run) => run[key].details[name])).median;
      const settled = Math.max(high - median, median - low) <= precision * median;
      return [key, { median, low, high, processes: runs.length, settled, ratios: values, details }];
    }),
  );
}
