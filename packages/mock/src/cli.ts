#!/usr/bin/env node
import { parseArgs } from "node:util";
import { startEmulator } from "./emulator.js";
import { writeEnvFile } from "./env-file.js";
import { type AllowedHosts, checkAllowedHost } from "./http/request-guard.js";
import { checkPublicBaseUrl } from "./protocol/public-base-url.js";

const usage = `usage: credport-emulator [--port 4010] [--host 127.0.0.1] [--data credport-emulator.json] [--public-url https://abc.tunnel.example] [--allowed-hosts name,.domain] [--allow-link-local-webhooks] [--env-file .env.local [--public-prefix NEXT_PUBLIC_]]

  --allowed-hosts <names>       more Host names to answer, comma-separated (repeatable): a name, or
                                .domain for it and its subdomains; "all" turns the check off. The
                                emulator always answers localhost, IP addresses, --host and
                                --public-url; other names are refused (DNS rebinding).
  --allow-link-local-webhooks   deliver webhooks to link-local and cloud metadata addresses too
                                (169.254.0.0/16, fe80::/10, metadata.google.internal…).`;

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "4010" },
      host: { type: "string", default: "127.0.0.1" },
      // Behind an HTTPS reverse proxy or tunnel: every URL the emulator issues is on this base.
      "public-url": { type: "string" },
      // Keep the whole state in this file across restarts (same keys, sessions, credentials).
      data: { type: "string" },
      "env-file": { type: "string" },
      "public-prefix": { type: "string", default: "NEXT_PUBLIC_" },
      // Host names besides its own that the emulator answers (tunnels): see --help.
      "allowed-hosts": { type: "string", multiple: true },
      "allow-link-local-webhooks": { type: "boolean" },
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
  const publicUrl = values["public-url"];
  if (publicUrl !== undefined) {
    try {
      checkPublicBaseUrl(publicUrl);
    } catch {
      console.error(
        `credport-emulator: --public-url must be an http(s) URL without query or fragment, such as https://abc.tunnel.example\n${usage}`,
      );
      process.exit(2);
    }
  }
  const publicPrefix = values["public-prefix"];
  if (!/^[A-Z][A-Z0-9_]*_$/.test(publicPrefix)) {
    console.error(
      `credport-emulator: --public-prefix must be upper case and end in _ (NEXT_PUBLIC_, VITE_)\n${usage}`,
    );
    process.exit(2);
  }
  let allowedHosts: AllowedHosts = [];
  const names = (values["allowed-hosts"] ?? []).flatMap((value) => value.split(","));
  if (names.some((name) => name.trim().toLowerCase() === "all")) allowedHosts = true;
  else {
    try {
      allowedHosts = names.map((name) => checkAllowedHost(name, "--allowed-hosts"));
    } catch (error) {
      console.error(
        `credport-emulator: ${(error as Error).message.replace(/^@credport\/mock: /, "")}\n${usage}`,
      );
      process.exit(2);
    }
  }
  const emulator = await startEmulator({
    port,
    host: values.host,
    allowedHosts,
    ...(values["allow-link-local-webhooks"] ? { allowLinkLocalWebhooks: true } : {}),
    ...(publicUrl === undefined ? {} : { publicBaseUrl: publicUrl }),
    ...(values.data === undefined ? {} : { dataFile: values.data }),
    onDataFileError: (error) =>
      console.error(`credport-emulator: ${error instanceof Error ? error.message : String(error)}`),
  });
  const envFile = values["env-file"];
  if (envFile) {
    writeEnvFile(envFile, {
      CREDPORT_BASE_URL: emulator.publicUrl,
      CREDPORT_SECRET_KEY: emulator.keys.secretKey,
      CREDPORT_PUBLISHABLE_KEY: emulator.keys.publishableKey,
      CREDPORT_WEBHOOK_SECRET: emulator.keys.webhookSecret,
      // The `aud` of the project's signed results: @credport/next refuses other projects' with it.
      CREDPORT_PROJECT_ID: emulator.projectId,
      [`${publicPrefix}CREDPORT_BASE_URL`]: emulator.publicUrl,
      [`${publicPrefix}CREDPORT_PUBLISHABLE_KEY`]: emulator.keys.publishableKey,
    });
  }
  const publicPath = new URL(emulator.publicUrl).pathname.replace(/\/$/, "");
  const reachedAt =
    emulator.publicUrl === emulator.url
      ? ""
      : `\nWallets reach it at ${emulator.publicUrl}${publicPath ? ` (forward ${publicPath}/* and /.well-known/* to it)` : ""}`;
  const kept =
    values.data === undefined
      ? "State lives in memory: pass --data <file> to keep it across restarts."
      : `State is kept in ${values.data}: the same keys at the next start.`;
  console.log(`Credport emulator listening at ${emulator.url}${reachedAt}

  Dashboard:    ${emulator.dashboardUrl}
  Test wallet:  ${emulator.walletUrl}

Test project ${emulator.projectId} (test environment):
  CREDPORT_BASE_URL=${emulator.publicUrl}
  CREDPORT_SECRET_KEY=${emulator.keys.secretKey}
  CREDPORT_PUBLISHABLE_KEY=${emulator.keys.publishableKey}
  CREDPORT_WEBHOOK_SECRET=${emulator.keys.webhookSecret}
  CREDPORT_PROJECT_ID=${emulator.projectId}
${envFile ? `\nWritten to ${envFile}, with CREDPORT_SESSION_SECRET and ${publicPrefix}CREDPORT_BASE_URL / ${publicPrefix}CREDPORT_PUBLISHABLE_KEY.\n` : ""}
${kept}
Control plane: ${emulator.url}/__emulator/ (see docs/api.md). Ctrl-C stops it.`);
  const stop = () => {
    emulator.close().finally(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`credport-emulator: ${message.replace(/^@credport\/mock: /, "")}`);
  process.exit(1);
});
