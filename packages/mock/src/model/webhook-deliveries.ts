import type { WebhookEndpoint, WebhookEventRecord } from "./webhooks.js";

/** One POST of an event to an endpoint: the receiver's HTTP status, or why it could not be reached. */
export interface WebhookAttempt {
  at: string;
  status?: number;
  error?: string;
  /** How long the attempt took (absent in records from before it was measured). */
  ms?: number;
}

/** An event's delivery to one endpoint; a resend starts another. */
export interface WebhookDelivery {
  endpointId: string;
  url: string;
  /** To an endpoint of the emulator's `--forward-webhooks-to`. */
  forwarded?: true;
  state: "delivering" | "delivered" | "failed";
  attempts: WebhookAttempt[];
}

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
