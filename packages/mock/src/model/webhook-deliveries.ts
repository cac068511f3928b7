import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEventRecord,
} from "./records/webhook-records.js";

/** Deliveries kept per event: a resend adds one, and a busy event keeps its latest ones. */
const DELIVERIES_PER_EVENT = 20;

/** Records each delivery and attempt on the event it belongs to, for the dashboard. */
export class WebhookDeliveryLog {
  constructor(private readonly changed: () => void) {}

  start(record: WebhookEventRecord, endpoint: WebhookEndpoint) {
    const delivery: WebhookDelivery = {
      endpointId: endpoint.id,
      url: endpoint.url,
      ...(endpoint.forwarded ? { forwarded: true as const } : {}),
      state: "delivering",
      attempts: [],
    };
    record.deliveries ??= [];
    record.deliveries.push(delivery);
    if (record.deliveries.length > DELIVERIES_PER_EVENT) record.deliveries.shift();
    return {
      attempt: (outcome: { status?: number; error?: string; ms?: number }) => {
        delivery.attempts.push({ at: new Date().toISOString(), ...outcome });
        this.changed();
      },
      finish: (state: "delivered" | "failed") => {
        delivery.state = state;
        this.changed();
      },
    };
  }
}
