import { createHmac } from "node:crypto";
import type { LookupFunction } from "node:net";
import { formatWebhookSignature, webhookSignedContent } from "@credport/core";
import { Emitter } from "./infrastructure/emitter.js";
import { ModelError } from "./infrastructure/errors.js";
import { newId } from "./infrastructure/ids.js";
import { DEFAULT_MODEL_LIMITS } from "./infrastructure/limits.js";
import type { WebhookAttemptNotice } from "./infrastructure/notices.js";
import type { Keys, Tenant } from "./keys.js";
import type { WebhookEndpoint, WebhookEventRecord } from "./records/webhook-records.js";
import { checkWebhookUrl } from "./webhook-address.js";
import { WebhookDeliveryLog } from "./webhook-deliveries.js";
import { postWebhook, RefusedTarget } from "./webhook-post.js";

/** Delivery attempts per event and the pause before each retry. */
const RETRY_DELAYS_MS = [0, 250, 1000, 4000];
/** A receiver that has not answered by then counts as failed, so that no delivery lingers. */
const ATTEMPT_TIMEOUT_MS = 10_000;

/** How webhooks leave the model: an injected fetch, or node:http with the address rules. */
export interface WebhookTransport {
  /** A fetch of the caller's (tests, msw): used as given, with `redirect: "manual"`. */
  fetch?: typeof fetch;
  /** Deliver to link-local and metadata addresses too (refused by default). */
  allowLinkLocal: boolean;
  /** Resolves endpoint host names for node:http deliveries; default `dns.lookup`. */
  lookup?: LookupFunction;
}

export interface WebhookLimits {
  /** Events kept in `events` (the oldest is dropped first). */
  webhookEvents: number;
  /** Deliveries under way at once; an event emitted beyond is recorded, not delivered. */
  webhookDeliveries: number;
  /** Registered endpoints. */
  webhookEndpoints: number;
}

/**
 * The `Webhook-Signature` header the emulator sends: `t=<unix seconds>,v1=<hex
 * HMAC-SHA256(secret, "<t>.<raw body>")>`. Same options as `@credport/server`'s async
 * `signWebhookPayload`; synchronous (Node's crypto), hence its own name.
 */
export function signWebhookPayloadSync(
  payload: string,
  options: { secret: string; timestamp?: number },
): string {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  // The format is core's (shared with @credport/server); only the HMAC is Node's, because
  // `emit` records each event's signature synchronously and this export is synchronous.
  const v1 = createHmac("sha256", options.secret)
    .update(webhookSignedContent(timestamp, payload))
    .digest("hex");
  return formatWebhookSignature(timestamp, v1);
}

const sameTenantOf = (a: Tenant, b: Tenant) =>
  a.projectId === b.projectId && a.environment === b.environment;

export class Webhooks {
  /** Every event emitted, newest last, at most `limits.webhookEvents` of them. */
  readonly events: WebhookEventRecord[] = [];
  readonly endpoints: WebhookEndpoint[] = [];
  private readonly deliveries = new Set<Promise<void>>();
  private readonly activity = new Emitter();
  private readonly deliveryLog = new WebhookDeliveryLog(() => this.changed());

  constructor(
    private readonly clock: { now(): number },
    private readonly keys: Keys,
    private readonly transport: WebhookTransport,
    private readonly limits: WebhookLimits = DEFAULT_MODEL_LIMITS,
    private readonly onAttempt: (notice: WebhookAttemptNotice) => void = () => {},
  ) {}

  emit(tenant: Tenant, type: string, object: unknown): void {
    const created = Math.floor(this.clock.now() / 1000);
    const event = {
      id: newId("evt"),
      object: "event" as const,
      type,
      created,
      livemode: tenant.environment === "live",
      data: { object },
    };
    const payload = JSON.stringify(event);
    const record = { tenant, event, payload, signature: this.sign(tenant, payload) };
    this.events.push(record);
    while (this.events.length > this.limits.webhookEvents) this.events.shift();
    this.changed();
    for (const endpoint of this.endpoints) {
      if (
        endpoint.tenant.projectId === tenant.projectId &&
        endpoint.tenant.environment === tenant.environment
      ) {
        this.deliver(endpoint, record);
      }
    }
  }

  /**
   * Signed with the real time, not the model's clock: receivers check the timestamp against their
   * own clock, and tests may have moved the model's forward.
   */
  private sign(tenant: Tenant, payload: string): string {
    const secret = this.keys.webhookSecret(tenant);
    return secret ? signWebhookPayloadSync(payload, { secret }) : "";
  }

  /**
   * Delivers this tenant's events to `url`; beyond `limits.webhookEndpoints` it is 400
   * limit_exceeded, and a link-local or metadata address (unless allowed) 400 naming `url`.
   */
  register(tenant: Tenant, url: string, options: { forwarded?: boolean } = {}): WebhookEndpoint {
    if (this.endpoints.length >= this.limits.webhookEndpoints) throw this.tooManyEndpoints();
    if (!this.transport.allowLinkLocal) checkWebhookUrl(url);
    const endpoint: WebhookEndpoint = {
      id: newId("we"),
      tenant,
      url,
      ...(options.forwarded ? { forwarded: true as const } : {}),
    };
    this.endpoints.push(endpoint);
    return endpoint;
  }

  /** Stops deliveries to an endpoint (those under way finish); `false` when there is none. */
  unregister(id: string): boolean {
    const at = this.endpoints.findIndex((endpoint) => endpoint.id === id);
    if (at === -1) return false;
    this.endpoints.splice(at, 1);
    this.changed();
    return true;
  }

  /**
   * Puts back endpoints and recorded events saved by the emulator's data file, within the same caps
   * as {@link emit} and {@link register}: the newest `limits.webhookEvents` events are kept, and more
   * endpoints than `limits.webhookEndpoints` is `limit_exceeded` before anything is put back.
   */
  restore(endpoints: readonly WebhookEndpoint[], events: readonly WebhookEventRecord[]): void {
    if (this.endpoints.length + endpoints.length > this.limits.webhookEndpoints)
      throw this.tooManyEndpoints();
    for (const endpoint of endpoints) this.endpoints.push({ ...endpoint });
    for (const { tenant, event, payload, signature } of events.slice(-this.limits.webhookEvents))
      this.events.push({ tenant, event, payload, signature });
    while (this.events.length > this.limits.webhookEvents) this.events.shift();
  }

  /** Delivers a recorded event again to every endpoint of its tenant (the dashboard's resend). */
  resend(eventId: string): WebhookEventRecord | undefined {
    const record = this.events.find((r) => r.event.id === eventId);
    if (!record) return undefined;
    for (const endpoint of this.endpoints)
      if (sameTenantOf(endpoint.tenant, record.tenant)) this.deliver(endpoint, record);
    return record;
  }

  /** Called after every emitted event and every delivery attempt (live views refresh on it). */
  onActivity(listener: () => void): () => void {
    return this.activity.subscribe(listener);
  }

  private tooManyEndpoints(): ModelError {
    const max = this.limits.webhookEndpoints;
    return new ModelError(
      400,
      "limit_exceeded",
      `webhooks: at most ${max} endpoints may be registered; reset the emulator to start over`,
      { limit: "webhookEndpoints", max },
    );
  }

  private changed(): void {
    this.activity.emit();
  }

  /** Resolves once every delivery under way has succeeded or used up its retries. */
  async flush(): Promise<void> {
    while (this.deliveries.size > 0) await Promise.all([...this.deliveries]);
  }

  /** One attempt: the receiver's status; a redirect is an answer, never followed. */
  private async post(url: string, record: WebhookEventRecord): Promise<number> {
    const headers = {
      "content-type": "application/json",
      "webhook-signature": this.sign(record.tenant, record.payload),
    };
    const signal = AbortSignal.timeout(ATTEMPT_TIMEOUT_MS);
    const { fetch: fetchImpl, allowLinkLocal, lookup } = this.transport;
    if (fetchImpl) {
      const response = await fetchImpl(url, {
        method: "POST",
        headers,
        body: record.payload,
        signal,
        redirect: "manual",
      });
      await response.body?.cancel();
      return response.status;
    }
    return postWebhook(url, {
      headers,
      body: record.payload,
      signal,
      allowLinkLocal,
      ...(lookup ? { lookup } : {}),
    });
  }

  private deliver(endpoint: WebhookEndpoint, record: WebhookEventRecord): void {
    const log = this.deliveryLog.start(record, endpoint);
    if (this.deliveries.size >= this.limits.webhookDeliveries) {
      log.attempt({
        error: `not sent: ${this.limits.webhookDeliveries} deliveries were under way (limits.webhookDeliveries)`,
      });
      log.finish("failed");
      return;
    }
    const attempt = async () => {
      for (const delay of RETRY_DELAYS_MS) {
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
        const started = performance.now();
        const told = (outcome: { status: number } | { error: string }) => {
          const ms = Math.round(performance.now() - started);
          log.attempt({ ...outcome, ms });
          this.onAttempt({
            kind: "webhook_attempt",
            eventId: record.event.id,
            eventType: record.event.type,
            url: endpoint.url,
            forwarded: endpoint.forwarded === true,
            ...outcome,
            ms,
          });
        };
        try {
          const status = await this.post(endpoint.url, record);
          told({ status });
          if (status >= 200 && status < 300) return log.finish("delivered");
        } catch (error) {
          told({ error: error instanceof Error ? error.message : String(error) });
          // A refused address stays refused: no retry.
          if (error instanceof RefusedTarget) break;
          // Otherwise unreachable: retried like a 5xx.
        }
      }
      log.finish("failed");
    };
    const delivery = attempt().finally(() => this.deliveries.delete(delivery));
    this.deliveries.add(delivery);
  }
}
