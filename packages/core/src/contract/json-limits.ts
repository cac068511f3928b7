import * as z from "zod/mini";
import { callerObject, isPlainObject, PROTOTYPE_KEY_RULE, PROTOTYPE_KEYS } from "./rules.js";

/** Limits of a caller-written JSON value. Nesting counts containers (objects, arrays), not scalars. */
export interface JsonLimits {
  /** Containers nested in one another, the value itself being level 1. */
  depth: number;
  /** Every value, containers and scalars, the value itself included. */
  nodes: number;
  /** Entries of one object or array. */
  entries: number;
  /** Characters of one string. */
  stringLength: number;
  /** Characters of all strings together. */
  totalStringLength?: number;
}

/** Definition metadata and rendering (service-interface.md, Limits; api-decisions.md). */
export const DEFINITION_METADATA_LIMITS: JsonLimits = {
  depth: 8,
  nodes: 1024,
  entries: 128,
  stringLength: 2048,
};

/**
 * Offer claims: values a wallet will hold. A string may carry a small image (a portrait as base64),
 * so it is allowed 64 Ki characters, and all strings of one offer 256 Ki together.
 */
export const CLAIM_VALUE_LIMITS: JsonLimits = {
  depth: 8,
  nodes: 1024,
  entries: 128,
  stringLength: 65_536,
  totalStringLength: 262_144,
};

export const CLAIM_LEAF_RULE = "must be a string, number or boolean";
const JSON_RULE = "must be JSON: objects, arrays, strings, finite numbers, booleans or null";

type Problem = { path: (string | number)[]; message: string } | null;

/**
 * Walks a value and returns its first problem. `claims` mode allows only objects as containers and
 * strings, numbers and booleans as leaves; `json` mode allows any JSON value.
 */
export function findJsonProblem(
  value: unknown,
  limits: JsonLimits,
  mode: "json" | "claims",
): Problem {
  let nodes = 0;
  let characters = 0;
  const visit = (node: unknown, path: (string | number)[], depth: number): Problem => {
    nodes += 1;
    if (nodes > limits.nodes)
      return { path: [], message: `more than ${limits.nodes} values in total` };
    if (typeof node === "string") {
      characters += node.length;
      if (node.length > limits.stringLength)
        return { path, message: `string longer than ${limits.stringLength} characters` };
      if (limits.totalStringLength !== undefined && characters > limits.totalStringLength)
        return {
          path: [],
          message: `strings longer than ${limits.totalStringLength} characters together`,
        };
      return null;
    }
    if (typeof node === "number")
      return Number.isFinite(node) ? null : { path, message: "numbers must be finite" };
    if (typeof node === "boolean") return null;
    const container = Array.isArray(node) ? "array" : isPlainObject(node) ? "object" : null;
    if (container === null || (mode === "claims" && container === "array"))
      return node === null && mode === "json"
        ? null
        : { path, message: mode === "claims" ? CLAIM_LEAF_RULE : JSON_RULE };
    if (depth + 1 > limits.depth)
      return {
        path,
        message: `nested deeper than ${limits.depth} levels (each object or array is a level)`,
      };
    const entries: [string | number, unknown][] = Array.isArray(node)
      ? node.map((child, index) => [index, child])
      : // A key whose value is undefined is not sent: JSON leaves it out.
        Object.entries(node as Record<string, unknown>).filter(([, child]) => child !== undefined);
    if (entries.length > limits.entries)
      return { path, message: `more than ${limits.entries} entries` };
    for (const [key, child] of entries) {
      if (typeof key === "string" && PROTOTYPE_KEYS.includes(key))
        return { path: [...path, key], message: PROTOTYPE_KEY_RULE };
      const problem = visit(child, [...path, key], depth + 1);
      if (problem) return problem;
    }
    return null;
  };
  return visit(value, [], 0);
}

/** Definition metadata: any JSON value within DEFINITION_METADATA_LIMITS. */
export const definitionMetadata = z.unknown().check(
  z.superRefine((value, ctx) => {
    const problem = findJsonProblem(value, DEFINITION_METADATA_LIMITS, "json");
    if (problem) ctx.addIssue({ code: "custom", input: value, ...problem });
  }),
);

/** Definition rendering: a JSON object within the same limits as metadata. */
export const definitionRendering = callerObject<Record<string, unknown>>(
  "must be an object",
  (value) => findJsonProblem(value, DEFINITION_METADATA_LIMITS, "json"),
);

/** Offer claims: nested objects whose leaves are strings, finite numbers or booleans. */
export const offerClaims = callerObject<Record<string, unknown>>("must be an object", (value) =>
  findJsonProblem(value, CLAIM_VALUE_LIMITS, "claims"),
);

/** One claim value at a path the definition declares. */
export const claimLeaf = z.custom<string | number | boolean>(
  (value) => typeof value === "string" || typeof value === "number" || typeof value === "boolean",
  { error: CLAIM_LEAF_RULE },
);
