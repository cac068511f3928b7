#!/usr/bin/env node
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { startEmulator } from "./emulator.js";

const usage =
  "usage: credport-emulator [--port 4010] [--host 127.0.0.1] [--env-file .env.local [--public-prefix NEXT_PUBLIC_]]";

/** A dotenv value as dotenv reads it: the quoted text, or the text before an inline `# comment`. */
function dotenvValue(raw: string): string {
  const quoted = /^\s*(["'`])(.*)\1/.exec(raw);
  return quoted ? quoted[2]! : raw.replace(/\s+#.*$/, "").trim();
}

/**
 * Writes `values` into a dotenv file (Node.js itself exits when a file named by `--env-file` is
 * missing, even after the script name, so users create it first): a variable already there is
 * replaced in place, a new one appended, every other line kept. An existing session secret of 32+
 * characters is kept (sessions survive a restart); a missing, short or placeholder one is generated.
 */
function writeEnvFile(path: string, values: Record<string, string>): void {
  const lines = existsSync(path) ? readFileSync(path, "utf8").split(/\r?\n/) : [];
  if (lines.at(-1) === "") lines.pop();
  const assignment = (name: string) =>
    lines.findIndex((line) => new RegExp(`^\\s*(export\\s+)?${name}\\s*=`).test(line));
  const line = lines[assignment("CREDPORT_SESSION_SECRET")];
  const session = line === undefined ? "" : dotenvValue(line.slice(line.indexOf("=") + 1));
  // A good secret's line stays as it is (quotes and comment included).
  const all =
    session.length >= 32
      ? values
      : { ...values, CREDPORT_SESSION_SECRET: randomBytes(32).toString("base64url") };
  for (const [name, value] of Object.entries(all)) {
    const at = assignment(name);
    if (at === -1) lines.push(`${name}=${value}`);
    else lines[at] = `${name}=${value}`;
  }
  // Written whole, then renamed: a reader never sees half a file. Readable by this user only.
  writeFileSync(`${path}.tmp`, `${lines.join("\n")}\n`, { mode: 0o600 });
  renameSync(`${path}.tmp`, path);
}

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "4010" },
      host: { type: "string", default: "127.0.0.1" },
      "env-file": { type: "string" },
      "public-prefix": { type: "string", default: "NEXT_PUBLIC_" },
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
  const publicPrefix = values["public-prefix"];
  if (!/^[A-Z][A-Z0-9_]*_$/.test(publicPrefix)) {
    console.error(
      `credport-emulator: --public-prefix must be upper case and end in _ (NEXT_PUBLIC_, VITE_)\n${usage}`,
    );
    process.exit(2);
  }
  const emulator = await startEmulator({ port, host: values.host });
  const envFile = values["env-file"];
  if (envFile) {
    writeEnvFile(envFile, {
      CREDPORT_BASE_URL: emulator.url,
      CREDPORT_SECRET_KEY: emulator.keys.secretKey,
      CREDPORT_PUBLISHABLE_KEY: emulator.keys.publishableKey,
      CREDPORT_WEBHOOK_SECRET: emulator.keys.webhookSecret,
      [`${publicPrefix}CREDPORT_BASE_URL`]: emulator.url,
      [`${publicPrefix}CREDPORT_PUBLISHABLE_KEY`]: emulator.keys.publishableKey,
    });
  }
  console.log(`Credport emulator listening at ${emulator.url}

Test project ${emulator.projectId} (test environment):
  CREDPORT_BASE_URL=${emulator.url}
  CREDPORT_SECRET_KEY=${emulator.keys.secretKey}
  CREDPORT_PUBLISHABLE_KEY=${emulator.keys.publishableKey}
  CREDPORT_WEBHOOK_SECRET=${emulator.keys.webhookSecret}
${envFile ? `\nWritten to ${envFile}, with CREDPORT_SESSION_SECRET and ${publicPrefix}CREDPORT_BASE_URL / ${publicPrefix}CREDPORT_PUBLISHABLE_KEY.\n` : ""}
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
