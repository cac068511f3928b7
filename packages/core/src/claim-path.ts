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

/** An mdoc namespace is reverse-DNS (`eu.europa.ec.av.1`): a top-level claim name with a dot. */
const isNamespace = (name: string, value: unknown) =>
  name.includes(".") && typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Where a dot-joined claim path is in verified claims of either shape, as path segments:
 *
 * - an SD-JWT VC's claims by path (`age_over_18`, `address.country`): `[["address", "country"]]`;
 * - an mdoc's, which keep their namespaces (`{ "org.iso.18013.5.1": { age_over_18: true } }`):
 *   by namespace and element (`org.iso.18013.5.1.age_over_18`), or by element alone, found in
 *   every namespace that has it: `[["org.iso.18013.5.1", "age_over_18"], …]`.
 *
 * Empty when the claims do not have it.
 */
export function claimLocations(claims: Record<string, unknown>, path: string): string[][] {
  if (claimAt(claims, path) !== undefined) return [path.split(".")];
  const namespaces = Object.entries(claims).filter(([name, value]) => isNamespace(name, value));
  const has = (elements: unknown, element: string) =>
    Object.hasOwn(elements as object, element) &&
    (elements as Record<string, unknown>)[element] !== undefined;
  for (const [namespace, elements] of namespaces)
    if (path.startsWith(`${namespace}.`)) {
      const element = path.slice(namespace.length + 1);
      return has(elements, element) ? [[namespace, element]] : [];
    }
  return namespaces.filter(([, elements]) => has(elements, path)).map(([ns]) => [ns, path]);
}
