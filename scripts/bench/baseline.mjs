// bench/baseline.json: the figures of a reference run. `--check` compares a run with it: sizes
// ("exact") must match; timing figures ("lower" / "higher" is better) may differ by the tolerance,
// a fraction (0.35: 35 % worse than the baseline still passes), fit for a shared 2-core machine.
import { existsSync, readFileSync, writeFileSync } from "node:fs";

export const DEFAULT_TOLERANCE = 0.35;

export function readBaseline(file) {
  if (!existsSync(file)) return { tolerance: DEFAULT_TOLERANCE, figures: {} };
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
  writeFileSync(
    file,
    `${JSON.stringify({ tolerance: baseline.tolerance ?? DEFAULT_TOLERANCE, figures: sorted }, null, 2)}\n`,
  );
}

/** One verdict per checked figure of this run: "ok", "new" (no baseline yet) or a failure text. */
export function compare(figures, baseline, tolerance) {
  return figures
    .filter((f) => f.check)
    .map((f) => {
      const base = baseline.figures[f.id];
      if (!base) return { figure: f, verdict: "new" };
      const allowed =
        f.check === "exact"
          ? base.value
          : f.check === "lower"
            ? base.value * (1 + tolerance)
            : base.value / (1 + tolerance);
      const ok =
        f.check === "exact"
          ? f.value === base.value
          : f.check === "lower"
            ? f.value <= allowed
            : f.value >= allowed;
      const rule =
        f.check === "exact"
          ? `= ${base.value}`
          : `${f.check === "lower" ? "≤" : "≥"} ${round(allowed)} (baseline ${base.value} ${f.check === "lower" ? "+" : "−"} ${tolerance * 100} %)`;
      return {
        figure: f,
        verdict: ok ? "ok" : `FAIL: ${f.value} ${f.unit}, expected ${rule}`,
        rule,
      };
    });
}

const round = (n) => Math.round(n * 1000) / 1000;
