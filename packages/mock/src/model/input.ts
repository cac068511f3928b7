import { validationError } from "./errors.js";

/** Reading untrusted JSON bodies: each helper names the field and the rule it broke. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function requireBody(body: unknown): JsonObject {
  if (!isObject(body)) throw validationError("body: must be a JSON object");
  return body;
}

export function requiredString(body: JsonObject, field: string, max = 200): string {
  const value = body[field];
  if (value === undefined || value === null)
    throw validationError(`${field}: is required`, { field });
  return checkString(value, field, max);
}

export function optionalString(body: JsonObject, field: string, max = 200): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  return checkString(value, field, max);
}

function checkString(value: Json, field: string, max: number): string {
  if (typeof value !== "string") throw validationError(`${field}: must be a string`, { field });
  if (value.trim() === "") throw validationError(`${field}: must not be blank`, { field });
  if (value.length > max)
    throw validationError(`${field}: must be at most ${max} characters`, { field });
  return value;
}

/** A string-to-string map such as offer or verification metadata. */
export function optionalStringMap(
  body: JsonObject,
  field: string,
): Record<string, string> | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (!isObject(value))
    throw validationError(`${field}: must be an object of string values`, { field });
  const entries = Object.entries(value);
  if (entries.length > 50) throw validationError(`${field}: at most 50 entries`, { field });
  for (const [key, entry] of entries) {
    if (typeof entry !== "string") {
      throw validationError(
        `${field}.${key}: must be a string (metadata values are strings only)`,
        {
          field: `${field}.${key}`,
        },
      );
    }
    if (entry.length > 500)
      throw validationError(`${field}.${key}: at most 500 characters`, {
        field: `${field}.${key}`,
      });
  }
  return { ...(value as Record<string, string>) };
}

/** A claim or field path: a non-empty array of non-empty strings. */
export function checkPath(value: unknown, field: string): string[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw validationError(`${field}: must be a non-empty array of strings`, { field });
  }
  for (const segment of value) {
    if (typeof segment !== "string" || segment === "") {
      throw validationError(`${field}: every segment must be a non-empty string`, { field });
    }
  }
  return [...(value as string[])];
}

export const clone = <T>(value: T): T => structuredClone(value);
