/** A claim value that can be required exactly. */
export type ClaimValue = string | number | boolean | null;

/**
 * What a verification's signed claims must say for a session: exact values by dot-joined path
 * (`{ age_over_18: true, "address.country": "DE" }`), or a function deciding from the claims.
 */
export type ClaimRequirements =
  | Readonly<Record<string, ClaimValue>>
  | ((
      claims: Record<string, unknown>,
      context: { policyId: string },
    ) => boolean | Promise<boolean>);

/**
 * Requirements of the built-in presets when the app states none: a disclosed `age_over_18` can be
 * `false`, and verified only means it was disclosed.
 */
export const PRESET_CLAIM_REQUIREMENTS: Readonly<
  Record<string, Readonly<Record<string, ClaimValue>>>
> = {
  preset_age_over_18: { age_over_18: true },
};

export function claimAt(claims: Record<string, unknown>, path: string): unknown {
  let value: unknown = claims;
  for (const segment of path.split(".")) {
    if (typeof value !== "object" || value === null || !Object.hasOwn(value, segment))
      return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

/**
 * `undefined` when the claims meet the requirements (the app's, else the preset's); otherwise why
 * not, naming the claim (never its value: claims are personal data).
 */
export async function unmetClaimRequirement(
  claims: Record<string, unknown>,
  policyId: string,
  requirements: ClaimRequirements | undefined,
): Promise<string | undefined> {
  const rule = requirements ?? PRESET_CLAIM_REQUIREMENTS[policyId] ?? {};
  if (typeof rule === "function")
    return (await rule(claims, { policyId }))
      ? undefined
      : "the app's requireClaims refused the claims";
  for (const [path, expected] of Object.entries(rule)) {
    if (claimAt(claims, path) !== expected)
      return `the verified claim ${path} is not ${JSON.stringify(expected)}`;
  }
  return undefined;
}
