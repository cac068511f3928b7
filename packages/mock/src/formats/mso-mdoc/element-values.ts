import { Tagged } from "./cbor.js";

const FULL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * An offer's claim value as an mdoc element value: a calendar date (`YYYY-MM-DD`, as `birth_date`,
 * `issue_date` and `expiry_date` are) becomes a CBOR `full-date` (tag 1004, RFC 8943), as
 * ISO/IEC 18013-5 §7.2.1 types them; strings, numbers and booleans stay as they are.
 */
export const elementValueOf = (value: unknown): unknown =>
  typeof value === "string" && FULL_DATE.test(value) ? new Tagged(1004, value) : value;

/**
 * An element value read from an mdoc as JSON for claims and DCQL matching: dates back to strings
 * (`full-date` as is, `tdate` as ISO 8601), byte strings (a portrait) as base64url, maps as
 * objects. Anything else stays as decoded.
 */
export function jsonValueOf(value: unknown): unknown {
  if (value instanceof Tagged && (value.tag === 1004 || value.tag === 0))
    return String(value.value);
  if (value instanceof Date) return value.toISOString().replace(/\.\d{3}Z$/, "Z");
  if (value instanceof Uint8Array) return Buffer.from(value).toString("base64url");
  if (value instanceof Map)
    return Object.fromEntries([...value].map(([k, v]) => [String(k), jsonValueOf(v)]));
  if (Array.isArray(value)) return value.map(jsonValueOf);
  return value;
}
