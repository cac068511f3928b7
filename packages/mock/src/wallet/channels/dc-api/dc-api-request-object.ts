import type { X509Certificate } from "node:crypto";
import { compactVerify, decodeProtectedHeader, importJWK, type JWK, type JWTPayload } from "jose";
import { chainProblem, leafPublicJwk, x5cLeaf, x509Hash } from "../../../x509/certificate-chain.js";
import { TestWalletError } from "../../test-wallet-error.js";
import { responseEncryptionKey } from "../redirect/request-object.js";

const refuse = (why: string): never => {
  throw new TestWalletError(`test wallet: the DC API request ${why}; refusing to answer it.`);
};

/** The response modes of OpenID4VP over the DC API (Appendix A.2): in the clear, or encrypted. */
const DC_API_MODES = ["dc_api", "dc_api.jwt"];

/**
 * Checks a signed DC API request (`openid4vp-v1-signed`, OpenID4VP 1.0 Appendix A.3.2) as a careful
 * wallet does before it answers: `typ` oauth-authz-req+jwt, ES256, an `x509_hash` (or
 * `x509_san_dns`) client_id whose `x5c` chains to a trusted root and whose leaf signed it,
 * `expected_origins` naming the origin the browser reports — exactly, as strings — a vp_token in
 * `dc_api` or `dc_api.jwt` (then one ECDH-ES key to encrypt to), and no `response_uri` or
 * `redirect_uri`: the answer goes back through the browser only. Returns the request's parameters.
 */
export async function verifyDcApiRequestObject(
  jwt: string,
  origin: string,
  roots: () => Promise<X509Certificate[]>,
): Promise<JWTPayload> {
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(jwt);
  } catch {
    return refuse("is not a JWS");
  }
  if (header.typ !== "oauth-authz-req+jwt") refuse("is not typed oauth-authz-req+jwt");
  if (header.alg !== "ES256") refuse("is not signed with ES256");
  const leaf = x5cLeaf(header.x5c);
  if (!leaf) return refuse("carries no x5c");
  const problem = chainProblem(header.x5c, await roots(), new Date());
  if (problem) refuse(`is signed by a certificate this wallet does not trust (${problem})`);
  let payload: JWTPayload;
  try {
    const key: JWK = leafPublicJwk(leaf);
    const { payload: bytes } = await compactVerify(jwt, await importJWK(key, "ES256"));
    payload = JSON.parse(new TextDecoder().decode(bytes)) as JWTPayload;
  } catch {
    return refuse("does not verify with the key of its x5c");
  }
  const clientId = String(payload.client_id ?? "");
  const x509 = /^(x509_hash|x509_san_dns):(.+)$/.exec(clientId);
  if (!x509) refuse("has no x509_hash or x509_san_dns client_id");
  if (x509![1] === "x509_hash" && x509Hash((header.x5c as string[])[0]!) !== x509![2])
    refuse("carries an x5c whose leaf does not hash to its x509_hash client_id");
  if (x509![1] === "x509_san_dns" && !(leaf.subjectAltName ?? "").includes(`DNS:${x509![2]}`))
    refuse("carries an x5c whose leaf does not name the x509_san_dns client_id's host");
  const expected = payload.expected_origins;
  if (!Array.isArray(expected) || !expected.includes(origin))
    refuse(`does not list the page's origin ${origin} in expected_origins`);
  checkParameters(payload);
  return payload;
}

/**
 * The parameters every OpenID4VP request over the DC API must have, signed or not: a vp_token in
 * `dc_api` or `dc_api.jwt` (with a key to encrypt to), a nonce and a DCQL query, and no address
 * to send the answer to.
 */
export function checkParameters(params: Record<string, unknown>): void {
  if (params.response_type !== "vp_token") refuse("does not ask for a vp_token");
  if (!DC_API_MODES.includes(String(params.response_mode)))
    refuse(`does not ask for ${DC_API_MODES.join(" or ")}`);
  if ("response_uri" in params || "redirect_uri" in params)
    refuse("names an address to answer to: over the DC API, the browser carries the answer");
  if (typeof params.nonce !== "string" || params.nonce === "") refuse("has no nonce");
  if (!params.dcql_query || typeof params.dcql_query !== "object") refuse("has no dcql_query");
  if (params.response_mode === "dc_api.jwt") responseEncryptionKey(params as JWTPayload);
}
