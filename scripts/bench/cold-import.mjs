// Cold import of a package in fresh Node processes, "over bare node": each process first imports a
// one-line module (so that the ESM loader itself is up, as in any app) and then times the import of
// the package; the yardstick is the same with a second one-line module in place of the package.
// Both wall-clock and CPU time are taken: on a shared machine the wall clock mostly measures the
// wait for a free core, while the CPU time stays put (and matches the wall clock of an idle machine).
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { median, QUICK, reportFigure } from "./figure.mjs";

const dir = mkdtempSync(join(tmpdir(), "credport-cold-import-"));
const plain = (name) => {
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, "export const loaded = true;\n");
  return pathToFileURL(file).href;
};
const warmUp = plain("warm-up");
const bare = plain("bare");

function importTime(specifier, cwd, afterImport = "") {
  const script = `await import(${JSON.stringify(warmUp)});
const cpu = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
const cpuBefore = cpu();
const started = performance.now();
const module = await import(${JSON.stringify(specifier)});
${afterImport}
console.log(JSON.stringify({ wall: performance.now() - started, cpu: cpu() - cpuBefore }));`;
  return JSON.parse(
    execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd,
      encoding: "utf8",
    }),
  );
}

/**
 * Import times of `specifier` (resolved from `cwd`) and of a bare one-line module, over `runs`
 * fresh processes each, interleaved: medians, and the package's minimum and maximum. `afterImport` is code
 * timed after the import, with the package's namespace in `module` (e.g. a first call).
 */
export function measureColdImport(specifier, { cwd, runs, afterImport = "" }) {
  const pkg = [];
  const baseline = [];
  for (let i = 0; i < runs; i++) {
    pkg.push(importTime(specifier, cwd, afterImport));
    baseline.push(importTime(bare, cwd));
  }
  const stats = (key) => ({
    median: median(pkg.map((r) => r[key])),
    bare: median(baseline.map((r) => r[key])),
    over: median(pkg.map((r) => r[key])) - median(baseline.map((r) => r[key])),
    min: Math.min(...pkg.map((r) => r[key])),
    max: Math.max(...pkg.map((r) => r[key])),
  });
  return { wall: stats("wall"), cpu: stats("cpu") };
}

/**
 * Measures the cold import of `specifier` (resolved from `cwd`; `afterImport` as for
 * `measureColdImport`), prints its line and reports its figure: CPU time over bare node, an absolute
 * time, so printed and never judged; with a `goal`, recorded in the baseline for the README's table.
 */
export function reportColdImport({ id, name, specifier, cwd, goal, afterImport }) {
  const { wall, cpu } = measureColdImport(specifier, { cwd, runs: QUICK ? 5 : 15, afterImport });
  console.log(
    `cold import of ${name}: +${cpu.over.toFixed(1)} ms CPU over bare node (${cpu.median.toFixed(1)} vs ${cpu.bare.toFixed(1)} ms; min ${cpu.min.toFixed(1)}, max ${cpu.max.toFixed(1)}); wall clock +${wall.over.toFixed(1)} ms (${wall.median.toFixed(1)} vs ${wall.bare.toFixed(1)} ms; min ${wall.min.toFixed(1)}, max ${wall.max.toFixed(1)})`,
  );
  reportFigure({
    id,
    label: `cold import of ${name} on Node, over bare node (CPU time)`,
    value: Number(cpu.over.toFixed(1)),
    unit: "ms",
    yardstick: `bare node ${cpu.bare.toFixed(1)} ms CPU; wall clock +${wall.over.toFixed(1)} ms over ${wall.bare.toFixed(1)} ms`,
    ...(goal ? { goal, check: "record" } : {}),
  });
}
