import * as z from "zod/mini";
import { plainListQuery, snakeList } from "./lists.js";
import { claimPath, exactlyOne, rule, text, timestamp } from "./rules.js";

/** Verification policies: snake_case on the wire. */

const FIELDS_RULE = "must be a non-empty array of at most 50 { path, values? } entries";

/** Bounds of a policy field's `values`: what a DCQL claims query may carry, kept small. */
export const FIELD_VALUES_LIMITS = { count: 20, stringLength: 200 } as const;
const VALUES_RULE = `must be a non-empty array of at most ${FIELD_VALUES_LIMITS.count} values`;
const VALUE_RULE = `must be a string of at most ${FIELD_VALUES_LIMITS.stringLength} characters, an integer or a boolean`;

/** A value a field may be required to have: DCQL allows strings, integers and booleans. */
export type FieldValue = string | number | boolean;

const isFieldValue = (value: unknown): value is FieldValue =>
  typeof value === "boolean" ||
  Number.isSafeInteger(value) ||
  (typeof value === "string" && value.length <= FIELD_VALUES_LIMITS.stringLength);

/** One required value (a check rather than a union: the clients' bundles carry no union parser). */
export const fieldValue = z.custom<FieldValue>(isFieldValue, { error: VALUE_RULE });

/**
 * The values a field must have, as DCQL's claims query `values` (OpenID4VP 1.0, DCQL claims query): the wallet
 * should share the claim only if it equals one of them in type and value, and the service fails the
 * verification (`claims_not_satisfied`) if a presented one does not.
 */
export const fieldValues = z
  .array(fieldValue, { error: rule(VALUES_RULE) })
  .check(
    z.minLength(1, { error: VALUES_RULE }),
    z.maxLength(FIELD_VALUES_LIMITS.count, { error: VALUES_RULE }),
  );

/** A required value as the service answers it. */
export const fieldValueRead = z.custom<FieldValue>(
  (value) => typeof value === "string" || typeof value === "number" || typeof value === "boolean",
);

/** A policy field: the claim it asks for and, optionally, the values it must have. */
export const policyField = z.object(
  { path: claimPath, values: z.optional(fieldValues) },
  { error: "must be an object with a path" },
);

/** `POST /v1/policies`. */
export const createPolicyBody = z
  .object(
    {
      name: text(100),
      /** Exactly one of this and `vct`. */
      credential_definition_id: z.optional(text(100)),
      /** Exactly one of this and `credential_definition_id`. */
      vct: z.optional(text(500)),
      /**
       * Every field is requested from the wallet and returned in the result; a field with `values`
       * passes only with one of them.
       */
      fields: z
        .array(policyField, { error: FIELDS_RULE })
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
  fields: z.array(
    z.object({
      path: claimPath,
      values: z.optional(z.array(fieldValueRead)),
    }),
  ),
  created_at: timestamp,
});

export const policyList = snakeList(policy);

export type CreatePolicyBody = z.output<typeof createPolicyBody>;
export type PolicyWire = z.output<typeof policy>;
