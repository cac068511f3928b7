// Collects the size budgets that each package keeps in its own `size-limit.json` (paths relative to
// that package), so that one `pnpm size` run checks every package.
const { existsSync, readdirSync, readFileSync } = require("node:fs");
const { join } = require("node:path");

const budgets = [];
for (const name of readdirSync(join(__dirname, "packages"))) {
  const file = join(__dirname, "packages", name, "size-limit.json");
  if (!existsSync(file)) continue;
  for (const entry of JSON.parse(readFileSync(file, "utf8"))) {
    const paths = Array.isArray(entry.path) ? entry.path : [entry.path];
    budgets.push({
      ...entry,
      name: `@credport/${name}: ${entry.name}`,
      path: paths.map((p) => join("packages", name, p)),
    });
  }
}
module.exports = budgets;
