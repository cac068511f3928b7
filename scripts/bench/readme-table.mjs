// The package table of the root README, between its bench markers: the hand-written first two
// columns (package, what it is) stay; the size and cold-import columns are written from figures.
import { readFileSync, writeFileSync } from "node:fs";

const START = "<!-- bench:packages:start -->";
const END = "<!-- bench:packages:end -->";

const kB = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;
/** "@credport/browser: status client, dependencies included" → "status client". */
const shortName = (label) =>
  label
    .replace(/^@credport\/[a-z-]+: /, "")
    .replace(/,? ?(dependencies included|\(.*?\))/g, "")
    .trim();

/** `figures`: id → { value, label }. Returns whether the README changed. */
export function writeReadmeTable(file, figures) {
  const text = readFileSync(file, "utf8");
  const next = readmeWithTable(text, figures, file);
  if (next === text) return false;
  writeFileSync(file, next);
  return true;
}

/** Whether the README's table is what the figures say (nobody edited it by hand). */
export function readmeTableIsCurrent(file, figures) {
  const text = readFileSync(file, "utf8");
  return readmeWithTable(text, figures, file) === text;
}

function readmeWithTable(text, figures, file) {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`bench: ${file} has no ${START} … ${END} markers`);
  const rows = text
    .slice(start + START.length, end)
    .split("\n")
    .filter((line) => line.startsWith("|"))
    .slice(2)
    .map((line) =>
      line
        .split("|")
        .slice(1, 3)
        .map((cell) => cell.trim()),
    );
  const table = [
    "| package | what it is | min+gzip, dependencies included | cold import on Node, over bare node (CPU time) |",
    "| --- | --- | --- | --- |",
    ...rows.map(([pkg, what]) => {
      const name = /@credport\/[a-z-]+/.exec(pkg)?.[0] ?? "";
      const dir = name.replace("@credport/", "");
      const sizes = Object.entries(figures)
        .filter(([id]) => id.startsWith(`size:${name}: `))
        .sort(([, a], [, b]) => a.value - b.value)
        .map(([, f]) => `${kB(f.value)} ${shortName(f.label)}`);
      const cold = figures[`${dir}.cold-import.ms`];
      return `| ${pkg} | ${what} | ${sizes.join("; ") || "—"} | ${cold ? `+${cold.value} ms` : "—"} |`;
    }),
  ].join("\n");
  return `${text.slice(0, start + START.length)}\n${table}\n${text.slice(end)}`;
}
