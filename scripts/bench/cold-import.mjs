// Cold import of a package in fresh Node processes, "over bare node": each process first imports a
// one-line module (so that the ESM loader itself is up, as in any app) and then times the import of
// the package. The yardstick is the same with a second one-line module in place of the package.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { median } from "./figure.mjs";

const dir = mkdtempSync(join(tmpdir(), "credport-cold-import-"));
const plain = (name) => {
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, "export const loaded = true;\n");
  return pathToFileURL(file).href;
};
const warmUp = plain("warm-up");
const bare = plain("bare");

function importTime(specifier, cwd) {
  const script = `await import(${JSON.stringify(warmUp)});
const started = performance.now();
await import(${JSON.stringify(specifier)});
console.log(performance.now() - started);`;
  return Number(
    execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd,
      encoding: "utf8",
    }),
  );
}

/**
 * Median import time of `specifier` (resolved from `cwd`) and of a bare one-line module, over
 * `runs` fresh processes each, interleaved.
 */
export function measureColdImport(specifier, { cwd, runs }) {
  const pkg = [];
  const baseline = [];
  for (let i = 0; i < runs; i++) {
    pkg.push(importTime(specifier, cwd));
    baseline.push(importTime(bare, cwd));
  }
  return {
    medianMs: median(pkg),
    bareMs: median(baseline),
    overBareMs: median(pkg) - median(baseline),
    minMs: Math.min(...pkg),
    maxMs: Math.max(...pkg),
  };
}
