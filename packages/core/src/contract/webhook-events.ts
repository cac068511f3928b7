import * as z from "zod/mini";
import { issuanceSession } from "./issuance.js";
import { verification } from "./verifications.js";

/**
 * Webhook events: `{ id, object: "event", type, created, livemode, data: { object } }`, signed in
 * `Webhook-Signature`. `data.object` is the resource as the API returns it on the wire (issuance
 * camelCase, verification snake_case). Receivers must accept types they do not know.
 */
export const ISSUANCE_EVENT_TYPES = [
  "issuance.ready_to_issue",
  "issuance.token_issued",
  "issuance.credential_issued",
  "issuance.canceled",
  "issuance.expired",
  "issuance.failed",
  "issuance.revoked",
] as const;
export const VERIFICATION_EVENT_TYPES = [
  "verification.in_progress",
  "verification.verified",
  "verification.failed",
  "verification.expired",
  "verification.canceled",
] as const;
export const WEBHOOK_EVENT_TYPES = [...ISSUANCE_EVENT_TYPES, ...VERIFICATION_EVENT_TYPES] as const;

/**
 * `created`, Unix seconds: a number, refused with zod's own wording (`must be of type number`, `is
 * required`) but without `z.number()`, the contract's only number schema, whose classes were
 * ~150 B (gzip) of the server's edge bundle. The OpenAPI type comes from `documentation()`.
 */
export const eventCreated = z.custom<number>().check(
  z.superRefine((value, ctx) => {
    if (!Number.isFinite(value)) {
      ctx.addIssue({ code: "invalid_type", expected: "number", input: value });
    }
  }),
);

function events<const T extends readonly [string, ...string[]], O extends z.ZodMiniType>(
  types: T,
  object: O,
) {
  return z.object({
    /** `evt_…`: deduplicate deliveries with it. */
    id: z.string(),
    object: z.literal("event"),
    type: z.enum(types),
    /** Unix seconds. */
    created: eventCreated,
    livemode: z.boolean(),
    data: z.object({ object }),
  });
}

/** An issuance event: `data.object` is the issuance session. */
export const issuanceEvent = events(ISSUANCE_EVENT_TYPES, issuanceSession);
/** A verification event: `data.object` is the verification. */
export const verificationEvent = events(VERIFICATION_EVENT_TYPES, verification);

/** An event as sent, discriminated on `type` (the OpenAPI document's `WebhookEvent`). */
export type WebhookEventWire = z.output<typeof issuanceEvent> | z.output<typeof verificationEvent>;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
