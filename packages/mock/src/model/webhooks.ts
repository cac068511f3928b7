import { createHmac } from "node:crypto";
import { newId } from "./ids.js";
import type { Keys, Tenant } from "./keys.js";

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
  readonly events: WebhookEventRecord[] = [];
  readonly endpoints: WebhookEndpoint[] = [];
  private readonly deliveries = new Set<Promise<void>>();

  constructor(
    private readonly clock: { now(): number },
    private readonly keys: Keys,
    private readonly fetchImpl: () => typeof fetch,
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

  register(tenant: Tenant, url: string): WebhookEndpoint {
    const endpoint = { id: newId("we"), tenant, url };
    this.endpoints.push(endpoint);
    return endpoint;
  }

  /** Resolves once every delivery under way has succeeded or used up its retries. */
  async flush(): Promise<void> {
    while (this.deliveries.size > 0) await Promise.all([...this.deliveries]);
  }

  private deliver(endpoint: WebhookEndpoint, record: WebhookEventRecord): void {
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
