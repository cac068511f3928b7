// How a bench file reports a figure to `scripts/bench.mjs`: one line on stdout,
// `::bench-figure::` followed by JSON. Any package's bench file can print such lines (with this
// helper or by hand); the runner collects them, prints them in its summary and, for figures with
// a `check`, compares them with bench/baseline.json.
//
// Figure fields: `id` (stable, e.g. "server.get-status.ratio.median"), `label`, `value` (a number),
// `unit` ("×", "ms", "B", "reads", "req/s", …), `check` ("exact": must equal the baseline;
// "lower": a ratio that must not rise above it beyond the figure's `tolerance`; "higher": must not
// fall below it; "record": kept in the baseline, never judged; absent: printed only), and optional
// `yardstick` and `goal` (text printed beside the value). Ratios measured in rounds
// (scripts/bench/rounds.mjs) also carry `tolerance`, `interval`, `rounds` and `settled`. Only
// ratios are judged: an absolute time says as much about the machine as about the code.

export const FIGURE_PREFIX = "::bench-figure::";

/** Whether the runner asked for the quick pass (`--quick`: fewer rounds). */
export const QUICK = process.env.CREDPORT_BENCH_QUICK === "1";

/**
 * Whether the runner wants this part of the figures (`--parts=size,ratio`; all by default). Parts
 * in use: size, ratio, cold-import, latency, polling, campaign, emulator, mdoc, protection, state,
 * page, telemetry;
 * `ratio` is every judged ratio (per call, emulator over bare node:http, protection checks); a bench file skips
 * the work of the parts not wanted.
 */
export function wants(part) {
  const parts = process.env.CREDPORT_BENCH_PARTS;
  return !parts || parts.split(",").includes(part);
}

export function reportFigure(figure) {
  if (typeof figure.id !== "string" || typeof figure.value !== "number")
    throw new Error(
      `bench: a figure needs a string id and a number value: ${JSON.stringify(figure)}`,
    );
  console.log(`${FIGURE_PREFIX}${JSON.stringify(figure)}`);
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

export const median = (values) => percentile(values, 50);
