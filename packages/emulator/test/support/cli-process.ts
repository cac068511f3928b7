import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The built CLI, as `npx credport-emulator` runs it. */
export const CLI_BIN = fileURLToPath(new URL("../../bin/credport-emulator.js", import.meta.url));

export interface CliProcess {
  child: ChildProcess;
  /** Everything printed so far on stdout and stderr. */
  readonly out: string;
  readonly err: string;
  /** Resolves once stdout contains `text` (rejects if the process exits first). */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
  /** The exit code (without stopping it). */
  exited: Promise<number | null>;
}

/** Spawns the emulator CLI with `args`; does not wait for anything. */
export function spawnCli(args: string[], options: { cwd?: string } = {}): CliProcess {
  const child = spawn(process.execPath, [CLI_BIN, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  let out = "";
  let err = "";
  const listeners = new Set<() => void>();
  child.stdout!.on("data", (chunk) => {
    out += chunk;
    for (const listener of listeners) listener();
  });
  child.stderr!.on("data", (chunk) => {
    err += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    get out() {
      return out;
    },
    get err() {
      return err;
    },
    exited,
    waitFor(text, timeoutMs = 20_000) {
      const seen = () => (typeof text === "string" ? out.includes(text) : text.test(out));
      if (seen()) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(
            new Error(`no ${String(text)} after ${timeoutMs} ms; stdout:\n${out}\nstderr:\n${err}`),
          );
        }, timeoutMs);
        const check = () => {
          if (!seen()) return;
          clearTimeout(timer);
          listeners.delete(check);
          resolve();
        };
        listeners.add(check);
        exited.then((code) => {
          if (seen()) return;
          clearTimeout(timer);
          reject(new Error(`exited with ${code}; stdout:\n${out}\nstderr:\n${err}`));
        });
      });
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/** Starts the CLI and waits until it listens. */
export async function startCli(args: string[], options: { cwd?: string } = {}) {
  const cli = spawnCli(args, options);
  try {
    await cli.waitFor("Ctrl-C");
  } catch (error) {
    await cli.stop();
    throw error;
  }
  return cli;
}

/** The variables of a dotenv file the emulator wrote (`NAME=value` lines). */
export function readEnvFile(path: string): Record<string, string> {
  return Object.fromEntries(
    readFileSync(path, "utf8")
      .split("\n")
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
}
