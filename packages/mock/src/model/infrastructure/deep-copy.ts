/**
 * A deep copy of plain data (objects, arrays, strings, numbers, booleans, null, undefined): what
 * the model's records hold. Several times faster than `structuredClone` on records, which every
 * read pays for.
 */
export function deepCopy<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map(deepCopy) as T;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = deepCopy((value as Record<string, unknown>)[key]);
    // An own "__proto__" key (JSON.parse makes those) must stay a key, not become the prototype.
    if (key === "__proto__")
      Object.defineProperty(copy, key, {
        value: item,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else copy[key] = item;
  }
  return copy as T;
}
