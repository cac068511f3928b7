import {
  DEFAULT_WEBHOOK_EVENT_TTL_SECONDS,
  STATE_STORE_UNAVAILABLE,
  verifyWebhook,
  WEBHOOK_SIGNATURE_HEADER,
} from "@credport/server";
import type { ResolvedConfig } from "../config/resolve-config.js";
import { readCappedText } from "./read-body.js";
import { jsonResponse, RouteError } from "./route-error.js";

/**
 * `POST webhooks`: the signature header before the body, the body up to the cap, the signature over
 * the raw body, then `onEvent` once per event ID. A replay is acknowledged (200) without handling;
 * a failing `onEvent` answers 500 and forgets the ID, so the service's next delivery is handled.
 * A state store that cannot answer gives 503 before `onEvent` (and the ID is forgotten, best
 * effort): the service delivers again, and the event is not lost.
 */
export async function deliverWebhook(request: Request, config: ResolvedConfig): Promise<Response> {
  const webhook = config.webhook;
  if (!webhook)
    throw new RouteError(404, "webhooks_not_configured", "No webhook handler is configured.");
  const signature = request.headers.get(WEBHOOK_SIGNATURE_HEADER);
  if (!signature)
    throw new RouteError(
      400,
      "webhook_signature_missing",
      `${config.label}: no ${WEBHOOK_SIGNATURE_HEADER} header on this request.`,
    );
  const payload = await readCappedText(request);
  const event = await verifyWebhook({ payload, signature }, { secret: webhook.secret });
  const store = webhook.eventStore;
  if (store) {
    if (typeof event?.id !== "string" || event.id === "")
      throw new RouteError(
        400,
        "webhook_payload_invalid",
        `${config.label}: the signed event has no id.`,
      );
    let first: boolean;
    try {
      first = await store.remember(event.id, DEFAULT_WEBHOOK_EVENT_TTL_SECONDS);
    } catch (error) {
      // The store may have recorded the ID and lost only its answer (a timeout): forget it, best
      // effort, so that the redelivery this 503 asks for is handled rather than taken as a duplicate.
      await (async () => store.forget?.(event.id))().catch(() => {});
      console.error(
        `${config.label}: webhook ${event.id} not handled, the state store failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      throw new RouteError(
        503,
        STATE_STORE_UNAVAILABLE,
        `${config.label}: the state store (e.g. Redis) is unavailable; the event was not handled and will be delivered again.`,
      );
    }
    if (!first) return jsonResponse(200, { received: true, duplicate: true });
  }
  try {
    await webhook.onEvent(event);
  } catch (error) {
    try {
      await webhook.eventStore?.forget?.(event.id);
    } catch (forgetError) {
      // The ID stays remembered until it expires: a redelivery would be taken as a duplicate.
      console.error(
        `${config.label}: onEvent failed for ${event.id} and its ID could not be forgotten: ${forgetError instanceof Error ? forgetError.message : String(forgetError)}`,
      );
    }
    throw error;
  }
  return new Response(null, { status: 204 });
}
