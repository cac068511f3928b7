import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { type EmulatorOptions, startEmulator } from "@credport/emulator";
import { refuseLiveKey } from "./live-key.js";
import { CredportTestingError } from "./testing-error.js";

/** The keys of the emulator's ready test project, as the app under test is given them. */
export interface TestEmulatorKeys {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}

/** A verification's status as the service tells it, and every change it went through. */
export interface VerificationTrace {
  id: string;
  status: string;
  failureCode?: string;
  /** Created, then each transition, from the webhook events the emulator sent. */
  history: { at: string; status: string }[];
}

/** An emulator for a test run: started here ({@link startTestEmulator}) or already running ({@link attachTestEmulator}). */
export interface TestEmulator {
  /** The service's base URL (`CREDPORT_BASE_URL`). */
  readonly url: string;
  readonly keys: TestEmulatorKeys;
  /** The ready test project's ID, for an emulator this process started. */
  readonly projectId?: string;
  /**
   * The variables the app under test reads, as `npx credport-emulator --env-file .env.local`
   * writes them: `CREDPORT_BASE_URL`, `CREDPORT_SECRET_KEY`, `CREDPORT_PUBLISHABLE_KEY`,
   * `CREDPORT_WEBHOOK_SECRET`, `CREDPORT_SESSION_SECRET`, and the browser's copies
   * (`NEXT_PUBLIC_…`, `VITE_…`). Pass them to the app's process: `{ ...process.env, ...emulator.env }`.
   */
  readonly env: Readonly<Record<string, string>>;
  /** True when this process started the emulator (and {@link close} stops it). */
  readonly owned: boolean;
  /**
   * Forgets every verification, session, offer, credential, fault and clock move, keeping the
   * project and its keys (so the running app keeps working). Only for an emulator this process
   * started: on an attached one it throws `emulator_unavailable`, since the control plane's reset
   * would revoke the keys the app holds.
   */
  reset(): Promise<void>;
  /** The emulator's clock: expiries of verifications, offers, credentials and status lists follow it. */
  readonly clock: {
    /** Moves the clock forward; resolves with the emulator's new time (ISO). */
    advance(
      by: number | { seconds?: number; minutes?: number; hours?: number; days?: number },
    ): Promise<string>;
  };
  /** A verification's status and history, for assertions and failure reports. */
  trace(verificationId: string): Promise<VerificationTrace>;
  /** Stops an emulator this process started; does nothing for an attached one. */
  close(): Promise<void>;
}

/** Options of {@link startTestEmulator}. */
export interface StartTestEmulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number | undefined;
  /** The protocol profile (`"haip"`, the default, or `"plain"`). */
  profile?: EmulatorOptions["profile"];
  /** Deliver the project's webhooks to the app's route, e.g. `http://localhost:3000/api/credport/webhooks`. */
  forwardWebhooksTo?: string | undefined;
  /** The app's `CREDPORT_SESSION_SECRET` (default: 32 random bytes, new for each emulator). */
  sessionSecret?: string | undefined;
}

/** Options of {@link attachTestEmulator}; each defaults to the environment, then to `envFile`. */
export interface AttachTestEmulatorOptions {
  /** Default: `CREDPORT_BASE_URL`. */
  url?: string | undefined;
  /** Default: `CREDPORT_SECRET_KEY`. */
  secretKey?: string | undefined;
  /** Default: `CREDPORT_PUBLISHABLE_KEY`. */
  publishableKey?: string | undefined;
  /** Default: `CREDPORT_WEBHOOK_SECRET`. */
  webhookSecret?: string | undefined;
  /** A dotenv file the emulator wrote (`npx credport-emulator --env-file .env.local`). */
  envFile?: string | undefined;
}

const DURATIONS = { seconds: 1_000, minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;

/**
 * Starts an emulator in this process, with a ready test project whose keys {@link TestEmulator.env}
 * hands to the app under test.
 */
export async function startTestEmulator(
  options: StartTestEmulatorOptions = {},
): Promise<TestEmulator> {
  const emulator = await startEmulator({
    ...(options.port === undefined ? {} : { port: options.port }),
    ...(options.profile === undefined ? {} : { profile: options.profile }),
    ...(options.forwardWebhooksTo === undefined
      ? {}
      : { forwardWebhooksTo: options.forwardWebhooksTo }),
  });
  const { model, projectId } = emulator;
  return testEmulator({
    url: emulator.url,
    keys: emulator.keys,
    projectId,
    sessionSecret: options.sessionSecret ?? randomBytes(32).toString("base64url"),
    owned: true,
    reset: async () => {
      // The project and its keys survive: the app under test was started with them.
      // So does the key that signs results: the app may hold the service's key set already.
      const keys = [...model.keys.keys.values()].filter((k) => k.projectId === projectId);
      const signingKey = await model.signer.exportKey();
      model.reset();
      model.keys.restore([projectId], keys);
      model.signer.restoreKey(signingKey);
    },
    close: () => emulator.close(),
  });
}

/**
 * An emulator that is already running (started by `npx credport-emulator --env-file .env.local`,
 * say, before the app), found through the same variables the app reads.
 */
export async function attachTestEmulator(
  options: AttachTestEmulatorOptions = {},
): Promise<TestEmulator> {
  const file = options.envFile ? readDotenv(options.envFile) : {};
  const pick = (given: string | undefined, name: string) =>
    given ?? (process.env[name] || undefined) ?? file[name];
  const url = pick(options.url, "CREDPORT_BASE_URL");
  const secretKey = pick(options.secretKey, "CREDPORT_SECRET_KEY");
  const publishableKey = pick(options.publishableKey, "CREDPORT_PUBLISHABLE_KEY");
  const webhookSecret = pick(options.webhookSecret, "CREDPORT_WEBHOOK_SECRET") ?? "";
  refuseLiveKey(secretKey, "the secret key (CREDPORT_SECRET_KEY)");
  refuseLiveKey(publishableKey, "the publishable key (CREDPORT_PUBLISHABLE_KEY)");
  for (const [name, value] of [
    ["url (CREDPORT_BASE_URL)", url],
    ["secretKey (CREDPORT_SECRET_KEY)", secretKey],
    ["publishableKey (CREDPORT_PUBLISHABLE_KEY)", publishableKey],
  ] as const)
    if (!value)
      throw new CredportTestingError(
        "invalid_option",
        `@credport/testing: attachTestEmulator needs ${name}: pass it, set it, or name the env file the emulator wrote (envFile).`,
      );
  const base = url!.replace(/\/+$/, "");
  const answer = await fetch(`${base}/__emulator/ca.pem`).catch((cause: unknown) => {
    throw new CredportTestingError(
      "emulator_unavailable",
      `@credport/testing: no emulator answers at ${base} (CREDPORT_BASE_URL): start it first (npx credport-emulator --env-file .env.local).`,
      { cause },
    );
  });
  if (!answer.ok)
    throw new CredportTestingError(
      "emulator_unavailable",
      `@credport/testing: ${base} answered ${answer.status} to GET /__emulator/ca.pem: it is not a Credport emulator, and the kit runs against the emulator only.`,
    );
  return testEmulator({
    url: base,
    keys: { secretKey: secretKey!, publishableKey: publishableKey!, webhookSecret },
    sessionSecret: pick(undefined, "CREDPORT_SESSION_SECRET"),
    owned: false,
    reset: async () => {
      throw new CredportTestingError(
        "emulator_unavailable",
        `@credport/testing: reset() needs an emulator this process started (startTestEmulator): the control plane's reset of the emulator at ${base} would also revoke the keys the app under test holds.`,
      );
    },
    close: async () => {},
  });
}

function testEmulator(parts: {
  url: string;
  keys: TestEmulatorKeys;
  projectId?: string;
  sessionSecret: string | undefined;
  owned: boolean;
  reset: () => Promise<void>;
  close: () => Promise<void>;
}): TestEmulator {
  const { url, keys } = parts;
  refuseLiveKey(keys.secretKey, "the emulator's secret key");
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        "x-service-key": keys.secretKey,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok)
      throw new CredportTestingError(
        "emulator_unavailable",
        `@credport/testing: the emulator answered ${response.status} to ${method} ${path}: ${String(data.message ?? data.code ?? "")}`,
      );
    return data;
  };
  return {
    url,
    keys,
    ...(parts.projectId ? { projectId: parts.projectId } : {}),
    owned: parts.owned,
    env: {
      CREDPORT_BASE_URL: url,
      CREDPORT_SECRET_KEY: keys.secretKey,
      CREDPORT_PUBLISHABLE_KEY: keys.publishableKey,
      CREDPORT_WEBHOOK_SECRET: keys.webhookSecret,
      ...(parts.sessionSecret ? { CREDPORT_SESSION_SECRET: parts.sessionSecret } : {}),
      NEXT_PUBLIC_CREDPORT_BASE_URL: url,
      NEXT_PUBLIC_CREDPORT_PUBLISHABLE_KEY: keys.publishableKey,
      VITE_CREDPORT_BASE_URL: url,
      VITE_CREDPORT_PUBLISHABLE_KEY: keys.publishableKey,
    },
    reset: parts.reset,
    clock: {
      async advance(by) {
        const ms =
          typeof by === "number"
            ? by
            : Object.entries(by).reduce(
                (sum, [unit, n]) => sum + (n ?? 0) * DURATIONS[unit as keyof typeof DURATIONS],
                0,
              );
        if (!Number.isFinite(ms) || ms < 0)
          throw new CredportTestingError(
            "invalid_option",
            `@credport/testing: clock.advance() takes a finite duration >= 0: got ${String(ms)} ms.`,
          );
        return String((await call("POST", "/__emulator/clock/advance", { ms })).now);
      },
    },
    async trace(id) {
      const record = await call("GET", `/v1/verifications/${encodeURIComponent(id)}`);
      const events = (await call("GET", "/__emulator/events")).data as {
        event: { type: string; created: number; data: { object: { id?: string } } };
      }[];
      const history = [{ at: String(record.created_at ?? ""), status: "created" }];
      for (const { event } of events)
        if (event.data?.object?.id === id)
          history.push({
            at: new Date(event.created * 1000).toISOString(),
            status: event.type.split(".")[1] ?? event.type,
          });
      return {
        id,
        status: String(record.status),
        ...(record.failure_code ? { failureCode: String(record.failure_code) } : {}),
        history,
      };
    },
    close: parts.close,
  };
}

/** The assignments of a dotenv file (the last one wins); quotes and inline comments dropped. */
function readDotenv(path: string): Record<string, string> {
  if (!existsSync(path))
    throw new CredportTestingError(
      "invalid_option",
      `@credport/testing: envFile ${path} does not exist: start the emulator with --env-file ${path} first.`,
    );
  const values: Record<string, string> = {};
  for (const line of readFileSync(path, "utf8").split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=(.*)$/.exec(line);
    if (!match) continue;
    const raw = match[2]!;
    const quoted = /^\s*(["'`])(.*)\1/.exec(raw);
    values[match[1]!] = quoted ? quoted[2]! : raw.replace(/\s+#.*$/, "").trim();
  }
  return values;
}
