import { STATE_STORE_UNAVAILABLE, verifyWebhook, WEBHOOK_SIGNATURE_HEADER } from "@credport/server";
import type { ResolvedConfig } from "../config/resolve-config.js";
import type { RouteNote } from "../telemetry/session-observer.js";
import { readCappedText } from "./read-body.js";
import { errorResponse, jsonResponse, RouteError } from "./route-error.js";

/** When a duplicate of an event still being handled is asked to come back, in seconds. */
const IN_PROGRESS_RETRY_AFTER_SECONDS = 30;

/**
 * `POST webhooks`: the signature header before the body, the body up to the cap, the signature over
 * the raw body, then `onEvent` once per event ID. The event is held "in progress" while `onEvent`
 * runs: a duplicate arriving meanwhile gets `409 webhook_event_in_progress` with `Retry-After`, so
 * that the sender delivers it again (it is not acknowledged for an event that may yet fail). Done
 * once `onEvent` succeeded: a later duplicate is acknowledged (`200 duplicate`) without handling. A
 * failing `onEvent` answers 500 and releases the ID, so the service's next delivery is handled. A
 * state store that cannot answer gives 503 before `onEvent`: the service delivers again, and the
 * event is not lost.
 */
export async function deliverWebhook(
  request: Request,
  config: ResolvedConfig,
  note: RouteNote = {},
): Promise<Response> {
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
  if (typeof event?.type === "string") note.outcome = event.type;
  // Fixed vocabularies only: the policy ID and the failure code, never the claims.
  const object = (event?.data as { object?: { policyId?: unknown; failureCode?: unknown } })
    ?.object;
  if (typeof object?.policyId === "string") note.policyId = object.policyId;
  if (typeof object?.failureCode === "string") note.failureCode = object.failureCode;
  const events = webhook.events;
  if (events) {
    if (typeof event?.id !== "string" || event.id === "")
      throw new RouteError(
        400,
        "webhook_payload_invalid",
        `${config.label}: the signed event has no id.`,
      );
    let claim: Awaited<ReturnType<typeof events.claim>>;
    try {
      claim = await events.claim(event.id);
    } catch (error) {
      // Nothing is left taken (see WebhookEventLedger.claim): the redelivery this 503 asks for is handled.
      config.log.error(
        `${config.label}: webhook ${event.id} not handled, the state store failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      throw new RouteError(
        503,
        STATE_STORE_UNAVAILABLE,
        `${config.label}: the state store (e.g. Redis) is unavailable; the event was not handled and will be delivered again.`,
      );
    }
    if (claim === "done") return jsonResponse(200, { received: true, duplicate: true });
    if (claim === "in_progress") {
      const response = errorResponse(
        new RouteError(
          409,
          "webhook_event_in_progress",
          `${config.label}: event ${event.id} is being handled by another delivery; deliver it again later.`,
        ),
      );
      response.headers.set("retry-after", String(IN_PROGRESS_RETRY_AFTER_SECONDS));
      return response;
    }
  }
  try {
    await webhook.onEvent(event);
  } catch (error) {
    try {
      await events?.release(event.id);
    } catch (releaseError) {
      // The ID stays "in progress" until its hold lapses (10 min): a redelivery is handled then.
      config.log.error(
        `${config.label}: onEvent failed for ${event.id} and its ID could not be released: ${releaseError instanceof Error ? releaseError.message : String(releaseError)}`,
      );
    }
    throw error;
  }
  try {
    await events?.done(event.id);
  } catch (doneError) {
    // Handled, but not remembered as done: a duplicate after the 10-minute hold would be handled again.
    config.log.error(
      `${config.label}: event ${event.id} was handled but could not be marked done: ${doneError instanceof Error ? doneError.message : String(doneError)}`,
    );
  }
  return new Response(null, { status: 204 });
}
