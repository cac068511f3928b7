import { DcqlQuery } from "dcql";
import type { VerificationRecord } from "../model/records/verification-record.js";
import type { CredentialFormat, DcqlOptions } from "./credential-format.js";
import { CREDENTIAL_FORMATS, requireCredentialFormatOf } from "./formats.js";
import { ageOver18MdocQueries } from "./mso-mdoc/mdoc-dcql.js";

/** One credential query of a DCQL query. */
export type CredentialQuery = DcqlQuery["credentials"][number];

/**
 * Policies whose query offers mdocs beside the policy's own credential, one of them enough (DCQL
 * `credential_sets`): `preset_age_over_18` accepts an SD-JWT VC with `age_over_18`, or an mdoc
 * of the EU age attestation, an EUDI PID or an mDL with it (api-decisions.md, "mdoc credentials").
 */
const MDOC_ALTERNATIVES: Readonly<
  Record<string, (trustedAuthorities?: readonly string[]) => readonly CredentialQuery[]>
> = {
  preset_age_over_18: (trustedAuthorities) =>
    ageOver18MdocQueries(trustedAuthorities) as unknown as CredentialQuery[],
};

/**
 * The DCQL query of a verification and the formats it accepts: its policy's format's query, and
 * for a policy with alternatives those too, with one `credential_sets` entry whose options are
 * each credential query alone, the policy's own first.
 */
export function policyQueryOf(
  verification: VerificationRecord,
  options: DcqlOptions = {},
): { dcqlQuery: DcqlQuery; vpFormatsSupported: Record<string, unknown> } {
  const own = requireCredentialFormatOf(verification.policy);
  const query = own.dcqlQuery(verification.policy, options);
  const alternatives = MDOC_ALTERNATIVES[verification.policyId]?.(options.trustedAuthorities);
  if (!alternatives) return { dcqlQuery: query, vpFormatsSupported: own.vpFormatsSupported };
  const credentials = [...query.credentials, ...alternatives];
  const combined = DcqlQuery.parse({
    credentials,
    credential_sets: [{ options: credentials.map((c) => [c.id]), required: true }],
  } as DcqlQuery.Input);
  DcqlQuery.validate(combined);
  return {
    dcqlQuery: combined,
    vpFormatsSupported: Object.assign(
      {},
      ...formatsOf(combined).map((format) => format.vpFormatsSupported),
    ),
  };
}

/** The formats a query's credential queries name, each once. */
function formatsOf(query: DcqlQuery): CredentialFormat[] {
  return CREDENTIAL_FORMATS.filter((format) =>
    query.credentials.some((credential) => credential.format === format.id),
  );
}

/**
 * The credential query an answer's presentations answer (the channel checked they fit the query:
 * one option of its `credential_sets`, here a single query), and the format that checks it.
 */
export function answeredQueryOf(
  query: DcqlQuery,
  presentations: Record<string, string[]>,
): { credentialQuery: CredentialQuery; format: CredentialFormat; presentation: string } {
  const credentialQuery =
    query.credentials.find((credential) => presentations[credential.id]?.length) ??
    query.credentials[0]!;
  const format = CREDENTIAL_FORMATS.find((f) => f.id === credentialQuery.format);
  if (!format) throw new Error("a query names a credential format the mock does not speak");
  return {
    credentialQuery,
    format,
    presentation: presentations[credentialQuery.id]?.[0] ?? "",
  };
}
