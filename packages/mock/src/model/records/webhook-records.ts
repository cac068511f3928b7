import type { Tenant } from "../keys.js";

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

/** An emitted event as the model keeps it, with its deliveries. */
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
  /** Each endpoint's delivery of this event, with every attempt and what the receiver answered. */
  deliveries?: WebhookDelivery[];
}

/** A registered webhook endpoint. */
export interface WebhookEndpoint {
  id: string;
  tenant: Tenant;
  url: string;
  /**
   * Registered by the emulator's `forwardWebhooksTo` (`--forward-webhooks-to`): kept while a start
   * names the same URL, removed by a start that names another or none.
   */
  forwarded?: true;
}
