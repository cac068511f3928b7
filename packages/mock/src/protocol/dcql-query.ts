import { DcqlQuery } from "dcql";

/** Query ID of the one credential a Credport verification asks for. */
export const CREDENTIAL_QUERY_ID = "credential";

/** The DCQL query of a verification: the policy's credential type and every one of its fields. */
export function dcqlQueryFor(policy: { vct: string; fields: { path: string[] }[] }): DcqlQuery {
  const query = {
    credentials: [
      {
        id: CREDENTIAL_QUERY_ID,
        format: "dc+sd-jwt" as const,
        meta: { vct_values: [policy.vct] },
        claims: policy.fields.map((field) => ({ path: field.path })),
      },
    ],
  };
  const parsed = DcqlQuery.parse(query);
  DcqlQuery.validate(parsed);
  return parsed;
}
