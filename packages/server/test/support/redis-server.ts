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

/**
 * Keeps the server busy for `ms` (a Lua loop: scripts run alone, and the default time limit is
 * 5 s), on a connection of its own; resolves when the script has ended. Commands sent meanwhile by
 * other clients wait behind it, as on a Redis busy with a slow command.
 */
export function keepRedisBusy(port: number, ms: number): Promise<void> {
  const script = `local t = redis.call('TIME'); local s = t[1] * 1000000 + t[2]
while true do local n = redis.call('TIME'); if n[1] * 1000000 + n[2] - s > ${ms * 1000} then break end end
return 1`;
  const args = ["EVAL", script, "0"];
  const command = `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join("")}`;
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    socket.once("error", reject);
    socket.connect(port, "127.0.0.1", () => socket.write(command));
    socket.once("data", () => {
      socket.destroy();
      resolve();
    });
  });
}
