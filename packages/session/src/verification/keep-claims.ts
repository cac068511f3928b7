import { claimLocations } from "@credport/core";

/**
 * Only the claims at these dot-joined paths, nested as they were: an mdoc's element stays in its
 * namespace (`age_over_18` keeps `{ "eu.europa.ec.av.1": { age_over_18: true } }`).
 */
export function keepClaims(
  claims: Record<string, unknown>,
  paths: string[],
): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const segments of paths.flatMap((path) => claimLocations(claims, path))) {
    const value = segments.reduce<unknown>(
      (node, segment) => (node as Record<string, unknown>)[segment],
      claims,
    );
    let node = kept;
    for (const segment of segments.slice(0, -1)) {
      node[segment] ??= {};
      node = node[segment] as Record<string, unknown>;
    }
    node[segments.at(-1)!] = value;
  }
  return kept;
}
