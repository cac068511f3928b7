#!/usr/bin/env node
import { parseArgs } from "node:util";
import { type Model, PROTOCOL_PROFILES, type ProtocolProfile } from "@credport/mock";
import { startEmulator } from "./emulator.js";
import { readEnvValue, writeEnvFile } from "./env-file.js";
import { type AllowedHosts, checkAllowedHost } from "./http/request-guard.js";
import { stateFileBeside } from "./persistence/state-folder.js";
import { checkPublicBaseUrl } from "./public-base-url.js";
import { readTrustedIssuerFiles } from "./trusted-issuer-files.js";
import { readWalletProviderKeys } from "./wallet-provider-keys.js";

const usage = `usage: credport-emulator [options]

  --port <number>               the port to listen on; 0 picks a free one (default: 4010)
  --host <address>              the address to listen on (default: 127.0.0.1, this machine only)
  --env-file <file>             write the keys and URLs an app needs into this dotenv file, other
                                lines kept (default: none, the keys are only printed)
  --public-prefix <PREFIX_>     the prefix of the browser's copies in --env-file: VITE_ for Vite
                                (default: NEXT_PUBLIC_)
  --data <file>                 keep the whole state (keys, sessions, credentials, webhook
                                endpoints) in this file across restarts (default: with --env-file,
                                .credport/emulator.json beside it, git-ignored; without, none)
  --in-memory                   keep nothing on disk: new keys at every start (default: off)
  --forward-webhooks-to <url>   deliver the test project's webhooks to your app's route, e.g.
                                http://localhost:3000/api/credport/webhooks, and print each
                                delivery (default: CREDPORT_FORWARD_WEBHOOKS_TO in --env-file,
                                else none)
  --public-url <url>            where wallets reach it behind an HTTPS proxy or tunnel, such as
                                https://abc.tunnel.example (default: its own address)
  --allowed-hosts <names>       more Host names to answer, comma-separated (repeatable): a name, or
                                .domain for it and its subdomains; "all" turns the check off. The
                                emulator always answers localhost, IP addresses, --host and
                                --public-url; other names are refused, against DNS rebinding
                                (default: none)
  --profile <haip|plain>        the protocol profile wallets meet: haip (OpenID4VC High Assurance
                                Interoperability Profile 1.0, as production verifiers for the EU
                                identity wallets) or plain (did:jwk client ID, direct_post) for
                                wallets without HAIP (default: haip)
  --client-id-prefix <x509_hash|x509_san_dns>
                                under haip, how verifiers name themselves: x509_hash (HAIP: hash of
                                the access certificate) or x509_san_dns (the public URL's host,
                                a name such as localhost, not an IP; OpenID4VP outside HAIP)
                                (default: x509_hash)
  --trust-wallet-provider <file>
                                under haip, a JWK or JWK Set file of a wallet provider's public
                                keys (repeatable): wallet and key attestations it signed are
                                trusted, others refused; without any, a presented attestation is
                                checked for form, lifetime and proof of possession only
                                (default: none)
  --trust-issuer <pem file>     a root certificate (PEM; a file may hold several) of another
                                issuer (repeatable): SD-JWT VCs (x5c) and mdocs (x5chain) whose
                                chain ends at it verify like the emulator's own; under haip it
                                joins DCQL trusted_authorities (default: only the emulator's own)
  --require-attestations        under haip, require a wallet attestation at PAR and token and a key
                                attestation in every proof (default: off, accepted when presented)
  --allow-link-local-webhooks   deliver webhooks to link-local and cloud metadata addresses too
                                (169.254.0.0/16, fe80::/10, metadata.google.internal…) (default: off)
  --help                        print this (default: off)`;

/** Fails the start with one line, and the usage for a wrong option. */
function refuse(message: string, code = 2, withUsage = true): never {
  console.error(`credport-emulator: ${message}${withUsage ? `\n${usage}` : ""}`);
  process.exit(code);
}

/** One line on the terminal per webhook delivery attempt and per refused key of an earlier run. */
function printNotices(model: Model, envFile: string | undefined): void {
  const lastWarned = new Map<string, number>();
  model.notices.subscribe((notice) => {
    if (notice.kind === "webhook_attempt") {
      const answer = notice.status === undefined ? `no answer (${notice.error})` : notice.status;
      const where = notice.forwarded ? "" : `  ${notice.url}`;
      console.log(
        `webhook  ${notice.eventType}  ${notice.eventId}  → ${answer}  ${notice.ms} ms${where}`,
      );
      return;
    }
    // A dev server still holding old keys asks again and again: once every 30 s is enough.
    const now = Date.now();
    if (now - (lastWarned.get(notice.keyType) ?? 0) < 30_000) return;
    lastWarned.set(notice.keyType, now);
    console.log(
      `Refused a ${notice.keyType} key from an earlier emulator run: restart your dev server (and rebuild if the key was inlined)${envFile ? ` so that it reads ${envFile}` : ""}.`,
    );
  });
}

const isProtocolProfile = (value: string): value is ProtocolProfile =>
  (PROTOCOL_PROFILES as readonly string[]).includes(value);

async function main() {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions();
  } catch (error) {
    refuse((error as Error).message);
  }
  await run(parsed.values);
}

function parseOptions() {
  return parseArgs({
    options: {
      port: { type: "string", default: "4010" },
      host: { type: "string", default: "127.0.0.1" },
      // Behind an HTTPS reverse proxy or tunnel: every URL the emulator issues is on this base.
      "public-url": { type: "string" },
      // Keep the whole state in this file across restarts (same keys, sessions, credentials).
      data: { type: "string" },
      "in-memory": { type: "boolean" },
      "env-file": { type: "string" },
      "forward-webhooks-to": { type: "string" },
      "public-prefix": { type: "string", default: "NEXT_PUBLIC_" },
      // Host names besides its own that the emulator answers (tunnels): see --help.
      "allowed-hosts": { type: "string", multiple: true },
      "allow-link-local-webhooks": { type: "boolean" },
      profile: { type: "string", default: "haip" },
      "client-id-prefix": { type: "string", default: "x509_hash" },
      "trust-wallet-provider": { type: "string", multiple: true },
      "require-attestations": { type: "boolean" },
      "trust-issuer": { type: "string", multiple: true },
      help: { type: "boolean" },
    },
  });
}

async function run(values: ReturnType<typeof parseOptions>["values"]) {
  if (values.help) {
    console.log(usage);
    return;
  }
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65535) refuse("--port must be a number from 0 to 65535");
  const publicUrl = values["public-url"];
  if (publicUrl !== undefined) {
    try {
      checkPublicBaseUrl(publicUrl);
    } catch {
      refuse(
        "--public-url must be an http(s) URL without query or fragment, such as https://abc.tunnel.example",
      );
    }
  }
  const publicPrefix = values["public-prefix"];
  if (!/^[A-Z][A-Z0-9_]*_$/.test(publicPrefix))
    refuse("--public-prefix must be upper case and end in _ (NEXT_PUBLIC_, VITE_)");
  let allowedHosts: AllowedHosts = [];
  const names = (values["allowed-hosts"] ?? []).flatMap((value) => value.split(","));
  if (names.some((name) => name.trim().toLowerCase() === "all")) allowedHosts = true;
  else {
    try {
      allowedHosts = names.map((name) => checkAllowedHost(name, "--allowed-hosts"));
    } catch (error) {
      refuse((error as Error).message.replace(/^@credport\/(?:emulator|mock): /, ""));
    }
  }
  const profile = values.profile;
  if (!isProtocolProfile(profile))
    refuse(`--profile must be one of ${PROTOCOL_PROFILES.join(", ")}: got ${profile}`);
  let trustedKeys: ReturnType<typeof readWalletProviderKeys> = [];
  try {
    trustedKeys = readWalletProviderKeys(values["trust-wallet-provider"] ?? []);
  } catch (error) {
    refuse((error as Error).message, 2, false);
  }
  let trustedIssuers: string[] = [];
  try {
    trustedIssuers = readTrustedIssuerFiles(values["trust-issuer"] ?? []);
  } catch (error) {
    refuse((error as Error).message, 2, false);
  }
  const clientIdPrefix = values["client-id-prefix"];
  if (clientIdPrefix !== "x509_hash" && clientIdPrefix !== "x509_san_dns")
    refuse(`--client-id-prefix must be x509_hash or x509_san_dns: got ${clientIdPrefix}`);
  const envFile = values["env-file"];
  if (values.data !== undefined && values["in-memory"])
    refuse("--data and --in-memory exclude each other: pass one");
  const forwardFromFile =
    envFile === undefined ? undefined : readEnvValue(envFile, "CREDPORT_FORWARD_WEBHOOKS_TO");
  const forwardTo = values["forward-webhooks-to"] ?? forwardFromFile;
  if (forwardTo !== undefined && !isHttpUrl(forwardTo)) {
    const from =
      values["forward-webhooks-to"] === undefined
        ? `CREDPORT_FORWARD_WEBHOOKS_TO in ${envFile}`
        : "--forward-webhooks-to";
    refuse(`${from} must be an http(s) URL, such as http://localhost:3000/api/credport/webhooks`);
  }
  // Stable keys by default where an app reads them: the state beside its env file.
  const dataFile =
    values.data ??
    (envFile !== undefined && !values["in-memory"] ? stateFileBeside(envFile) : undefined);
  const emulator = await startEmulator({
    port,
    host: values.host,
    allowedHosts,
    profile,
    verifierClientIdPrefix: clientIdPrefix,
    attestations: { trustedKeys, required: values["require-attestations"] === true },
    trustedIssuers,
    ...(values["allow-link-local-webhooks"] ? { allowLinkLocalWebhooks: true } : {}),
    ...(publicUrl === undefined ? {} : { publicBaseUrl: publicUrl }),
    ...(dataFile === undefined ? {} : { dataFile }),
    ...(forwardTo === undefined ? {} : { forwardWebhooksTo: forwardTo }),
    onDataFileError: (error) =>
      console.error(`credport-emulator: ${error instanceof Error ? error.message : String(error)}`),
  });
  printNotices(emulator.model, envFile);
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
    dataFile === undefined
      ? `State lives in memory: new keys at every start${envFile ? "" : " (pass --env-file or --data <file> to keep them)"}.`
      : `State is kept in ${dataFile}${values.data === undefined ? " (git-ignored; --in-memory keeps nothing)" : ""}: the same keys at the next start.`;
  const forwarding = emulator.forwardedWebhooks
    ? `Forwarding webhooks to ${emulator.forwardedWebhooks.url} (each delivery is printed below).\n`
    : "";
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
${profile === "haip" ? `Protocol profile: HAIP 1.0, verifier client IDs ${clientIdPrefix} (--profile plain for wallets without HAIP).\nWallet and key attestations: ${values["require-attestations"] ? "required" : "accepted when presented"}, ${trustedKeys.length === 0 ? "signatures unchecked (--trust-wallet-provider <jwks file>)" : `signed by ${trustedKeys.length} trusted wallet provider key${trustedKeys.length === 1 ? "" : "s"}`}.` : "Protocol profile: plain OpenID4VCI/OpenID4VP (without HAIP)."}
Test CA root (wallets trust it for HAIP verifiers and issuers): ${emulator.url}/__emulator/ca.pem
${
  trustedIssuers.length === 0
    ? ""
    : `Trusted issuers: ${emulator.model.trustedIssuers.certificates.length} root${emulator.model.trustedIssuers.certificates.length === 1 ? "" : "s"} from --trust-issuer (credentials chaining to them verify).
`
}${forwarding}Control plane: ${emulator.url}/__emulator/ (see docs/api.md). Ctrl-C stops it.`);
  const stop = () => {
    emulator.close().finally(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

function isHttpUrl(value: string): boolean {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** What went wrong at start, in one line: no stack trace for a cause the user can fix. */
function startFailure(error: unknown): string {
  const { code, port, address } = error as NodeJS.ErrnoException & {
    port?: number;
    address?: string;
  };
  if (code === "EADDRINUSE")
    return `port ${port} is taken: pass --port <another port> (--port 0 picks a free one), or stop what listens there`;
  if (code === "EACCES") return `port ${port} needs privileges: pass --port above 1023`;
  if (code === "EADDRNOTAVAIL")
    return `${address} is not an address of this machine: pass --host (default: 127.0.0.1)`;
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^@credport\/(?:emulator|mock): /, "");
}

main().catch((error) => {
  refuse(startFailure(error), 1, false);
});
