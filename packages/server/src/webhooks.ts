import {
  CredportConfigurationError,
  type CredportErrorCode,
  CredportSignatureVerificationError,
  hmacSha256Hex,
  parseWebhookSignature,
  readEnv,
  webhookSignedContent,
} from "@credport/core";
import type { WebhookEventWire } from "@credport/core/contract";
import { BODY_TOO_LARGE, readBodyCapped } from "@credport/core/pipeline";
import { loadContract } from "./contract.js";
import type { StateStore } from "./state/state-store.js";
import type { Verification } from "./types.js";
import { type WebhookEventStore, webhookEventStoreOver } from "./webhook-event-store.js";
import { fromWire } from "./wire.js";

// Signs the way the service does (one implementation, in core): for tests of webhook receivers.
export { signWebhookPayload } from "@credport/core";

export const WEBHOOK_SIGNATURE_HEADER = "Webhook-Signature";
export const DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 300;
/**
 * How long an event ID is remembered: 72 hours, because the service retries a failed delivery of
 * the same event (same ID, fresh signature) for about three days.
 */
export const DEFAULT_WEBHOOK_EVENT_TTL_SECONDS = 72 * 60 * 60;
/** The largest webhook body read from a `Request` by default: 1 MiB (events are a few KB). */
export const DEFAULT_WEBHOOK_MAX_BODY_BYTES = 1_048_576;

/** An issuance event: `data.object` is the issuance session. */
export type IssuanceWebhookEvent = Extract<WebhookEventWire, { type: `issuance.${string}` }>;

/** A verification event: `data.object` is the verification, in camelCase like the rest of the client. */
export type VerificationWebhookEvent = Omit<
  Extract<WebhookEventWire, { type: `verification.${string}` }>,
  "data"
> & { data: { object: Verification } };

/**
 * A verified webhook event, discriminated on `type`: `event.type === "verification.verified"`
 * narrows `event.data.object` to a `Verification`. An event of a type this version does not know
 * is passed through as it came: handle the types you need and ignore the rest (`default:`).
 */
export type WebhookEvent = IssuanceWebhookEvent | VerificationWebhookEvent;

export interface WebhookVerifyOptions {
  /** The endpoint's webhook secret (`whsec_…`). Defaults to `CREDPORT_WEBHOOK_SECRET`. */
  secret?: string | undefined;
  /** Accepted clock difference, both ways. Default 300 s. */
  toleranceSeconds?: number | undefined;
  /** For tests: the current time in unix seconds. */
  now?: number | undefined;
  /**
   * Remembers event IDs (for `eventTtlSeconds`, 72 h by default) and refuses one already seen
   * (code `webhook_event_replayed`): a replay, or a retry of an event already handled. Without it
   * (or `eventStore`), every correctly signed delivery is returned, and your handler must be
   * idempotent. On a fleet, use a shared store (`createRedisStateStore` from
   * `@credport/server/redis`). A store that is unreachable throws (code
   * `state_store_unavailable`): answer 5xx, and the service delivers again. IDs are kept per
   * endpoint (scoped by a hash of its secret), so apps sharing one store each see their events.
   */
  stateStore?: StateStore | undefined;
  /** @deprecated Use `stateStore`. Remembers event IDs the same way. */
  eventStore?: WebhookEventStore | undefined;
  /** How long an event ID is remembered. Default 72 h: the service's retry period. */
  eventTtlSeconds?: number | undefined;
  /**
   * The largest body read from a `Request`, in bytes. Default 1 MiB. A larger body (by its
   * `Content-Length`, or counted as it streams in) is not read further: the stream is cancelled
   * and `CredportSignatureVerificationError` (`webhook_body_too_large`) names the cap. The
   * signature header is checked before any of the body is read.
   */
  maxBodyBytes?: number | undefined;
}

/** The raw body and the `Webhook-Signature` header, or a Fetch `Request` to read them from. */
export type WebhookInput =
  | Request
  | { payload: string | Uint8Array; signature: string | null | undefined };

const fail = (code: CredportErrorCode, message: string, details?: Record<string, unknown>) =>
  new CredportSignatureVerificationError(`credport: ${message}`, { code, details });

/**
 * Verifies a webhook's `Webhook-Signature` (`t=…,v1=…`, HMAC-SHA256 over `"<t>.<raw body>"`) with
 * Web Crypto, in constant time, accepting any of several `v1` signatures (secret rotation), and
 * returns the parsed event.
 *
 * Given a `Request`, the `Webhook-Signature` header is checked first (missing, malformed or out of
 * tolerance: refused before any of the body is read), then the body is read as a stream up to
 * `maxBodyBytes` (1 MiB by default; `Content-Length` first).
 *
 * @example
 * export async function POST(request: Request) {
 *   const event = await verifyWebhook(request, { maxBodyBytes: 256 * 1024 });
 *   if (event.type === "verification.verified") await unlock(event.data.object.id);
 *   return new Response(null, { status: 204 });
 * }
 */
export async function verifyWebhook(
  input: WebhookInput,
  options: WebhookVerifyOptions = {},
): Promise<WebhookEvent> {
  const secret = options.secret ?? readEnv("CREDPORT_WEBHOOK_SECRET");
  if (typeof secret !== "string" || secret === "") {
    throw new CredportConfigurationError(
      "credport: webhooks.verify needs the webhook secret (options.secret or CREDPORT_WEBHOOK_SECRET).",
      { code: "missing_webhook_secret" },
    );
  }
  if (secret.trim() !== secret) {
    throw new CredportConfigurationError(
      "credport: the webhook secret has leading or trailing whitespace; remove it (often a newline from an env file).",
      { code: "webhook_secret_invalid" },
    );
  }
  if (!secret.startsWith("whsec_")) {
    throw new CredportConfigurationError(
      "credport: the webhook secret must start with whsec_; did you pass an API key instead?",
      { code: "webhook_secret_invalid" },
    );
  }
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_WEBHOOK_MAX_BODY_BYTES;
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 1)
    throw new CredportConfigurationError(
      "credport: maxBodyBytes must be a positive integer (bytes).",
      { code: "invalid_option" },
    );
  const request = typeof Request !== "undefined" && input instanceof Request ? input : undefined;
  // Everything that needs no body is checked before a byte of it is read: anyone can post here.
  const signature = request
    ? request.headers.get(WEBHOOK_SIGNATURE_HEADER)
    : (input as { signature: string | null | undefined }).signature;
  const rawPayload = request ? undefined : payloadOf(input as { payload: unknown });
  if (!signature)
    throw fail(
      "webhook_signature_missing",
      `no ${WEBHOOK_SIGNATURE_HEADER} header on this request.`,
    );

  const header = parseWebhookSignature(signature);
  if (!header) {
    throw fail(
      "webhook_signature_malformed",
      `the ${WEBHOOK_SIGNATURE_HEADER} header is not of the form t=<seconds>,v1=<hex>.`,
    );
  }
  const { timestamp, signatures: candidates } = header;
  const tolerance = options.toleranceSeconds ?? DEFAULT_WEBHOOK_TOLERANCE_SECONDS;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > tolerance) {
    throw fail(
      "webhook_timestamp_out_of_tolerance",
      `the signature timestamp is more than ${tolerance} s away from now; check the server clock or a replayed request.`,
    );
  }
  const payload = rawPayload ?? (await readBodyCapped(request!, maxBodyBytes));
  if (payload === BODY_TOO_LARGE)
    throw fail(
      "webhook_body_too_large",
      `the webhook body exceeds maxBodyBytes (${maxBodyBytes} bytes), unread past it; raise maxBodyBytes for larger events.`,
      { maxBodyBytes },
    );

  const expected = await hmacSha256Hex(secret, webhookSignedContent(timestamp, payload));
  if (!candidates.some((candidate) => constantTimeEqual(candidate, expected))) {
    throw fail(
      "webhook_signature_mismatch",
      "no signature matches. Pass the raw request body exactly as received (not parsed and re-serialised JSON), and the secret of this endpoint.",
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    throw fail("webhook_payload_invalid", "the signed payload is not JSON.");
  }
  const event = toEvent(parsed, await loadContract());
  const eventStore =
    options.eventStore ??
    (options.stateStore && webhookEventStoreOver(options.stateStore, { secret }));
  if (eventStore) {
    if (typeof event?.id !== "string" || event.id === "")
      throw fail("webhook_payload_invalid", "the signed event has no id.");
    const ttl = options.eventTtlSeconds ?? DEFAULT_WEBHOOK_EVENT_TTL_SECONDS;
    if (!(await eventStore.remember(event.id, ttl))) {
      throw fail(
        "webhook_event_replayed",
        "this event was already received; acknowledge it without handling it again.",
      );
    }
  }
  return event;
}

/** Known types are checked against the contract and given in camelCase; others pass as they came. */
function toEvent(
  parsed: unknown,
  {
    describeFirstIssue,
    ISSUANCE_EVENT_TYPES,
    issuanceEvent,
    VERIFICATION_EVENT_TYPES,
    verificationEvent,
  }: Awaited<ReturnType<typeof loadContract>>,
): WebhookEvent {
  const type = (parsed as { type?: unknown } | null)?.type;
  const schema = (ISSUANCE_EVENT_TYPES as readonly unknown[]).includes(type)
    ? issuanceEvent
    : (VERIFICATION_EVENT_TYPES as readonly unknown[]).includes(type)
      ? verificationEvent
      : undefined;
  if (!schema) return parsed as WebhookEvent;
  const result = schema.safeParse(parsed, { reportInput: true });
  if (!result.success) {
    const { message } = describeFirstIssue(result.error, { root: "event", wording: "shape" });
    throw fail(
      "webhook_payload_invalid",
      `the signed ${String(type)} event breaks the API contract (${message}).`,
    );
  }
  const event = parsed as WebhookEventWire;
  if (schema === verificationEvent) {
    const { data } = event as Extract<WebhookEventWire, { type: `verification.${string}` }>;
    return { ...event, data: { object: fromWire(data.object) } } as VerificationWebhookEvent;
  }
  return event as IssuanceWebhookEvent;
}

/** The raw body given beside the signature, as text; a parsed body is refused. */
function payloadOf({ payload }: { payload: unknown }): string {
  if (typeof payload === "string") return payload;
  if (payload instanceof Uint8Array) return new TextDecoder().decode(payload);
  throw fail(
    "webhook_payload_not_raw",
    "the payload must be the raw body (string or bytes). It looks parsed: read the body as text before any JSON parsing.",
  );
}

function constantTimeEqual(a: string, b: string): boolean {
  // Both are hex digests of one fixed length; only the content must not leak through timing.
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
