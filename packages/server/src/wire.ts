import type { CamelCased } from "./types.js";

/**
 * Casing maps for the snake_case resources (policies, verifications). Only the top-level keys are
 * mapped; caller data (claims, metadata) keeps its keys as sent.
 */
const toCamel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const toSnake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export function fromWire<T extends object>(wire: T): CamelCased<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(wire)) out[toCamel(key)] = value;
  return out as CamelCased<T>;
}

/** A caller's camelCase input in wire casing; `undefined` values are left out, as JSON would. */
export function toWire(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input))
    if (value !== undefined) out[toSnake(key)] = value;
  return out;
}

/** Names a wire field as the caller wrote it, for local validation errors. */
export const camelFieldName = toCamel;
