import { isCredportLogger, type ResolvedLogger, readEnv, resolveLogger } from "@credport/core";
import {
  createVerificationBody,
  describeFirstIssue,
  WEBHOOK_SECRET_PATTERN,
} from "@credport/core/contract";
import {
  Credport,
  CredportConfigurationError,
  DEFAULT_WEBHOOK_EVENT_TTL_SECONDS,
  type JsonWebKeySet,
  parseJwks,
  type WebhookEvent,
  type WebhookEventLedger,
  webhookEventLedger,
} from "@credport/server";
import type { Keyring } from "../cookies/keyring.js";
import { configurationError, defaultSecureCookies, SESSION_LABEL } from "../environment.js";
import { DEFAULT_IPV6_PREFIX_LENGTH } from "../request/address-group.js";
import type { ResolvedRateLimit } from "../request/rate-limit.js";
import { parseAllowedOrigins } from "../request/same-origin.js";
import {
  appScope,
  checkStateStore,
  createMemoryStateStore,
  lazyRedisStateStore,
  type StateStore,
  scopedStateStore,
  warnIfMemoryInProduction,
} from "../state-store.js";
import { isSessionTelemetry, type SessionTelemetry } from "../telemetry/session-observer.js";
import type { ClaimRequirements } from "../verification/claim-requirements.js";
import type { ResultCheck } from "../verification/signed-result.js";
import type { CredportSessionConfig } from "./session-config.js";
import { sessionKeyring, sessionSecrets } from "./session-secrets.js";

export interface ResolvedConfig {
  /** How messages name the package the app uses (`credport/session`, `credport/next`, …). */
  label: string;
  basePath: string;
  sessionMode: "library" | "manual";
  keepClaims: string[];
  sessionMaxAgeSeconds: number;
  maxPendingVerifications: number;
  secureCookies: boolean;
  allowedOrigins: Set<string> | undefined;
  keyring: Keyring;
  /** Finalized verifications and webhook event IDs. */
  stateStore: StateStore;
  /** Rate-limit counters: the state store, or its own memory store (so counters cannot evict IDs). */
  rateLimitStore: StateStore;
  rateLimit: ResolvedRateLimit | undefined;
  credport: Credport;
  resultCheck: ResultCheck;
  policyFor(request: Request): Promise<string>;
  /** Whether verifications and sessions are bound to the app's users (getUserRef set). */
  bindsUsers: boolean;
  userRefFor(request: Request): Promise<string | undefined>;
  metadataFor(request: Request): Promise<Record<string, string> | undefined>;
  requireClaims: ClaimRequirements | undefined;
  /** Spans, metrics and log lines: the `telemetry` option, when given. */
  telemetry: SessionTelemetry | undefined;
  /** The app's logger (or the console), redacted. */
  log: ResolvedLogger;
  webhook:
    | {
        secret: string;
        onEvent: (event: WebhookEvent) => void | Promise<void>;
        /** Each event's state (in progress, done); `undefined`: every delivery is handled. */
        events: WebhookEventLedger | undefined;
      }
    | undefined;
}

const positiveInteger = (
  value: number | undefined,
  name: string,
  fallback: number,
  max = Infinity,
) => {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1 || value > max)
    throw configurationError(
      `${name} must be an integer from 1${max === Infinity ? "" : ` to ${max}`}.`,
    );
  return value;
};

/** A policy ID option, in the rule the service applies to `policy_id` when a verification is created. */
function checkPolicyId(policyId: string): void {
  const result = createVerificationBody.shape.policy_id.safeParse(policyId);
  if (!result.success)
    throw configurationError(
      `policyId ${describeFirstIssue(result.error, { root: "policyId" }).rule}.`,
    );
}

/** Rewords the server client's configuration errors as this package's, keeping their codes. */
function serverClient(config: CredportSessionConfig): Credport {
  if (config.credport) return config.credport;
  try {
    return new Credport({
      secretKey: config.secretKey,
      baseUrl: config.baseUrl,
      telemetry: config.telemetry,
    });
  } catch (error) {
    if (!(error instanceof CredportConfigurationError)) throw error;
    throw configurationError(error.message.replace(/^credport: /, ""), error.code);
  }
}

/** The pinned key set (the option, or CREDPORT_JWKS), checked now; `undefined` when none. */
function pinnedJwks(option: JsonWebKeySet | string | undefined): JsonWebKeySet | undefined {
  const fromEnv = readEnv("CREDPORT_JWKS");
  if (option === undefined && !fromEnv) return undefined;
  try {
    return option === undefined ? parseJwks(fromEnv, "CREDPORT_JWKS") : parseJwks(option, "jwks");
  } catch (error) {
    if (!(error instanceof CredportConfigurationError)) throw error;
    throw configurationError(error.message.replace(/^credport: /, ""), error.code);
  }
}

/**
 * The state store: the one given, else Redis (option or CREDPORT_REDIS_URL), else memory. In
 * memory, rate-limit counters get a store of their own. In a given or Redis store, counters are
 * scoped to the app (its sealing secret), so that apps sharing one Redis and prefix count apart.
 */
function stateStores(
  config: CredportSessionConfig,
  label: string,
  log: ResolvedLogger,
): {
  stateStore: StateStore;
  rateLimitStore: StateStore;
} {
  // Derived only where counters share a store with other apps (a given store, or Redis).
  const scope = () => appScope(sessionSecrets(config.sessionSecret)[0]!);
  if (config.stateStore) {
    const store = checkStateStore(config.stateStore, label);
    return { stateStore: store, rateLimitStore: scopedStateStore(store, scope()) };
  }
  const url = config.redis?.url ?? readEnv("CREDPORT_REDIS_URL");
  if (config.redis?.client || url) {
    const prefix =
      config.redis?.prefix ??
      readEnv("CREDPORT_REDIS_PREFIX") ??
      config.projectId ??
      readEnv("CREDPORT_PROJECT_ID") ??
      "default";
    if (!/^[A-Za-z0-9_.-]{1,64}$/.test(prefix))
      throw configurationError("redis.prefix must be 1 to 64 letters, digits, '_', '.' or '-'.");
    const timeoutMs = positiveInteger(config.redis?.timeoutMs, "redis.timeoutMs", 500, 60_000);
    const store = lazyRedisStateStore({ ...config.redis, url, prefix, timeoutMs }, log);
    return { stateStore: store, rateLimitStore: scopedStateStore(store, scope()) };
  }
  warnIfMemoryInProduction(label, config.singleInstance, log);
  return { stateStore: createMemoryStateStore(), rateLimitStore: createMemoryStateStore() };
}

const DEFAULT_PER_ADDRESS = { limit: 10, windowSeconds: 60 };
const DEFAULT_PER_BROWSER = { limit: 5, windowSeconds: 60 };

/** The rate limit on starting verifications, checked; `undefined` when turned off. */
function rateLimitRules(config: CredportSessionConfig): ResolvedRateLimit | undefined {
  const trust = config.trustProxy ?? false;
  if (trust !== true && trust !== false && !(Number.isInteger(trust) && trust >= 0 && trust <= 10))
    throw configurationError("trustProxy must be true, false or the number of proxies (0 to 10).");
  if (config.rateLimit === false) return undefined;
  const options = config.rateLimit ?? {};
  const rule = (
    value: { limit: number; windowSeconds?: number | undefined } | false | undefined,
    name: string,
    fallback: { limit: number; windowSeconds: number },
  ) =>
    value === false
      ? undefined
      : value === undefined
        ? fallback
        : {
            limit: positiveInteger(value.limit, `rateLimit.${name}.limit`, fallback.limit),
            windowSeconds: positiveInteger(
              value.windowSeconds,
              `rateLimit.${name}.windowSeconds`,
              fallback.windowSeconds,
              86_400,
            ),
          };
  const ipv6PrefixLength = options.ipv6PrefixLength ?? DEFAULT_IPV6_PREFIX_LENGTH;
  if (!Number.isInteger(ipv6PrefixLength) || ipv6PrefixLength < 32 || ipv6PrefixLength > 128)
    throw configurationError(
      "rateLimit.ipv6PrefixLength must be an integer from 32 to 128 (64 counts one home's /64; 56 for providers that hand out /56).",
    );
  const failure = options.onStoreFailure ?? "open";
  if (failure !== "open" && failure !== "closed")
    throw configurationError('rateLimit.onStoreFailure must be "open" or "closed".');
  return {
    perAddress: rule(options.perAddress, "perAddress", DEFAULT_PER_ADDRESS),
    perBrowser: rule(options.perBrowser, "perBrowser", DEFAULT_PER_BROWSER),
    failOpen: failure === "open",
    trustProxy: trust === true ? 1 : trust === false ? 0 : trust,
    ipv6PrefixLength,
  };
}

/** Options renamed in 0.x: under the old name they would be ignored without a word. */
const RENAMED_OPTIONS: Record<string, string> = {
  resolvePolicy: "getPolicyId",
  resolveMetadata: "getMetadata",
};

/** Every option checked and defaulted, or a CredportConfigurationError saying what to set. */
export function resolveConfig(
  config: CredportSessionConfig,
  label = SESSION_LABEL,
): ResolvedConfig {
  for (const [old, renamed] of Object.entries(RENAMED_OPTIONS))
    if (Object.hasOwn(config, old))
      throw configurationError(`${old} is now ${renamed}: rename the option.`);
  if (!config.policyId && !config.getPolicyId) {
    throw configurationError(
      "set policyId or getPolicyId: the server decides what a verification asks for.",
    );
  }
  if (!config.getPolicyId && config.policyId !== undefined) checkPolicyId(config.policyId);
  if (config.logger !== undefined && !isCredportLogger(config.logger))
    throw configurationError("logger must have debug, warn and error functions (console fits).");
  if (config.telemetry !== undefined && !isSessionTelemetry(config.telemetry))
    throw configurationError(
      "telemetry must be made by createTelemetry from @credport/session/telemetry.",
    );
  const keyring = sessionKeyring(config.sessionSecret);
  const credport = serverClient(config);
  const jwks = pinnedJwks(config.jwks);
  const secretKey = config.secretKey ?? readEnv("CREDPORT_SECRET_KEY");
  const baseUrl = config.baseUrl ?? readEnv("CREDPORT_BASE_URL");
  if (!baseUrl)
    throw configurationError(
      "no base URL. Pass { baseUrl } or set CREDPORT_BASE_URL.",
      "missing_base_url",
    );

  const log = resolveLogger(config.logger);
  const stores = stateStores(config, label, log);

  let webhook: ResolvedConfig["webhook"];
  if (config.webhook) {
    const secret = config.webhook.secret ?? readEnv("CREDPORT_WEBHOOK_SECRET");
    if (!secret)
      throw configurationError(
        "webhook is configured without a secret. Set CREDPORT_WEBHOOK_SECRET (or webhook.secret) to the endpoint's whsec_… secret.",
        "missing_webhook_secret",
      );
    if (!WEBHOOK_SECRET_PATTERN.test(secret))
      throw configurationError(
        "the webhook secret must be the endpoint's whsec_ secret: whsec_ and at least 24 letters or digits, no whitespace.",
        "webhook_secret_invalid",
      );
    webhook = {
      secret,
      onEvent: config.webhook.onEvent,
      events:
        config.webhook.eventStore === false
          ? undefined
          : webhookEventLedger(config.webhook.eventStore ?? stores.stateStore, {
              secret,
              doneSeconds: DEFAULT_WEBHOOK_EVENT_TTL_SECONDS,
            }),
    };
  }

  return {
    label,
    basePath: (config.basePath ?? "/api/credport").replace(/\/+$/, ""),
    sessionMode: config.sessionMode ?? "library",
    keepClaims: config.keepClaims ?? [],
    sessionMaxAgeSeconds: positiveInteger(
      config.sessionMaxAgeSeconds,
      "sessionMaxAgeSeconds",
      12 * 60 * 60,
    ),
    maxPendingVerifications: positiveInteger(
      config.maxPendingVerifications,
      "maxPendingVerifications",
      5,
      20,
    ),
    secureCookies: config.secureCookies ?? defaultSecureCookies(),
    allowedOrigins: parseAllowedOrigins(config.allowedOrigins),
    keyring,
    ...stores,
    rateLimit: rateLimitRules(config),
    credport,
    resultCheck: {
      credport,
      baseUrl,
      projectId: config.projectId ?? readEnv("CREDPORT_PROJECT_ID"),
      jwks,
      environment: secretKey?.startsWith("sk_test_")
        ? "test"
        : secretKey?.startsWith("sk_live_")
          ? "live"
          : undefined,
    },
    policyFor: async (request) =>
      config.getPolicyId ? config.getPolicyId(request) : config.policyId!,
    bindsUsers: config.getUserRef !== undefined,
    userRefFor: async (request) => (await config.getUserRef?.(request)) || undefined,
    metadataFor: async (request) => (await config.getMetadata?.(request)) ?? undefined,
    requireClaims: config.requireClaims,
    telemetry: config.telemetry,
    log,
    webhook,
  };
}
