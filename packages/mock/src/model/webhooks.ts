import { createHmac } from "node:crypto";
import { ModelError } from "./errors.js";
import { newId } from "./ids.js";
import type { Keys, Tenant } from "./keys.js";
import { DEFAULT_MODEL_LIMITS } from "./limits.js";

export interface WebhookEventRecord {
  tenant: Tenant;
  event: {
    id: string;
    object: "event";
    type: string;
    created: number;
    livemode: boolean;
    data: { object: unknown };
  };
  /** The raw body exactly as delivered, and its `Webhook-Signature` header. */
  payload: string;
  signature: string;
}

export interface WebhookEndpoint {
  id: string;
  tenant: Tenant;
  url: string;
}

/** Delivery attempts per event and the pause before each retry. */
const RETRY_DELAYS_MS = [0, 250, 1000, 4000];
/** A receiver that has not answered by then counts as failed, so that no delivery lingers. */
const ATTEMPT_TIMEOUT_MS = 10_000;

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
  const v1 = createHmac("sha256", options.secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

export class Webhooks {
  /** Every event emitted, newest last, at most `limits.webhookEvents` of them. */
  readonly events: WebhookEventRecord[] = [];
  readonly endpoints: WebhookEndpoint[] = [];
  private readonly deliveries = new Set<Promise<void>>();

  constructor(
    private readonly clock: { now(): number },
    private readonly keys: Keys,
    private readonly fetchImpl: () => typeof fetch,
    private readonly limits: WebhookLimits = DEFAULT_MODEL_LIMITS,
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

  /** Delivers this tenant's events to `url`; beyond `limits.webhookEndpoints` it is 400 limit_exceeded. */
  register(tenant: Tenant, url: string): WebhookEndpoint {
    const max = this.limits.webhookEndpoints;
    if (this.endpoints.length >= max) {
      throw new ModelError(
        400,
        "limit_exceeded",
        `webhooks: at most ${max} endpoints may be registered; reset the emulator to start over`,
        { limit: "webhookEndpoints", max },
      );
    }
    const endpoint = { id: newId("we"), tenant, url };
    this.endpoints.push(endpoint);
    return endpoint;
  }

  /** Resolves once every delivery under way has succeeded or used up its retries. */
  async flush(): Promise<void> {
    while (this.deliveries.size > 0) await Promise.all([...this.deliveries]);
  }

  private deliver(endpoint: WebhookEndpoint, record: WebhookEventRecord): void {
    if (this.deliveries.size >= this.limits.webhookDeliveries) return;
    const attempt = async () => {
      for (const delay of RETRY_DELAYS_MS) {
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
        try {
          const response = await this.fetchImpl()(endpoint.url, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              "webhook-signature": this.sign(record.tenant, record.payload),
            },
            body: record.payload,
            signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
          });
          if (response.ok) return;
        } catch {
          // Unreachable endpoint: retried like a 5xx.
        }
      }
    };
    const delivery = attempt().finally(() => this.deliveries.delete(delivery));
    this.deliveries.add(delivery);
  }
}
