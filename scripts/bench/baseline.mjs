// bench/baseline.json: the figures of a reference run. `--check` compares a run with it: sizes and
// counts ("exact") must match; ratios ("lower" / "higher" is better) measured side by side with
// their yardstick may move by the figure's own `tolerance` (scripts/bench/rounds.mjs: 1.5 %), judged
// on the 95 % interval of their median over processes (scripts/bench/processes.mjs; see `compare`).
// Absolute times are not compared: on another machine, or the same one busier, they are other
// numbers; figures with `check: "record"` (the cold-import times of the README's package table)
// are kept in the baseline and never judged.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { measuredOver } from "./rounds.mjs";

export function readBaseline(file) {
  if (!existsSync(file)) return { figures: {} };
  return JSON.parse(readFileSync(file, "utf8"));
}

/** The figures of this run merged into the baseline (figures this run did not produce are kept). */
export function writeBaseline(file, baseline, figures) {
  const merged = { ...baseline.figures };
  for (const f of figures) {
    if (!f.check) continue;
    merged[f.id] = { value: f.value, unit: f.unit, check: f.check, label: f.label };
  }
  const sorted = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(file, `${JSON.stringify({ figures: sorted }, null, 2)}\n`);
}

const JUDGED = new Set(["exact", "lower", "higher"]);

/** One verdict per judged figure of this run: "ok", "new" (no baseline yet) or a failure text. */
export function compare(figures, baseline) {
  return figures
    .filter((f) => JUDGED.has(f.check))
    .map((f) => {
      const base = baseline.figures[f.id];
      if (!base) return { figure: f, verdict: "new" };
      if (f.check !== "exact" && typeof f.tolerance !== "number")
        throw new Error(`bench: ${f.id} is checked "${f.check}" without a tolerance`);
      const tolerance = f.tolerance;
      const allowed =
        f.check === "exact"
          ? base.value
          : f.check === "lower"
            ? base.value * (1 + tolerance)
            : base.value / (1 + tolerance);
      // A ratio fails when the 95 % interval of its median lies wholly beyond the bound. A settled
      // figure's interval is ±0.5 %, so a 3 % regression fails and an unchanged tree passes; a
      // figure that did not settle fails only on a regression its noise cannot explain.
      const [low, high] = f.interval ?? [f.value, f.value];
      const ok =
        f.check === "exact"
          ? f.value === base.value
          : f.check === "lower"
            ? low <= allowed
            : high >= allowed;
      const rule =
        f.check === "exact"
          ? `= ${base.value}`
          : `${f.check === "lower" ? "≤" : "≥"} ${round(allowed)} (baseline ${base.value} ${f.check === "lower" ? "+" : "−"} ${tolerance * 100} %)`;
      // A ratio whose interval never settled says so: the machine was too busy to tell.
      const unsettled = f.settled === false ? ` (did not settle in ${measuredOver(f)})` : "";
      return {
        figure: f,
        verdict: ok ? `ok${unsettled}` : `FAIL: ${f.value} ${f.unit}, expected ${rule}${unsettled}`,
        rule,
      };
    });
}

const round = (n) => Math.round(n * 1000) / 1000;
