// Issue 14, "options typed to accept `string | undefined` under exactOptionalPropertyTypes": what a
// user writes with values from process.env compiles against the built declarations of
// @credport/server and @credport/next, in a project as strict as a careful user's.
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const project = fileURLToPath(new URL("./fixtures/env-options", import.meta.url));

it("options taken from process.env compile under exactOptionalPropertyTypes", () => {
  let output = "";
  try {
    execFileSync(process.execPath, [tsc, "-p", project], { encoding: "utf8", stdio: "pipe" });
  } catch (error) {
    output = (error as { stdout: string }).stdout || String(error);
  }
  // Each line is `snippets.ts(line,col): error TS…`: the option that refuses `undefined`.
  expect(output).toBe("");
}, 60_000);
