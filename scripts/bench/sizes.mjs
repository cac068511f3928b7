// Bundle sizes (min+gzip, dependencies included) of every budget in the packages' size-limit.json
// files, as size-limit measures them: deterministic, so --check compares them exactly.
import { execFileSync } from "node:child_process";
import { join } from "node:path";

export function measureSizes(root) {
  const results = JSON.parse(
    execFileSync(join(root, "node_modules/.bin/size-limit"), ["--json"], {
      cwd: root,
      encoding: "utf8",
    }),
  );
  return results.map((entry) => ({
    id: `size:${entry.name}`,
    label: entry.name,
    value: entry.size,
    unit: "B",
    goal: `≤ ${entry.sizeLimit} B`,
    check: "exact",
    part: "size",
  }));
}
