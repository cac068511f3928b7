#!/usr/bin/env node
import { parseArgs } from "node:util";
import { startEmulator } from "./emulator.js";

const usage = "usage: credport-emulator [--port 4010] [--host 127.0.0.1]";

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "4010" },
      host: { type: "string", default: "127.0.0.1" },
      help: { type: "boolean" },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`credport-emulator: --port must be a number from 0 to 65535\n${usage}`);
    process.exit(2);
  }
  const emulator = await startEmulator({ port, host: values.host });
  console.log(`Credport emulator listening at ${emulator.url}

Test project ${emulator.projectId} (test environment):
  CREDPORT_BASE_URL=${emulator.url}
  CREDPORT_SECRET_KEY=${emulator.keys.secretKey}
  CREDPORT_PUBLISHABLE_KEY=${emulator.keys.publishableKey}
  CREDPORT_WEBHOOK_SECRET=${emulator.keys.webhookSecret}

Control plane: ${emulator.url}/__emulator/ (see docs/api.md). Ctrl-C stops it.`);
  const stop = () => {
    emulator.close().finally(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error) => {
  console.error(`credport-emulator: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
