// Ratio figures, measured side by side: each round measures the subject and its yardstick in turn
// (so that a change in the machine's load hits both alike) and gives one ratio; a process's figure
// is the median of its rounds. Judged ratios are then taken over several processes
// (scripts/bench/processes.mjs), which go on until the median is known precisely enough to tell a
// 3 % regression from noise: a noisy figure gets more processes, never a looser bound.
import { QUICK } from "./figure.mjs";

/**
 * How far a checked ratio may move from its baseline. A 3 % regression must fail and an unchanged
 * tree must pass, so the bound sits halfway and the median's 95 % interval must be narrower than
 * the remaining margin on either side (`RATIO_PRECISION`).
 */
export const RATIO_TOLERANCE = 0.015;
/** The half-width of the median's 95 % interval, as a fraction of the median, that ends the rounds. */
export const RATIO_PRECISION = 0.005;

/**
 * The median of `values` and a distribution-free 95 % interval for it (order statistics: the
 * ranks n/2 ± 0.98·√n), which needs no assumption about the shape of the noise.
 */
export function medianInterval(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  const median = n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  const k = Math.max(0, Math.floor((n - 1.96 * Math.sqrt(n)) / 2));
  return { median, low: sorted[k], high: sorted[n - 1 - k] };
}

/**
 * Runs `round(index)` (which resolves to one ratio) until the 95 % interval of the rounds' median
 * is within ±`precision` of it, at least `minRounds` and at most `maxRounds` times. Returns the
 * median, its interval, the rounds run and whether the interval settled; `onRound` sees each ratio.
 */
export async function medianOfRounds(
  round,
  { minRounds = QUICK ? 8 : 12, maxRounds = 80, precision = RATIO_PRECISION } = {},
) {
  const ratios = [];
  for (;;) {
    ratios.push(await round(ratios.length));
    if (ratios.length < minRounds) continue;
    const { median, low, high } = medianInterval(ratios);
    const settled = Math.max(high - median, median - low) <= precision * median;
    if (settled || ratios.length >= maxRounds)
      return { median, low, high, rounds: ratios.length, settled, ratios };
  }
}

/**
 * The fields a ratio figure carries beside its value, for the check: tolerance, interval, and the
 * rounds or (scripts/bench/processes.mjs) the processes it was measured in.
 */
export function ratioFields(result) {
  return {
    tolerance: RATIO_TOLERANCE,
    interval: [round3(result.low), round3(result.high)],
    ...(result.processes ? { processes: result.processes } : { rounds: result.rounds }),
    settled: result.settled,
  };
}

/** How a ratio figure says what it was measured over: "12 rounds" or "8 processes". */
export const measuredOver = (figure) =>
  figure.processes ? `${figure.processes} processes` : `${figure.rounds} rounds`;

const round3 = (n) => Math.round(n * 1000) / 1000;
