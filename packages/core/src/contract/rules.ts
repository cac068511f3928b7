import * as z from "zod/mini";

/**
 * The building blocks of the contract. Every rule carries its own wording ("must be …"); the field
 * name is added by `describeFirstIssue`, so that the mock's `validation_error` and the clients'
 * local errors say the same thing.
 */

/** The wording of a rule, or "is required" when the value is missing altogether. */
export const rule =
  (text: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? "is required" : text;

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Keys that could reach an object's prototype; refused wherever callers choose the keys. */
export const PROTOTYPE_KEYS: readonly string[] = ["__proto__", "constructor", "prototype"];
export const PROTOTYPE_KEY_RULE = "prototype-related keys are rejected";

/** A non-blank string of at most `max` characters. */
export function text(max: number) {
  const wording = `must be a non-blank string of at most ${max} characters`;
  return z.string({ error: rule(wording) }).check(
    z.minLength(1, { error: wording }),
    z.maxLength(max, { error: wording }),
    z.refine((value) => value.trim() !== "", { error: wording }),
  );
}

/** One of a fixed set of strings. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: rule(`must be one of ${values.join(", ")}`) });
}

/** Timestamps are ISO 8601 strings in UTC, e.g. `2026-01-31T12:00:00.000Z`. */
export const timestamp = z.string();

/**
 * A test environment's link to the Credport emulator's test wallet page for a hand-off URI, sent
 * beside it on creation. Never sent for live keys, nor by the real service.
 */
export const testWalletLink = z.string();

/** A claim or policy field path: nested segments, e.g. `["address", "locality"]`. */
export const PATH_RULE = "must be a non-empty array of non-empty strings";
export const claimPath = z
  .array(z.string({ error: PATH_RULE }).check(z.minLength(1, { error: PATH_RULE })), {
    error: rule(PATH_RULE),
  })
  .check(z.minLength(1, { error: PATH_RULE }));

/** Claim names that SD-JWT VC gives a meaning of its own at the top level of a credential. */
export const RESERVED_TOP_LEVEL_CLAIMS: readonly string[] = [
  "iss",
  "nbf",
  "exp",
  "iat",
  "cnf",
  "vct",
  "vct#integrity",
  "status",
  "_sd_alg",
];
/** Names SD-JWT (RFC 9901) reserves at every level for its digests. */
export const RESERVED_CLAIMS_AT_ANY_LEVEL: readonly string[] = ["_sd", "..."];

/** A claim path a credential definition may declare: not one SD-JWT VC reserves. */
export const declarableClaimPath = claimPath.check(
  z.superRefine((path, ctx) => {
    path.forEach((segment, index) => {
      const reserved =
        RESERVED_CLAIMS_AT_ANY_LEVEL.includes(segment) ||
        (index === 0 && RESERVED_TOP_LEVEL_CLAIMS.includes(segment));
      if (reserved) {
        ctx.addIssue({
          code: "custom",
          input: path,
          message: `"${segment}" is reserved by SD-JWT VC; choose another claim name`,
        });
      }
    });
  }),
);

/**
 * A caller-keyed object (claims, metadata), kept exactly as sent: never rebuilt key by key, so a
 * `__proto__` key cannot reach a prototype. `check` walks it and reports the first problem.
 */
export function callerObject<T extends Record<string, unknown>>(
  wording: string,
  check: (value: Record<string, unknown>) => { path: (string | number)[]; message: string } | null,
) {
  return z.custom<T>(isPlainObject, { error: rule(wording) }).check(
    z.superRefine((value, ctx) => {
      const problem = check(value);
      if (problem) ctx.addIssue({ code: "custom", input: value, ...problem });
    }),
  );
}

/** Any JSON object, in answers (a plain check: lighter in client bundles than a record parser). */
export const jsonObject = z.custom<Record<string, unknown>>(isPlainObject);

/** Offer and verification metadata: a string-to-string map. */
export const STRING_MAP_LIMITS = { entries: 50, valueLength: 500 } as const;
const STRING_MAP_VALUE_RULE = `must be a string of at most ${STRING_MAP_LIMITS.valueLength} characters (metadata values are strings only)`;
export const stringMap = callerObject<Record<string, string>>(
  "must be an object of string values",
  (map) => {
    const keys = Object.keys(map);
    if (keys.length > STRING_MAP_LIMITS.entries)
      return { path: [], message: `must have at most ${STRING_MAP_LIMITS.entries} entries` };
    for (const key of keys) {
      if (PROTOTYPE_KEYS.includes(key)) return { path: [key], message: PROTOTYPE_KEY_RULE };
      const value = map[key];
      if (typeof value !== "string" || value.length > STRING_MAP_LIMITS.valueLength)
        return { path: [key], message: STRING_MAP_VALUE_RULE };
    }
    return null;
  },
);

/**
 * Exactly one of two optional fields; the issue names the first (`second` is cased alike on both
 * sides).
 */
export function exactlyOne(first: string, second: string) {
  return z.refine<object>(
    (value) =>
      ((value as Record<string, unknown>)[first] === undefined) !==
      ((value as Record<string, unknown>)[second] === undefined),
    { path: [first], error: `exactly one of this field and ${second} is required` },
  );
}

/**
 * An ID that goes into a URL path (URL-encoded when sent). `.` and `..` are refused: URL parsing
 * removes them as dot segments (encoded or not), so the request would reach another resource.
 */
export const resourceId = text(200).check(
  z.refine((value) => value !== "." && value !== "..", {
    error: 'must not be "." or ".." (URLs drop them as dot segments)',
  }),
);
