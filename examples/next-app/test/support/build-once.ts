// vitest globalSetup: one production build of the example per test run, shared by every test
// file of the project. The build runs without any CREDPORT_* variable, as a CI build would.
import { execFileSync } from "node:child_process";
import { appDir, nextBin } from "./next-server.js";

export default function buildOnce() {
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
  for (const name of Object.keys(env)) if (name.startsWith("CREDPORT_")) delete env[name];
  execFileSync(process.execPath, [nextBin, "build"], { cwd: appDir, env, stdio: "pipe" });
}
