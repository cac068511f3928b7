import * as z from "zod/mini";
import { jsonObject } from "./rules.js";

/** Every error answer: `{ object: "error", code, message, details? }`, with `X-Request-Id`. */
export const errorBody = z.object({
  object: z.literal("error"),
  /** Stable, machine-readable: branch on this, never on `message`. */
  code: z.string(),
  /** For people; never contains keys, tokens or wallet URIs. */
  message: z.string(),
  /** e.g. `{ field }` for validation_error, `{ issues }` for credential_definition_not_publishable, `{ required }` for insufficient_scope. */
  details: z.optional(jsonObject),
});
export type ErrorBody = z.output<typeof errorBody>;
