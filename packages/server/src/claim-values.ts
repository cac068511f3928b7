import { claimAt } from "@credport/core";

/** An mdoc namespace is reverse-DNS (`eu.europa.ec.av.1`): a top-level claim name with a dot. */
const isNamespace = (name: string, value: unknown) =>
  name.includes(".") && typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The values a dot-joined requirement path reads in verified claims of either shape:
 *
 * - an SD-JWT VC's claims by path (`age_over_18`, `address.country`);
 * - an mdoc's, which keep their namespaces (`{ "org.iso.18013.5.1": { age_over_18: true } }`):
 *   by namespace and element (`org.iso.18013.5.1.age_over_18`), or by element alone, read in every
 *   namespace that has it — all of them must then say the required value.
 *
 * Empty when the claims do not have it.
 */
export function claimValues(claims: Record<string, unknown>, path: string): unknown[] {
  const direct = claimAt(claims, path);
  if (direct !== undefined) return [direct];
  const namespaces = Object.entries(claims).filter(([name, value]) => isNamespace(name, value));
  for (const [namespace, elements] of namespaces)
    if (path.startsWith(`${namespace}.`)) {
      const element = path.slice(namespace.length + 1);
      const value = Object.hasOwn(elements as object, element)
        ? (elements as Record<string, unknown>)[element]
        : undefined;
      return value === undefined ? [] : [value];
    }
  return namespaces.flatMap(([, elements]) =>
    Object.hasOwn(elements as object, path) ? [(elements as Record<string, unknown>)[path]] : [],
  );
}
