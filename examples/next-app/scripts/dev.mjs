// `pnpm dev:next`: the example app in development mode against an embedded emulator.
// The app listens on 127.0.0.1 only; `pnpm dev:next --host 0.0.0.0` (or CREDPORT_DEV_HOST=0.0.0.0)
// opens it to the network, e.g. for a phone on the same Wi-Fi.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { startEmulator } from "@credport/emulator";
import { logHandoffLinks } from "./handoff-links.mjs";
import { registerWebhook } from "./register-webhook.mjs";

const { values } = parseArgs({
  options: {
    host: { type: "string" },
    port: { type: "string", default: "3000" },
    "emulator-port": { type: "string", default: "4010" },
  },
});
const port = Number(values.port);
const emulatorPort = Number(values["emulator-port"]);
for (const [flag, value] of [
  ["--port", port],
  ["--emulator-port", emulatorPort],
]) {
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    console.error(`dev:next: ${flag} must be a number from 0 to 65535`);
    process.exit(2);
  }
}
const host = values.host || process.env.CREDPORT_DEV_HOST || "127.0.0.1";
if (!/^[A-Za-z0-9.:-]+$/.test(host)) {
  console.error(`dev:next: --host must be an address or a host name, such as 127.0.0.1 or 0.0.0.0`);
  process.exit(2);
}
const everyInterface = host === "0.0.0.0" || host === "::";
/** Where this machine reaches the app: the loopback address when it listens everywhere. */
const localHost = everyInterface ? "127.0.0.1" : host;
const appUrl = `http://${isIP(localHost) === 6 ? `[${localHost}]` : localHost}:${port}`;

const emulator = await startEmulator({ port: emulatorPort });
console.log(`Credport emulator at ${emulator.url}
  Dashboard: ${emulator.dashboardUrl} (sessions, webhooks and requests, live)`);
logHandoffLinks(emulator, (line) => console.log(`[credport] ${line}`));
const appDir = fileURLToPath(new URL("..", import.meta.url));
const next = spawn(
  process.execPath,
  [
    fileURLToPath(new URL("../node_modules/next/dist/bin/next", import.meta.url)),
    "dev",
    "-H",
    host,
    "-p",
    String(port),
  ],
  {
    cwd: appDir,
    stdio: "inherit",
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: "1",
      CREDPORT_BASE_URL: emulator.url,
      CREDPORT_SECRET_KEY: emulator.keys.secretKey,
      CREDPORT_PUBLISHABLE_KEY: emulator.keys.publishableKey,
      CREDPORT_WEBHOOK_SECRET: emulator.keys.webhookSecret,
      CREDPORT_SESSION_SECRET:
        process.env.CREDPORT_SESSION_SECRET ?? randomBytes(32).toString("base64"),
    },
  },
);
// The app's webhook route gets the project's events; the dashboard's Webhooks page shows each delivery.
await registerWebhook(emulator, `${appUrl}/api/credport/webhooks`);
console.log(`Open ${appUrl} — no phone needed: each offer and verification page has an
"Open in test wallet" link, and its link is printed here as the app creates it.`);
console.log(
  everyInterface
    ? "The app listens on every network interface: other machines on your network can reach it."
    : `The app listens on ${host} only: pass --host 0.0.0.0 (or set CREDPORT_DEV_HOST) to open it to your network.`,
);
const stop = () => {
  next.kill("SIGTERM");
  void emulator.close().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
