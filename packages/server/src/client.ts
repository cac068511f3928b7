import {
  type BackoffOptions,
  CredportConfigurationError,
  normalizeServerBaseUrl,
  parseSecretKey,
  readEnv,
  requireSecureTransport,
} from "@credport/core";
import {
  type ClientTelemetry,
  createRequestPipeline,
  isClientTelemetry,
  type RequestPipeline,
} from "@credport/core/pipeline";
import { debugLines } from "./debug-lines.js";
import { CredentialDefinitions } from "./resources/credential-definitions.js";
import { Issuance } from "./resources/issuance.js";
import { Policies } from "./resources/policies.js";
import { Verifications } from "./resources/verifications.js";
import { VERSION } from "./version.js";
import { verifyWebhook, type WebhookInput, type WebhookVerifyOptions } from "./webhooks.js";

export interface CredportOptions {
  /** `sk_test_…` or `sk_live_…`. Defaults to `CREDPORT_SECRET_KEY`. */
  secretKey?: string | undefined;
  /**
   * The service's base URL, without `/v1` (every path starts with it). Defaults to
   * `CREDPORT_BASE_URL`; there is no hosted default. With a live key (`sk_live_…`) it must be
   * `https`, or plain `http` to this machine only (`localhost`, `*.localhost`, 127.0.0.0/8,
   * `[::1]`): anything else throws `CredportConfigurationError` (`insecure_base_url`).
   */
  baseUrl?: string | undefined;
  /** Per-attempt timeout, reading the body included. Default 30,000 ms. */
  timeoutMs?: number | undefined;
  /** Retries after the first attempt, for network errors, timeouts, 408, 429 and 5xx. Default 2. */
  maxRetries?: number | undefined;
  /** Backoff between retries: 500 ms doubling to a 5,000 ms cap, with jitter. */
  backoff?: BackoffOptions | undefined;
  /**
   * The largest response body the client reads, in bytes; a larger one fails the call with a
   * `CredportInvalidResponseError` (`response_too_large`) without being read. Default 4 MiB.
   */
  maxResponseBytes?: number | undefined;
  /** A Fetch implementation; defaults to the global one, looked up at the first request. */
  fetch?: typeof fetch | undefined;
  /**
   * Spans, the `http.client.request.duration` metric and request/response log lines: pass
   * `createTelemetry({ tracerProvider: trace, meterProvider: metrics, logger })` from
   * `@credport/server/telemetry` (see the README's "Tracing" and "Logging"). Without it, the client
   * carries no tracing code, loads no OpenTelemetry, and writes request/response lines only with
   * `CREDPORT_DEBUG=1` (to the console).
   */
  telemetry?: ClientTelemetry | undefined;
}

/**
 * The Credport server client, for Node backends and edge runtimes. Holds a secret key: never use
 * it in a browser.
 *
 * @example
 * const credport = new Credport({ secretKey: process.env.CREDPORT_SECRET_KEY, baseUrl: "https://…" });
 * const offer = await credport.issuance.createOffer({ credentialDefinitionId: "badge", claims: { name: "Ada" } });
 */
export class Credport {
  /** The service's base URL, as given (checked): where requests go, and signed results' issuer. */
  readonly baseUrl: string;
  readonly credentialDefinitions: CredentialDefinitions;
  readonly issuance: Issuance;
  readonly policies: Policies;
  readonly verifications: Verifications;
  readonly webhooks = {
    /**
     * Verifies a webhook request (or raw payload + signature) and returns the typed event. A
     * `Request`'s signature header is checked before its body is read, and the body is capped at
     * `maxBodyBytes` (1 MiB by default): see {@link verifyWebhook}.
     */
    verify: (input: WebhookInput, options: WebhookVerifyOptions = {}) =>
      verifyWebhook(input, options),
  };

  constructor(options: CredportOptions = {}) {
    const secretKey = options.secretKey ?? readEnv("CREDPORT_SECRET_KEY");
    if (secretKey === undefined || secretKey === "") {
      throw new CredportConfigurationError(
        "credport: no secret key. Pass { secretKey } or set CREDPORT_SECRET_KEY (sk_test_… or sk_live_…).",
        { code: "missing_api_key" },
      );
    }
    // Messages name where a wrong value came from: the option, or the variable it defaulted to.
    const { environment } = parseSecretKey(
      secretKey,
      options.secretKey === undefined ? "CREDPORT_SECRET_KEY" : "secretKey",
    );
    const baseUrl = options.baseUrl ?? readEnv("CREDPORT_BASE_URL");
    if (baseUrl === undefined || baseUrl === "") {
      throw new CredportConfigurationError(
        "credport: no base URL. Pass { baseUrl } or set CREDPORT_BASE_URL.",
        {
          code: "missing_base_url",
        },
      );
    }
    for (const [name, value, min] of [
      ["timeoutMs", options.timeoutMs, 0],
      ["maxRetries", options.maxRetries, 0],
      ["maxResponseBytes", options.maxResponseBytes, 1],
    ] as const) {
      if (value !== undefined && (!Number.isInteger(value) || value < min)) {
        throw new CredportConfigurationError(
          `credport: ${name} must be ${min ? "a positive" : "a non-negative"} integer.`,
          { code: "invalid_option" },
        );
      }
    }
    const serviceUrl = normalizeServerBaseUrl(
      baseUrl,
      options.baseUrl === undefined ? "CREDPORT_BASE_URL" : "baseUrl",
    );
    // A test key over plain http stays allowed (a shared staging emulator); pin the key set there.
    if (environment === "live")
      requireSecureTransport(serviceUrl, "a live secret key (sk_live_…) would be sent");
    if (options.telemetry !== undefined && !isClientTelemetry(options.telemetry)) {
      throw new CredportConfigurationError(
        "credport: telemetry: pass createTelemetry(…) from @credport/server/telemetry.",
        { code: "invalid_option" },
      );
    }
    const pipeline: RequestPipeline = createRequestPipeline({
      baseUrl: serviceUrl,
      headers: { "x-service-key": secretKey, "user-agent": userAgent() },
      timeoutMs: options.timeoutMs,
      maxRetries: options.maxRetries,
      backoff: options.backoff,
      maxResponseBytes: options.maxResponseBytes,
      fetch: options.fetch,
      observe: options.telemetry?.observeClient(serviceUrl) ?? debugLines(),
    });
    this.credentialDefinitions = new CredentialDefinitions(pipeline);
    this.issuance = new Issuance(pipeline);
    this.policies = new Policies(pipeline);
    this.verifications = new Verifications(pipeline);
    this.baseUrl = serviceUrl;
  }
}

function userAgent(): string {
  const node = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions
    ?.node;
  const runtime = node
    ? `node/${node}`
    : typeof (globalThis as { EdgeRuntime?: unknown }).EdgeRuntime === "string"
      ? "edge"
      : "js";
  return `credport-server/${VERSION} ${runtime}`;
}
