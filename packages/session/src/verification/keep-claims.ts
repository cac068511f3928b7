import { claimAt } from "@credport/core";

/** Only the claims at these dot-joined paths, nested as they were. */
export function keepClaims(
  claims: Record<string, unknown>,
  paths: string[],
): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const path of paths) {
    const value = claimAt(claims, path);
    if (value === undefined) continue;
    const segments = path.split(".");
    let node = kept;
    for (const segment of segments.slice(0, -1)) {
      node[segment] ??= {};
      node = node[segment] as Record<string, unknown>;
    }
    node[segments.at(-1)!] = value;
  }
  return kept;
}
