import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const appDir = fileURLToPath(new URL("../..", import.meta.url));
export const nextBin = join(appDir, "node_modules/next/dist/bin/next");

export interface NextInstance {
  url: string;
  process: ChildProcess;
  /** `next start` renames its process: it is stopped by the PID kept here. */
  stop(): void;
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** `next start` of the built example (see build-once.ts) with these variables, once it answers. */
export async function startNext(
  env: Record<string, string>,
  options: { dir?: string } = {},
): Promise<NextInstance> {
  const port = await freePort();
  const child = spawn(process.execPath, [nextBin, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: options.dir ?? appDir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: "ignore",
  });
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      await fetch(`${url}/`, { redirect: "manual" });
      return { url, process: child, stop: () => child.kill("SIGTERM") };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGTERM");
  throw new Error("next start did not come up");
}
