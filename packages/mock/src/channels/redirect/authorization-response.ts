import type { DcqlQuery } from "dcql";
import type { Refusal } from "../../protocol/oauth/oauth-error.js";

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
  for (const id of queries.keys())
    if (!presentations[id]) return invalid(`vp_token has no presentation for ${id}.`);
  return { ok: true, response: { kind: "vp_token", presentations } };
}
