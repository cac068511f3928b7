import { DcqlQuery } from "dcql";
import type { PolicyField } from "../../model/records/policy-record.js";

/** Query ID of the one credential a Credport verification asks for. */
export const CREDENTIAL_QUERY_ID = "credential";

/**
 * The DCQL query of a verification: the policy's credential type and each of its fields once, in
 * the policy's order (a policy may name a field twice; a query that does is ambiguous to wallets),
 * with the values it requires (`values`: the wallet should share the claim only if it matches).
 */
export function dcqlQueryFor(
  policy: { vct: string; fields: PolicyField[] },
  options: {
    /**
     * The key identifier of the CA a credential must chain to (DCQL `trusted_authorities`, type
     * `aki`, as HAIP 1.0 asks): the test CA's root under the `haip` profile.
     */
    trustedAuthority?: string;
  } = {},
): DcqlQuery {
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
        ...(options.trustedAuthority
          ? { trusted_authorities: [{ type: "aki" as const, values: [options.trustedAuthority] }] }
          : {}),
        claims,
      },
    ],
  };
  const parsed = DcqlQuery.parse(query);
  DcqlQuery.validate(parsed);
  return parsed;
}
