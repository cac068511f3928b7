import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

/**
 * The environment of a user's shell: vitest's own variables left out (`NODE_ENV=test` would keep
 * Next.js from reading `.env.local`, and Vite from building for production).
 */
export function userEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { NEXT_TELEMETRY_DISABLED: "1" };
  for (const [name, value] of Object.entries(process.env)) {
    if (name !== "NODE_ENV" && !name.startsWith("VITEST") && name !== "TEST") env[name] = value;
  }
  return { ...env, ...extra };
}

/** A free TCP port on loopback. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export interface Started {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr together. */
  output(): string;
  /** Stops it by the PID kept at start (`next start` renames its process), and waits for the exit. */
  stop(): Promise<void>;
}

/** Starts a command and resolves once its output matches `ready`; rejects if it exits first. */
export async function start(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; ready: RegExp; timeoutMs?: number },
): Promise<Started> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: userEnv(options.env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const started: Started = {
    child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      void started.stop();
      reject(new Error(`${command} ${args.join(" ")} was not ready in time:\n${output}`));
    }, options.timeoutMs ?? 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (options.ready.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} ${args.join(" ")} exited with ${code}:\n${output}`));
    });
  });
  return started;
}

/** The variables of a dotenv file. */
export function parseEnv(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split("\n")
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
}
