import {
  createVerificationBody,
  describeFirstIssue,
  WEBHOOK_SECRET_PATTERN,
} from "@credport/core/contract";
import {
  Credport,
  CredportConfigurationError,
  createMemoryWebhookEventStore,
  type JsonWebKeySet,
  parseJwks,
  type WebhookEvent,
  type WebhookEventStore,
} from "@credport/server";
import type { Keyring } from "../cookies/keyring.js";
import { parseAllowedOrigins } from "../request/same-origin.js";
import { createMemoryStateStore, type StateStore } from "../state-store.js";
import type { ClaimRequirements } from "../verification/claim-requirements.js";
import type { ResultCheck } from "../verification/signed-result.js";
import { configurationError, defaultSecureCookies, readEnv } from "./environment.js";
import type { CredportNextConfig } from "./next-config.js";
import { sessionKeyring } from "./session-secrets.js";

export interface ResolvedConfig {
  basePath: string;
  sessionMode: "library" | "manual";
  keepClaims: string[];
  sessionMaxAgeSeconds: number;
  maxPendingVerifications: number;
  secureCookies: boolean;
  allowedOrigins: Set<string> | undefined;
  keyring: Keyring;
  stateStore: StateStore;
  credport: Credport;
  resultCheck: ResultCheck;
  policyFor(request: Request): Promise<string>;
  /** Whether verifications and sessions are bound to the app's users (getUserRef set). */
  bindsUsers: boolean;
  userRefFor(request: Request): Promise<string | undefined>;
  metadataFor(request: Request): Promise<Record<string, string> | undefined>;
  requireClaims: ClaimRequirements | undefined;
  webhook:
    | {
        secret: string;
        onEvent: (event: WebhookEvent) => void | Promise<void>;
        eventStore: WebhookEventStore | undefined;
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
function serverClient(config: CredportNextConfig): Credport {
  if (config.credport) return config.credport;
  try {
    return new Credport({ secretKey: config.secretKey, baseUrl: config.baseUrl });
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

/** Every option checked and defaulted, or a CredportConfigurationError saying what to set. */
export function resolveConfig(config: CredportNextConfig): ResolvedConfig {
  if (!config.policyId && !config.resolvePolicy) {
    throw configurationError(
      "set policyId or resolvePolicy: the server decides what a verification asks for.",
    );
  }
  if (!config.resolvePolicy && config.policyId !== undefined) checkPolicyId(config.policyId);
  const keyring = sessionKeyring(config.sessionSecret);
  const credport = serverClient(config);
  const jwks = pinnedJwks(config.jwks);
  const secretKey = config.secretKey ?? readEnv("CREDPORT_SECRET_KEY");
  const baseUrl = config.baseUrl ?? readEnv("CREDPORT_BASE_URL");
  if (!baseUrl)
    throw configurationError(
      "no base URL. Pass { baseUrl } or set CREDPORT_BASE_URL.",
      "MISSING_BASE_URL",
    );

  let webhook: ResolvedConfig["webhook"];
  if (config.webhook) {
    const secret = config.webhook.secret ?? readEnv("CREDPORT_WEBHOOK_SECRET");
    if (!secret)
      throw configurationError(
        "webhook is configured without a secret. Set CREDPORT_WEBHOOK_SECRET (or webhook.secret) to the endpoint's whsec_… secret.",
        "MISSING_WEBHOOK_SECRET",
      );
    if (!WEBHOOK_SECRET_PATTERN.test(secret))
      throw configurationError(
        "the webhook secret must be the endpoint's whsec_ secret: whsec_ and at least 24 letters or digits, no whitespace.",
      );
    webhook = {
      secret,
      onEvent: config.webhook.onEvent,
      eventStore:
        config.webhook.eventStore === false
          ? undefined
          : (config.webhook.eventStore ?? createMemoryWebhookEventStore()),
    };
  }

  return {
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
    stateStore: config.stateStore ?? createMemoryStateStore(),
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
      config.resolvePolicy ? config.resolvePolicy(request) : config.policyId!,
    bindsUsers: config.getUserRef !== undefined,
    userRefFor: async (request) => (await config.getUserRef?.(request)) || undefined,
    metadataFor: async (request) => (await config.resolveMetadata?.(request)) ?? undefined,
    requireClaims: config.requireClaims,
    webhook,
  };
}
