// Runs every package's benchmarks (packages/*/bench/*.bench.mjs) one after another and measures the
// size budgets; each bench file prints its figures, and the ones it reports (scripts/bench/figure.mjs)
// are summed up at the end beside their yardsticks and goals.
//
//   pnpm bench                     every figure
//   pnpm bench --check             …compared with bench/baseline.json: sizes and counts exactly,
//                                  ratios within their tolerance (1.5 %, scripts/bench/rounds.mjs);
//                                  absolute times are printed, never judged; exit 1 if off
//   pnpm bench --update            …written to bench/baseline.json and the README's package table
//   --quick                        fewer rounds where a figure is not a ratio (ratios keep their precision)
//   --parts=size,ratio             only these parts (size, ratio, cold-import, latency, polling, campaign,
//                                  emulator, mdoc, protection, state, page, telemetry)
//   --packages=server,emulator     only these packages' bench files
//   --readme                       rewrite the README's package table from bench/baseline.json only
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { compare, readBaseline, writeBaseline } from "./bench/baseline.mjs";
import { FIGURE_PREFIX } from "./bench/figure.mjs";
import { readmeTableIsCurrent, writeReadmeTable } from "./bench/readme-table.mjs";
import { measuredOver } from "./bench/rounds.mjs";
import { measureSizes } from "./bench/sizes.mjs";

const root = new URL("..", import.meta.url).pathname;
const args = process.argv.slice(2);
const option = (name) =>
  args.find((a) => a === `--${name}` || a.startsWith(`--${name}=`))?.split("=")[1] ??
  (args.includes(`--${name}`) ? "" : undefined);
const baselineFile = join(root, "bench/baseline.json");
const readmeFile = join(root, "README.md");
const baseline = readBaseline(baselineFile);

if (option("readme") !== undefined) {
  const changed = writeReadmeTable(readmeFile, baseline.figures);
  console.log(
    changed ? "README.md: package table rewritten" : "README.md: package table up to date",
  );
  process.exit(0);
}

const parts = option("parts") || undefined;
const packages = option("packages")?.split(",");
const env = {
  ...process.env,
  ...(option("quick") !== undefined ? { CREDPORT_BENCH_QUICK: "1" } : {}),
  ...(parts ? { CREDPORT_BENCH_PARTS: parts } : {}),
};
const wanted = (part) => !parts || parts.split(",").includes(part);
const figures = [];

if (wanted("size")) {
  console.log("\n== size budgets (size-limit)");
  for (const figure of measureSizes(root)) {
    console.log(`  ${figure.label}: ${figure.value} B (${figure.goal})`);
    figures.push(figure);
  }
}

for (const name of readdirSync(join(root, "packages")).sort()) {
  const dir = join(root, "packages", name, "bench");
  if (!existsSync(dir) || (packages && !packages.includes(name))) continue;
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".bench.mjs"))
    .sort()) {
    const run = spawnSync(process.execPath, [join(dir, file)], {
      cwd: join(root, "packages", name),
      env,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
      maxBuffer: 64 * 1024 * 1024,
    });
    for (const line of run.stdout.split("\n")) {
      if (line.startsWith(FIGURE_PREFIX))
        figures.push(JSON.parse(line.slice(FIGURE_PREFIX.length)));
      else if (line) console.log(line);
    }
    if (run.status !== 0) {
      console.error(`bench: ${name}/bench/${file} failed (exit ${run.status})`);
      process.exit(1);
    }
  }
}

const verdicts = new Map(compare(figures, baseline).map((v) => [v.figure.id, v]));
console.log("\n== figures");
for (const f of figures) {
  const verdict = verdicts.get(f.id);
  const base = baseline.figures[f.id];
  console.log(
    [
      `  ${f.label}: ${f.value} ${f.unit}`,
      f.interval && `95 % interval ${f.interval.join("–")} over ${measuredOver(f)}`,
      f.yardstick && `yardstick ${f.yardstick}`,
      f.goal && `goal ${f.goal}`,
      base && `baseline ${base.value}`,
      verdict && option("check") !== undefined && verdict.verdict,
    ]
      .filter(Boolean)
      .join(" · "),
  );
}

if (option("update") !== undefined) {
  writeBaseline(baselineFile, baseline, figures);
  const changed = writeReadmeTable(readmeFile, readBaseline(baselineFile).figures);
  console.log(
    `\nbench/baseline.json updated${changed ? "; README.md package table rewritten" : ""}`,
  );
}

if (option("check") !== undefined) {
  if (!readmeTableIsCurrent(readmeFile, baseline.figures)) {
    console.error(
      "\nbench --check: the README's package table differs from bench/baseline.json; it is generated: pnpm bench --readme",
    );
    process.exit(1);
  }
  const failed = [...verdicts.values()].filter((v) => v.verdict.startsWith("FAIL"));
  const fresh = [...verdicts.values()].filter((v) => v.verdict === "new");
  if (fresh.length)
    console.log(
      `\n${fresh.length} figure(s) without a baseline (run pnpm bench --update): ${fresh.map((v) => v.figure.id).join(", ")}`,
    );
  if (failed.length) {
    console.error(
      `\nbench --check: ${failed.length} figure(s) off the baseline:\n${failed.map((v) => `  ${v.figure.id}: ${v.verdict}`).join("\n")}\nAn intended change: pnpm bench --update (and commit bench/baseline.json and README.md).`,
    );
    process.exit(1);
  }
  console.log(`\nbench --check: ${verdicts.size - fresh.length} figure(s) within the baseline`);
}
