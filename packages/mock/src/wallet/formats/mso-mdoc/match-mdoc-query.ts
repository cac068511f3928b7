import { DcqlQuery } from "dcql";
import { type HeldMdoc, namespacesOf } from "./held-mdoc.js";

/** The mdoc a wallet presents for a DCQL query, and the elements to disclose. */
export interface MdocMatch {
  credentialQueryId: string;
  held: HeldMdoc;
  elements: [string, string][];
}

/**
 * Matches a DCQL query against the wallet's mdocs with the `dcql` library (doctype, elements and
 * their values), honouring `credential_sets`: the first satisfied option's mdoc query, the newest
 * mdoc that satisfies it. `undefined` when none does.
 */
export function matchMdocQuery(
  /** A DCQL query as a request carries it (parsed and validated here). */
  query: unknown,
  heldMdocs: readonly HeldMdoc[],
): MdocMatch | undefined {
  const parsed = DcqlQuery.parse(query as DcqlQuery.Input);
  DcqlQuery.validate(parsed);
  const credentials = heldMdocs.map((held) => ({
    credential_format: "mso_mdoc" as const,
    doctype: held.docType,
    namespaces: namespacesOf(held),
    cryptographic_holder_binding: true,
  }));
  if (credentials.length === 0) return undefined;
  const result = DcqlQuery.query(parsed, credentials as never);
  const mdocQueries = parsed.credentials.filter((c) => c.format === "mso_mdoc");
  const order = parsed.credential_sets
    ? parsed.credential_sets.flatMap((set) => set.options.flat())
    : mdocQueries.map((c) => c.id);
  for (const id of order) {
    const credentialQuery = mdocQueries.find((c) => c.id === id);
    const match = result.credential_matches[id];
    if (!credentialQuery || !match?.success) continue;
    const index = Math.max(...match.valid_credentials.map((v) => v.input_credential_index));
    return {
      credentialQueryId: id,
      held: heldMdocs[index]!,
      elements: (credentialQuery.claims ?? []).map((c) =>
        // Pre-1.0 drafts named elements by `namespace` and `claim_name`; 1.0 by `path`.
        "path" in c ? [c.path[0], c.path[1]] : [c.namespace, c.claim_name],
      ),
    };
  }
  return undefined;
}
