/**
 * The value at a dot-joined claim path (`"address.country"`), reading own properties only, so that
 * a path such as `"__proto__.x"` finds nothing; `undefined` when any segment is missing.
 */
export function claimAt(claims: Record<string, unknown>, path: string): unknown {
  let value: unknown = claims;
  for (const segment of path.split(".")) {
    if (typeof value !== "object" || value === null || !Object.hasOwn(value, segment))
      return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}
