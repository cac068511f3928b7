import type { MdocClaimRequest } from "./verify-device-response.js";

/** A DCQL credential query for an mdoc (OpenID4VP 1.0 §6.1 and Appendix B.2.4). */
export interface MdocCredentialQuery {
  id: string;
  format: "mso_mdoc";
  meta: { doctype_value: string };
  trusted_authorities?: { type: "aki"; values: string[] }[];
  claims: {
    path: [string, string];
    values?: (string | number | boolean)[];
    intent_to_retain?: boolean;
  }[];
}

/**
 * The DCQL credential query for one mdoc doctype: each element once, in order, with the values
 * the verifier accepts, and no intent to retain (Credport keeps only the verified result). Under
 * HAIP, `trustedAuthorities` are the key identifiers of the roots the document signer may chain to.
 */
export function mdocCredentialQuery(
  id: string,
  request: {
    docType: string;
    claims: readonly MdocClaimRequest[];
    trustedAuthorities?: readonly string[];
  },
): MdocCredentialQuery {
  const seen = new Set<string>();
  const claims = request.claims
    .filter(({ path }) => {
      const key = JSON.stringify(path);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map(({ path, values }) => ({
      path: [path[0], path[1]] as [string, string],
      ...(values ? { values: [...values] as (string | number | boolean)[] } : {}),
      intent_to_retain: false,
    }));
  return {
    id,
    format: "mso_mdoc",
    meta: { doctype_value: request.docType },
    ...(request.trustedAuthorities?.length
      ? { trusted_authorities: [{ type: "aki" as const, values: [...request.trustedAuthorities] }] }
      : {}),
    claims,
  };
}

/**
 * What the verifier checks an answer to an mdoc credential query against: the doctype it named
 * and its elements with their accepted values.
 */
export function mdocExpectation(query: {
  format: string;
  meta?: unknown;
  claims?: readonly unknown[] | undefined;
}): {
  docTypes: string[];
  claims: MdocClaimRequest[];
} {
  if (query.format !== "mso_mdoc") throw new TypeError("not an mso_mdoc credential query");
  const meta = query.meta as { doctype_value?: string } | undefined;
  return {
    docTypes: meta?.doctype_value ? [meta.doctype_value] : [],
    claims: (query.claims ?? []).map((claim) => {
      const c = claim as { path: unknown[]; values?: unknown[] };
      return {
        path: [String(c.path[0]), String(c.path[1])] as [string, string],
        ...(c.values ? { values: c.values } : {}),
      };
    }),
  };
}

/** Namespace of the elements of each doctype `preset_age_over_18` accepts (api-decisions.md). */
export const AGE_OVER_18_DOCTYPES = [
  { id: "age_av", docType: "eu.europa.ec.av.1", namespace: "eu.europa.ec.av.1" },
  { id: "age_pid", docType: "eu.europa.ec.eudi.pid.1", namespace: "eu.europa.ec.eudi.pid.1" },
  { id: "age_mdl", docType: "org.iso.18013.5.1.mDL", namespace: "org.iso.18013.5.1" },
] as const;

/** The mdoc credential queries of `preset_age_over_18`: `age_over_18` equal to `true` in each. */
export const ageOver18MdocQueries = (
  trustedAuthorities?: readonly string[],
): MdocCredentialQuery[] =>
  AGE_OVER_18_DOCTYPES.map(({ id, docType, namespace }) =>
    mdocCredentialQuery(id, {
      docType,
      claims: [{ path: [namespace, "age_over_18"], values: [true] }],
      ...(trustedAuthorities ? { trustedAuthorities } : {}),
    }),
  );
