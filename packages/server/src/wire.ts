/** `snake_case` → `snakeCase`. */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/**
 * An object with its top-level keys in camelCase (nested caller data keeps its keys): what
 * `fromWire` gives. Not public: the public types are written out (types/), and
 * test/types.test-d.ts holds them equal to this over the contract's types.
 */
export type CamelCased<T> = T extends unknown
  ? { [K in keyof T as K extends string ? CamelCase<K> : K]: T[K] }
  : never;

/**
 * Casing maps for the snake_case resources (policies, verifications). Only the top-level keys are
 * mapped; caller data (claims, metadata) keeps its keys as sent.
 */
const toCamel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const toSnake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Converted keys, remembered: the same few dozen wire keys come back on every answer, and the regex
 * replace per key was a tenth of a status read's client-side time. Bounded, so that a hostile
 * server's endless new keys cannot grow it.
 */
const CACHE_LIMIT = 512;
const camelCache = new Map<string, string>();
const snakeCache = new Map<string, string>();

function converted(cache: Map<string, string>, convert: (key: string) => string, key: string) {
  let result = cache.get(key);
  if (result === undefined) {
    result = convert(key);
    if (cache.size < CACHE_LIMIT) cache.set(key, result);
  }
  return result;
}

export function fromWire<T extends object>(wire: T): CamelCased<T> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(wire))
    out[converted(camelCache, toCamel, key)] = (wire as Record<string, unknown>)[key];
  return out as CamelCased<T>;
}

/** A caller's camelCase input in wire casing; `undefined` values are left out, as JSON would. */
export function toWire(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(input)) {
    const value = input[key];
    if (value !== undefined) out[converted(snakeCache, toSnake, key)] = value;
  }
  return out;
}

/** Names a wire field as the caller wrote it, for local validation errors. */
export const camelFieldName = toCamel;
