import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/** Runs `script` in a fresh Node process (from this package, so that it resolves the built entries). */
const fresh = (script: string, type: "module" | "commonjs") =>
  JSON.parse(
    execFileSync(process.execPath, [`--input-type=${type}`, "-e", script], {
      cwd: new URL("..", import.meta.url),
      encoding: "utf8",
    }),
  );

const construct = `new Credport({ secretKey: "sk_test_" + "a".repeat(24), baseUrl: "https://api.example.test" });`;
const report = `console.log(JSON.stringify({
  undici: process.moduleLoadList.some((m) => m.includes("undici")),
  files: typeof require === "function" ? Object.keys(require.cache) : [],
}));`;

describe("importing @credport/server and creating a client", () => {
  it.each(["module", "commonjs"] as const)(
    "loads no HTTP machinery before the first request (%s)",
    (type) => {
      const load =
        type === "module"
          ? `const { Credport } = await import("@credport/server");`
          : `const { Credport } = require("@credport/server");`;
      const seen = fresh(`${load}\n${construct}\n${report}`, type);
      expect(seen.undici).toBe(false); // the platform's fetch is looked up at the first request
      for (const file of seen.files as string[]) expect(file).not.toMatch(/ofetch|node-fetch/);
    },
  );
});
