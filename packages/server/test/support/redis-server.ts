// Starts Debian's redis-server on a free loopback port for one test file, and stops it by PID.
// No Redis mock: the store is tested against the real server.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer, Socket } from "node:net";

export interface RedisServer {
  port: number;
  url: string;
  /** Stops the server (SIGKILL, like a crash); `start()` brings it back on the same port. */
  kill(): Promise<void>;
  start(): Promise<void>;
}

export const REDIS_SERVER_BIN = process.env.REDIS_SERVER_BIN ?? "/usr/bin/redis-server";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(200);
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
    socket.connect(port, "127.0.0.1", () => socket.write("PING\r\n"));
    socket.once("data", (data) => {
      socket.destroy();
      resolve(data.toString().startsWith("+PONG"));
    });
  });
}

/**
 * Starts a server; `extraArgs` are further `redis-server` options (e.g. `["--maxmemory-policy",
 * "volatile-lru"]`, as a managed Redis might be configured).
 */
export async function startRedisServer(extraArgs: string[] = []): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      REDIS_SERVER_BIN,
      [
        "--port",
        String(port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "no",
        ...extraArgs,
      ],
      { stdio: "ignore" },
    );
    const deadline = Date.now() + 5000;
    while (!(await answersPing(port))) {
      if (Date.now() > deadline) throw new Error(`redis-server did not start on port ${port}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    start,
    async kill() {
      const dying = child;
      if (!dying || dying.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        dying.once("exit", () => resolve());
        process.kill(dying.pid!, "SIGKILL");
      });
    },
  };
}
