// vitest globalSetup: the example's `build` script once per run, as a CI build runs it: no CREDPORT_*
// (the build holds none: server.js writes the publishable key into the page at each request).
import { execFileSync } from "node:child_process";
import { appDir } from "./app-server.js";

export default function buildOnce() {
  const env = { ...process.env };
  // Nor vitest's NODE_ENV=test: Vite would bundle React's development build.
  for (const name of Object.keys(env))
    if (name === "NODE_ENV" || name.startsWith("CREDPORT_")) delete env[name];
  execFileSync(
    process.execPath,
    [`${appDir}/node_modules/vite/bin/vite.js`, "build", "--logLevel", "error"],
    {
      cwd: appDir,
      env,
      stdio: "pipe",
    },
  );
}
