// `pnpm dev:next`: the example app in development mode against an embedded emulator.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { startEmulator } from "@credport/mock";
import { logHandoffLinks } from "./handoff-links.mjs";
import { registerWebhook } from "./register-webhook.mjs";

const emulator = await startEmulator({ port: 4010 });
console.log(`Credport emulator at ${emulator.url}
  Dashboard: ${emulator.dashboardUrl} (sessions, webhooks and requests, live)`);
logHandoffLinks(emulator, (line) => console.log(`[credport] ${line}`));
const appDir = fileURLToPath(new URL("..", import.meta.url));
const next = spawn(
  process.execPath,
  [
    fileURLToPath(new URL("../node_modules/next/dist/bin/next", import.meta.url)),
    "dev",
    "-p",
    "3000",
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
await registerWebhook(emulator, "http://localhost:3000/api/credport/webhooks");
console.log(`Open http://localhost:3000 — no phone needed: each offer and verification page has an
"Open in test wallet" link, and its link is printed here as the app creates it.`);
const stop = () => {
  next.kill("SIGTERM");
  void emulator.close().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
