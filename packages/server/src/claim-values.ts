import { claimLocations } from "@credport/core";

/**
 * The values a dot-joined requirement path reads in verified claims of either shape (an SD-JWT
 * VC's by path; an mdoc's by namespace and element, or by element in every namespace that has it:
 * `claimLocations` in `@credport/core`). Empty when the claims do not have it.
 */
export function claimValues(claims: Record<string, unknown>, path: string): unknown[] {
  return claimLocations(claims, path).map((segments) =>
    segments.reduce<unknown>((node, segment) => (node as Record<string, unknown>)[segment], claims),
  );
}
