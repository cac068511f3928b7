import { CredportValidationError } from "@credport/core";

/**
 * Local checks of what the service would refuse anyway, with the code it would use
 * (validation_error), before any request leaves.
 */
export const invalid = (field: string, rule: string) =>
  new CredportValidationError(`credport: ${field}: ${rule}`, {
    code: "validation_error",
    details: { field },
  });

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function requireObject(value: unknown, field: string): Record<string, unknown> {
  if (!isPlainObject(value)) throw invalid(field, "must be an object");
  return value;
}

/** An ID that goes into a URL path: a non-blank string (it is URL-encoded when sent). */
export function requireId(value: unknown, field: string): string {
  if (typeof value !== "string" || value.trim() === "")
    throw invalid(field, "must be a non-blank string");
  if (value.length > 200) throw invalid(field, "must be at most 200 characters");
  return encodeURIComponent(value);
}

export function optionalString(value: unknown, field: string, max = 500): void {
  if (value === undefined) return;
  if (typeof value !== "string" || value.trim() === "")
    throw invalid(field, "must be a non-blank string");
  if (value.length > max) throw invalid(field, `must be at most ${max} characters`);
}

export function requireString(value: unknown, field: string, max = 500): void {
  if (value === undefined || value === null) throw invalid(field, "is required");
  optionalString(value, field, max);
}

export function exactlyOne(input: Record<string, unknown>, a: string, b: string): void {
  const hasA = input[a] !== undefined;
  const hasB = input[b] !== undefined;
  if (hasA === hasB) throw invalid(`${a}, ${b}`, "send exactly one of them");
  optionalString(input[a], a);
  optionalString(input[b], b);
}

export function stringMap(value: unknown, field: string): void {
  if (value === undefined) return;
  const map = requireObject(value, field);
  for (const [key, entry] of Object.entries(map)) {
    if (typeof entry !== "string")
      throw invalid(`${field}.${key}`, "must be a string (metadata values are strings only)");
  }
}

export function path(value: unknown, field: string): void {
  if (
    !Array.isArray(value) ||
    value.length === 0 ||
    value.some((s) => typeof s !== "string" || s === "")
  ) {
    throw invalid(field, "must be a non-empty array of non-empty strings");
  }
}

/** List parameters: an object (or nothing) with a valid limit and cursor. */
export function listParams<T extends object>(params: T | undefined | null): T {
  if (params === undefined) return {} as T;
  const { limit, cursor } = requireObject(params, "params");
  if (
    limit !== undefined &&
    (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > 100)
  ) {
    throw invalid("limit", "must be an integer from 1 to 100");
  }
  if (cursor !== undefined) optionalString(cursor, "cursor");
  return params as T;
}

export function oneOf(value: unknown, field: string, allowed: readonly string[]): void {
  if (value !== undefined && !allowed.includes(value as string))
    throw invalid(field, `must be one of ${allowed.join(", ")}`);
}

/** Definition metadata limits (service-interface.md, Limits). */
export const METADATA_LIMITS = { depth: 8, nodes: 1024, entries: 128, stringLength: 2048 } as const;
const PROTOTYPE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

export function definitionMetadata(value: unknown, field = "metadata"): void {
  if (value === undefined) return;
  let nodes = 0;
  const visit = (node: unknown, at: string, depth: number): void => {
    nodes += 1;
    if (nodes > METADATA_LIMITS.nodes)
      throw invalid(field, `more than ${METADATA_LIMITS.nodes} nodes in total`);
    if (depth > METADATA_LIMITS.depth)
      throw invalid(at, `nested deeper than ${METADATA_LIMITS.depth} levels`);
    if (typeof node === "string" && node.length > METADATA_LIMITS.stringLength) {
      throw invalid(at, `string longer than ${METADATA_LIMITS.stringLength} characters`);
    }
    if (typeof node === "number" && !Number.isFinite(node))
      throw invalid(at, "numbers must be finite");
    if (typeof node === "bigint" || typeof node === "function" || typeof node === "symbol")
      throw invalid(at, "must be JSON");
    if (Array.isArray(node)) {
      if (node.length > METADATA_LIMITS.entries)
        throw invalid(at, `more than ${METADATA_LIMITS.entries} entries`);
      for (const [index, child] of node.entries()) visit(child, `${at}[${index}]`, depth + 1);
    } else if (node !== null && typeof node === "object") {
      const keys = Object.keys(node);
      if (keys.length > METADATA_LIMITS.entries)
        throw invalid(at, `more than ${METADATA_LIMITS.entries} entries`);
      for (const key of keys) {
        if (PROTOTYPE_KEYS.has(key))
          throw invalid(`${at}.${key}`, "prototype-related keys are rejected");
        visit((node as Record<string, unknown>)[key], `${at}.${key}`, depth + 1);
      }
    }
  };
  visit(value, field, 1);
}

export function claimEntries(value: unknown, field = "claims"): void {
  if (value === undefined) return;
  if (!Array.isArray(value)) throw invalid(field, "must be an array of { path, mandatory }");
  for (const [index, entry] of value.entries()) {
    const claim = requireObject(entry, `${field}[${index}]`);
    if (!Array.isArray(claim.path) || claim.path.some((s) => typeof s !== "string")) {
      throw invalid(`${field}[${index}].path`, "must be an array of strings");
    }
    if (claim.mandatory !== undefined && typeof claim.mandatory !== "boolean") {
      throw invalid(`${field}[${index}].mandatory`, "must be a boolean");
    }
  }
}

/** Offer claims: nested objects whose leaves are strings, numbers or booleans. */
export function offerClaims(value: unknown): void {
  if (value === undefined) throw invalid("claims", "is required");
  const visit = (node: unknown, at: string) => {
    for (const [key, child] of Object.entries(requireObject(node, at))) {
      if (isPlainObject(child)) visit(child, `${at}.${key}`);
      else if (
        !["string", "number", "boolean"].includes(typeof child) ||
        (typeof child === "number" && !Number.isFinite(child))
      ) {
        throw invalid(`${at}.${key}`, "must be a string, number or boolean");
      }
    }
  };
  visit(value, "claims");
}
