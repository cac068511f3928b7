import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { freePort } from "@credport/test-browsers";

export const appDir = fileURLToPath(new URL("../..", import.meta.url));

export interface AppServer {
  url: string;
  process: ChildProcess;
  /** What the server printed, for a failure's message. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * `node server.js` on a free port with these variables, once it says it listens: the example's
 * `start` script, or with `dev` its `dev` script (NODE_ENV=development: Vite in middleware mode).
 */
export async function startApp(
  env: Record<string, string>,
  options: { dev?: boolean } = {},
): Promise<AppServer> {
  const port = await freePort();
  // What the scripts give (not vitest's NODE_ENV=test), and only the CREDPORT_* given here.
  const base = { ...process.env };
  for (const name of Object.keys(base))
    if (name === "NODE_ENV" || name.startsWith("CREDPORT_")) delete base[name];
  const child = spawn(process.execPath, ["server.js"], {
    cwd: appDir,
    env: {
      ...base,
      NODE_ENV: options.dev ? "development" : "production",
      ...env,
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server.js did not start:\n${output}`)),
      30_000,
    );
    const read = (chunk: Buffer) => {
      output += chunk;
      if (/listening on/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server.js exited (${code}):\n${output}`));
    });
  });
  return {
    url: `http://localhost:${port}`,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
