import type { DcqlQuery } from "dcql";
import type { Refusal } from "../protocol/oauth/oauth-error.js";

export type AuthorizationResponse =
  | { kind: "error"; error: string }
  | { kind: "vp_token"; presentations: Record<string, string[]> };

const invalid = (description: string): { ok: false; refusal: Refusal } => ({
  ok: false,
  refusal: { error: "invalid_request", description },
});

/**
 * The parameters of a direct_post Authorization Response (OpenID4VP 1.0 §8.1, §8.2): the request's
 * `state`, and either `error` or a `vp_token` that is a JSON object with one entry per credential
 * query of the DCQL query, each a non-empty array of presentation strings — exactly one unless the
 * query set `multiple`. Anything else is the wallet's mistake, not a verdict on the holder: it is
 * refused and the verification stays open.
 */
export function readAuthorizationResponse(
  params: Map<string, string>,
  expected: { state: string; query: DcqlQuery },
): { ok: true; response: AuthorizationResponse } | { ok: false; refusal: Refusal } {
  if (params.get("state") !== expected.state)
    return invalid("state is missing or is not the state of this request.");
  const error = params.get("error");
  const vpToken = params.get("vp_token");
  if (error !== undefined && vpToken !== undefined)
    return invalid("Send either vp_token or error, not both.");
  if (error !== undefined) {
    if (error === "") return invalid("error must not be empty.");
    return { ok: true, response: { kind: "error", error } };
  }
  if (vpToken === undefined) return invalid("The response has neither vp_token nor error.");

  let token: unknown;
  try {
    token = JSON.parse(vpToken);
  } catch {
    return invalid("vp_token is not JSON.");
  }
  if (!token || typeof token !== "object" || Array.isArray(token))
    return invalid("vp_token must be a JSON object keyed by credential query ID.");
  const queries = new Map(expected.query.credentials.map((q) => [q.id, q]));
  const presentations: Record<string, string[]> = {};
  for (const [id, entry] of Object.entries(token)) {
    const query = queries.get(id);
    if (!query) return invalid(`vp_token names ${id}, which is not a credential query.`);
    if (!Array.isArray(entry) || entry.length === 0)
      return invalid(`vp_token.${id} must be a non-empty array of presentations.`);
    if (entry.length > 1 && !query.multiple)
      return invalid(`vp_token.${id} must hold exactly one presentation: multiple was not asked.`);
    if (entry.some((p) => typeof p !== "string"))
      return invalid(`vp_token.${id} must hold SD-JWT presentations as strings.`);
    presentations[id] = entry as string[];
  }
  const missing = unansweredQuery(expected.query, Object.keys(presentations));
  if (missing) return invalid(missing);
  return { ok: true, response: { kind: "vp_token", presentations } };
}

/**
 * Why the presentations' query IDs do not answer the query, or `undefined` when they do: every
 * credential query (no `credential_sets`), or for each required credential set one of its options
 * exactly, and nothing no option names (OpenID4VP 1.0 §6.4.2).
 */
function unansweredQuery(query: DcqlQuery, answered: string[]): string | undefined {
  if (!query.credential_sets) {
    const missing = query.credentials.find((q) => !answered.includes(q.id));
    return missing ? `vp_token has no presentation for ${missing.id}.` : undefined;
  }
  const used = new Set<string>();
  for (const set of query.credential_sets) {
    const option = set.options.find((ids) => ids.every((id) => answered.includes(id)));
    if (!option) {
      if (set.required === false) continue;
      return `vp_token answers none of the options of a required credential set (${set.options.map((o) => o.join("+")).join(", ")}).`;
    }
    for (const id of option) used.add(id);
  }
  const extra = answered.find((id) => !used.has(id));
  return extra ? `vp_token.${extra} answers no option of the query's credential sets.` : undefined;
}
