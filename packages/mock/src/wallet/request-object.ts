import { compactVerify, decodeProtectedHeader, importJWK, type JWK, type JWTPayload } from "jose";

const DID_CLIENT_PREFIX = "decentralized_identifier:";
const STATIC_DISCOVERY_AUDIENCE = "https://self-issued.me/v2";

const refuse = (why: string): never => {
  throw new Error(`test wallet: the request object ${why}; refusing to answer it.`);
};

/**
 * Checks a request object the way OpenID4VP 1.0 (§5.9, decentralized_identifier prefix) and JAR
 * (RFC 9101) ask a wallet to, before it sends anything anywhere: `typ` oauth-authz-req+jwt; the
 * `client_id` of the authorization request is a did:jwk under `decentralized_identifier:`; the JWT is
 * signed with that DID's key — `kid` is the DID's `#0` key, and the key comes from the DID, never
 * from the header — and names the same `client_id`, `aud` https://self-issued.me/v2, and a
 * direct_post answer to a `response_uri`. Returns the request's parameters.
 */
export async function verifyRequestObject(jwt: string, clientId: string): Promise<JWTPayload> {
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(jwt);
  } catch {
    return refuse("is not a JWS");
  }
  if (header.typ !== "oauth-authz-req+jwt") refuse("is not typed oauth-authz-req+jwt");
  if (header.alg !== "ES256") refuse("is not signed with ES256");
  if (!clientId.startsWith(`${DID_CLIENT_PREFIX}did:jwk:`))
    refuse("comes from a client_id prefix this wallet does not support (only did:jwk)");
  const did = clientId.slice(DID_CLIENT_PREFIX.length);
  if (header.kid !== `${did}#0`) refuse("is not signed with the key of its client_id");

  let payload: JWTPayload;
  try {
    const key = await importJWK(didJwkKey(did), "ES256");
    const { payload: bytes } = await compactVerify(jwt, key);
    payload = JSON.parse(new TextDecoder().decode(bytes)) as JWTPayload;
  } catch {
    return refuse("does not verify with the key of its client_id");
  }
  if (payload.client_id !== clientId) refuse("names another client_id");
  if (payload.aud !== STATIC_DISCOVERY_AUDIENCE)
    refuse(`is not addressed to ${STATIC_DISCOVERY_AUDIENCE}`);
  if (payload.response_type !== "vp_token") refuse("does not ask for a vp_token");
  if (payload.response_mode !== "direct_post") refuse("does not ask for direct_post");
  if ("redirect_uri" in payload) refuse("carries a redirect_uri beside direct_post");
  if (typeof payload.response_uri !== "string" || !/^https?:\/\//.test(payload.response_uri))
    refuse("has no http(s) response_uri");
  return payload;
}

/** The public key a did:jwk is made of. */
function didJwkKey(did: string): JWK {
  const jwk = JSON.parse(
    Buffer.from(did.slice("did:jwk:".length), "base64url").toString("utf8"),
  ) as JWK;
  if (jwk.kty !== "EC" || jwk.crv !== "P-256" || "d" in jwk)
    throw new Error("not a P-256 public key");
  return jwk;
}
