import { type ContractIssue, describeFirstIssue } from "@credport/core/contract";
import { validationError } from "./errors.js";

/**
 * Untrusted input is parsed with the wire contract of `@credport/core/contract`: the first
 * problem becomes a 400 validation_error whose message and `details.field` are the contract's
 * wording, the same the clients use.
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

interface ContractSchema<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly ContractIssue[] } };
}

export function parseInput<T>(schema: ContractSchema<T>, input: unknown, root = "body"): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const { field, message } = describeFirstIssue(result.error, { root });
  throw validationError(message, { field });
}

/** Query parameters as the contract reads them (one value per name). */
export const queryOf = (url: URL): Record<string, string> => Object.fromEntries(url.searchParams);

export const clone = <T>(value: T): T => structuredClone(value);
