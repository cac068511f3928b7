import { z } from "zod";
import { faultRuleSchema } from "../model/infrastructure/faults.js";
import { SCOPES } from "../model/keys.js";

/**
 * The bodies the emulator's control plane (`/__emulator/…`, docs/api.md) accepts. Emulator-only:
 * never part of the service's public contract. Unknown fields are refused, so that a typo is a 400
 * naming it rather than a silently ignored setting.
 */

const environment = z.enum(["test", "live"], { error: 'must be "test" or "live"' });
const scopes = z
  .array(z.enum(SCOPES, { error: `must be one of ${SCOPES.join(", ")}` }), {
    error: "must be an array of scopes",
  })
  .max(SCOPES.length, { error: `must hold at most ${SCOPES.length} scopes` });
const projectId = z
  .string({ error: "must be a project ID" })
  .min(1, { error: "must be a project ID" })
  .max(100, { error: "must be a project ID" });

/** `POST /__emulator/reset`, `DELETE /__emulator/faults`, `DELETE /__emulator/requests`. */
export const emptyBody = z.strictObject({});

/** `POST /__emulator/projects` */
export const projectBody = z.strictObject({
  environment: environment.optional(),
  scopes: scopes.optional(),
});

/** `POST /__emulator/keys` */
export const keyBody = z.strictObject({
  projectId,
  environment: environment.optional(),
  type: z.enum(["secret", "publishable", "webhook"], {
    error: 'must be "secret", "publishable" or "webhook"',
  }),
  scopes: scopes.optional(),
});

/** `POST /__emulator/keys/revoke` */
export const revokeBody = z.strictObject({
  key: z
    .string({ error: "must be a key" })
    .min(1, { error: "must be a key" })
    .max(200, { error: "must be a key" }),
});

/** `POST /__emulator/clock/advance`; how far the clock may go is the clock's own rule. */
export const clockAdvanceBody = z.strictObject({
  ms: z
    .number({ error: "must be a finite number of milliseconds >= 0" })
    .min(0, { error: "must be a finite number of milliseconds >= 0" }),
});

/** `POST /__emulator/realtime` */
export const realtimeBody = z.strictObject({
  available: z.boolean({ error: "must be true or false" }),
});

/** `POST /__emulator/faults` */
export const faultBody = faultRuleSchema;

const HTTP_URL = "must be an http(s) URL of at most 2,048 characters";

/** `POST /__emulator/webhooks` */
export const webhookBody = z.strictObject({
  projectId,
  environment: environment.optional(),
  url: z
    .string({ error: HTTP_URL })
    .max(2048, { error: HTTP_URL })
    .regex(/^https?:\/\/[!-~]+$/, { error: HTTP_URL })
    .refine((url) => URL.canParse(url), { error: HTTP_URL }),
});

/** `GET /__emulator/events?projectId=` */
export const eventsQuery = z.strictObject({ projectId: projectId.optional() });
