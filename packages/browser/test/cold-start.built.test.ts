import { execFileSync } from "node:child_process";
import { expect, it } from "vitest";

it("on Node (server rendering), @credport/browser loads neither the request pipeline nor fetch", () => {
  const seen = JSON.parse(
    execFileSync(
      process.execPath,
      [
        "-e",
        `const { createStatusClient } = require("@credport/browser");
        createStatusClient({ publishableKey: "pk_test_" + "a".repeat(24), baseUrl: "https://api.example.test" });
        console.log(JSON.stringify({
          undici: process.moduleLoadList.some((m) => m.includes("undici")),
          files: Object.keys(require.cache),
        }));`,
      ],
      { cwd: new URL("..", import.meta.url), encoding: "utf8" },
    ),
  );
  expect(seen.undici).toBe(false);
  expect(seen.files.some((f: string) => /core[\\/]dist[\\/]index\.cjs$/.test(f))).toBe(true);
  expect(seen.files.filter((f: string) => /pipeline|ofetch|node-fetch/.test(f))).toEqual([]);
});
