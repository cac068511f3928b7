import * as z from "zod/mini";
import { plainListQuery, snakeList } from "./lists.js";
import { claimPath, exactlyOne, text, timestamp } from "./rules.js";

/** Verification policies: snake_case on the wire. */

const FIELDS_RULE = "must be a non-empty array of at most 50 { path } entries";

/** `POST /v1/policies`. */
export const createPolicyBody = z
  .object(
    {
      name: text(100),
      /** Exactly one of this and `vct`. */
      credential_definition_id: z.optional(text(100)),
      /** Exactly one of this and `credential_definition_id`. */
      vct: z.optional(text(500)),
      /** Every field is requested from the wallet and returned in the result. */
      fields: z
        .array(z.object({ path: claimPath }, { error: "must be an object with a path" }), {
          error: FIELDS_RULE,
        })
        .check(z.minLength(1, { error: FIELDS_RULE }), z.maxLength(50, { error: FIELDS_RULE })),
    },
    { error: "must be a JSON object" },
  )
  .check(exactlyOne("credential_definition_id", "vct"));

/** `GET /v1/policies` query (the project's own policies; presets are not listed). */
export const listPoliciesQuery = plainListQuery;

export const policy = z.object({
  object: z.literal("policy"),
  policy_id: z.string(),
  name: z.string(),
  status: z.enum(["active", "archived"]),
  /** A built-in preset, usable in every project. */
  preset: z.boolean(),
  credential_definition_id: z.optional(z.string()),
  vct: z.string(),
  fields: z.array(z.object({ path: claimPath })),
  created_at: timestamp,
});

export const policyList = snakeList(policy);

export type CreatePolicyBody = z.output<typeof createPolicyBody>;
export type PolicyWire = z.output<typeof policy>;
