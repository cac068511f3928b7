/**
 * `pnpm dev:next` (scripts/dev.mjs) must not put the app on the network by default: a dev server
 * on every interface is reachable from the café's Wi-Fi.
 */
import { spawn } from "node:child_process";
import { connect } from "node:net";
import { networkInterfaces } from "node:os";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { freePort } from "./support/next-server.js";

/** Whether a TCP connection to `host:port` is accepted. */
const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

/** This machine's address on its network (what another machine would connect to). */
function networkAddress(): string {
  for (const addresses of Object.values(networkInterfaces()))
    for (const address of addresses ?? [])
      if (!address.internal && address.family === "IPv4") return address.address;
  throw new Error("this test needs a network interface besides loopback");
}

it("listens on 127.0.0.1 only, and prints that URL", async () => {
  const port = await freePort();
  const env = { ...process.env };
  delete env.CREDPORT_DEV_HOST;
  const script = fileURLToPath(new URL("../scripts/dev.mjs", import.meta.url));
  const child = spawn(process.execPath, [script, "--port", String(port), "--emulator-port", "0"], {
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
    env,
  });
  try {
    let out = "";
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on("data", (chunk) => {
        out += chunk;
        if (out.includes("to open it to your network")) resolve();
      });
      child.on("exit", (code) => reject(new Error(`dev.mjs exited with ${code}:\n${out}`)));
    });
    expect(out).toContain(`Open http://127.0.0.1:${port} `);
    let listening = false;
    for (let i = 0; i < 300 && !listening; i++) {
      listening = await accepts("127.0.0.1", port);
      if (!listening) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(listening).toBe(true);
    expect(await accepts(networkAddress(), port)).toBe(false);
  } finally {
    // dev.mjs and the `next dev` it started: the process group this test made.
    process.kill(-child.pid!, "SIGTERM");
  }
}, 60_000);
