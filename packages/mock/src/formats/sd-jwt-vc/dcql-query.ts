import { DcqlQuery } from "dcql";
import { CREDENTIAL_QUERY_ID, type DcqlOptions, type QueriedPolicy } from "../credential-format.js";

/**
 * The DCQL query of a verification: the policy's credential type and each of its fields once, in
 * the policy's order (a policy may name a field twice; a query that does is ambiguous to wallets),
 * with the values it requires (`values`: the wallet should share the claim only if it matches).
 */
export function dcqlQueryFor(policy: QueriedPolicy, options: DcqlOptions = {}): DcqlQuery {
  const seen = new Set<string>();
  const claims = policy.fields
    .filter((field) => {
      const key = JSON.stringify(field.path);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((field) => ({ path: field.path, ...(field.values ? { values: field.values } : {}) }));
  const query = {
    credentials: [
      {
        id: CREDENTIAL_QUERY_ID,
        format: "dc+sd-jwt" as const,
        meta: { vct_values: [policy.vct] },
        ...(options.trustedAuthorities?.length
          ? {
              trusted_authorities: [
                { type: "aki" as const, values: [...options.trustedAuthorities] },
              ],
            }
          : {}),
        claims,
      },
    ],
  };
  const parsed = DcqlQuery.parse(query);
  DcqlQuery.validate(parsed);
  return parsed;
}
