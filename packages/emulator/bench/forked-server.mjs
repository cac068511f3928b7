// The bench file's side of a server process of this folder (emulator-process.mjs,
// bare-http-process.mjs): forks it and asks it over IPC when it is ready, what memory and CPU time
// it has used, and to stop. The server runs apart so that the bench file's own work (the load it
// generates, the floor it measures) never counts against the server's figures.
import { fork } from "node:child_process";

const here = new URL(".", import.meta.url);

/**
 * Forks `script` (a file of this folder) with `env` added to this process's environment; the
 * bench fails if the process ends before it was told to stop.
 */
export function forkServer(script, env = {}, execArgv = []) {
  const child = fork(new URL(script, here), [], { env: { ...process.env, ...env }, execArgv });
  let stopping = false;
  child.on("exit", (code) => {
    if (!stopping) throw new Error(`${script} exited with ${code}`);
  });
  const ask = (type, extra = {}) =>
    new Promise((resolve) => {
      const onMessage = (message) => {
        if (message.type !== type) return;
        child.off("message", onMessage);
        resolve(message);
      };
      child.on("message", onMessage);
      if (type !== "ready") child.send({ type, ...extra });
    });
  return {
    /** What the process reports once it listens (its URL, and what it seeded). */
    ready: ask("ready"),
    memory: (options = {}) => ask("memory", options),
    /** Makes each status read wait `micros` more (emulator-process.mjs; CREDPORT_BENCH_SLOWDOWN). */
    slowDown: (micros) => ask("slowdown", { micros }),
    /** The process's CPU time so far (user + system), in microseconds. */
    cpu: async () => (await ask("cpu")).micros,
    stop: () =>
      new Promise((resolve) => {
        stopping = true;
        child.once("exit", resolve);
        child.send({ type: "stop" });
      }),
  };
}
