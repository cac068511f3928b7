import type { X509Certificate } from "node:crypto";
import { compactVerify, decodeProtectedHeader, importJWK, type JWK, type JWTPayload } from "jose";
import { chainProblem, leafPublicJwk, x5cLeaf, x509Hash } from "../../../x509/certificate-chain.js";
import { TestWalletError } from "../../test-wallet-error.js";

const DID_CLIENT_PREFIX = "decentralized_identifier:";
const STATIC_DISCOVERY_AUDIENCE = "https://self-issued.me/v2";

const refuse = (why: string): never => {
  throw new TestWalletError(`test wallet: the request object ${why}; refusing to answer it.`);
};

/**
 * Checks a request object the way OpenID4VP 1.0 (§5.9) and JAR (RFC 9101) ask a wallet to, before
 * it sends anything anywhere: `typ` oauth-authz-req+jwt, ES256, the same `client_id` as the
 * authorization request, `aud` https://self-issued.me/v2, a vp_token answered to an http(s)
 * `response_uri`; and the signer, by the client_id's prefix:
 *
 * - `decentralized_identifier:did:jwk:…`: `kid` is the DID's `#0` key, and the key comes from the
 *   DID, never from the header; `direct_post`;
 * - `x509_hash:<hash>` (HAIP 1.0) or `x509_san_dns:<host>`: `x5c` chains to one of `trustedRoots`
 *   (without carrying it), its leaf signed the JWT and hashes to the client_id (or names the host
 *   as a SAN dNSName, the `response_uri`'s host too); `direct_post`, or `direct_post.jwt` with one
 *   ECDH-ES P-256 key (with a `kid`) in `client_metadata.jwks`.
 *
 * Returns the request's parameters.
 */
export async function verifyRequestObject(
  jwt: string,
  clientId: string,
  trust: { roots?: () => Promise<X509Certificate[]> } = {},
): Promise<JWTPayload> {
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(jwt);
  } catch {
    return refuse("is not a JWS");
  }
  if (header.typ !== "oauth-authz-req+jwt") refuse("is not typed oauth-authz-req+jwt");
  if (header.alg !== "ES256") refuse("is not signed with ES256");
  const x509 = /^(x509_hash|x509_san_dns):(.+)$/.exec(clientId);
  let key: JWK;
  if (x509) {
    if (!trust.roots)
      return refuse(`comes from an ${x509[1]} client_id, and no CA root is trusted`);
    const problem = chainProblem(header.x5c, await trust.roots(), new Date());
    if (problem) refuse(`is signed by a certificate this wallet does not trust (${problem})`);
    const leaf = x5cLeaf(header.x5c)!;
    if (x509[1] === "x509_hash" && x509Hash((header.x5c as string[])[0]!) !== x509[2])
      refuse("carries an x5c whose leaf does not hash to its x509_hash client_id");
    if (x509[1] === "x509_san_dns" && !sanDnsNames(leaf).includes(x509[2]!))
      refuse("carries an x5c whose leaf does not name the x509_san_dns client_id's host");
    key = leafPublicJwk(leaf);
  } else {
    if (!clientId.startsWith(`${DID_CLIENT_PREFIX}did:jwk:`))
      refuse("comes from a client_id prefix this wallet does not support");
    const did = clientId.slice(DID_CLIENT_PREFIX.length);
    if (header.kid !== `${did}#0`) refuse("is not signed with the key of its client_id");
    try {
      key = didJwkKey(did);
    } catch {
      return refuse("names a did:jwk that is not a P-256 public key");
    }
  }

  let payload: JWTPayload;
  try {
    const { payload: bytes } = await compactVerify(jwt, await importJWK(key, "ES256"));
    payload = JSON.parse(new TextDecoder().decode(bytes)) as JWTPayload;
  } catch {
    return refuse("does not verify with the key of its client_id");
  }
  if (payload.client_id !== clientId) refuse("names another client_id");
  if (payload.aud !== STATIC_DISCOVERY_AUDIENCE)
    refuse(`is not addressed to ${STATIC_DISCOVERY_AUDIENCE}`);
  if (payload.response_type !== "vp_token") refuse("does not ask for a vp_token");
  const modes = x509 ? ["direct_post", "direct_post.jwt"] : ["direct_post"];
  if (!modes.includes(String(payload.response_mode)))
    refuse(`does not ask for ${modes.join(" or ")}`);
  if ("redirect_uri" in payload) refuse("carries a redirect_uri beside a response_uri");
  if (typeof payload.response_uri !== "string" || !/^https?:\/\//.test(payload.response_uri))
    refuse("has no http(s) response_uri");
  if (x509?.[1] === "x509_san_dns" && new URL(payload.response_uri as string).hostname !== x509[2])
    refuse("sends the answer to a host other than its x509_san_dns client_id");
  if (payload.response_mode === "direct_post.jwt") responseEncryptionKey(payload);
  return payload;
}

/**
 * The key a `direct_post.jwt` answer is encrypted to: the one ECDH-ES P-256 key with a `kid` in
 * `client_metadata.jwks`, and the content encryption to use (A128GCM unless only A256GCM is offered).
 */
export function responseEncryptionKey(payload: JWTPayload): {
  jwk: JWK;
  enc: "A128GCM" | "A256GCM";
} {
  const metadata = payload.client_metadata as
    | { jwks?: { keys?: JWK[] }; encrypted_response_enc_values_supported?: string[] }
    | undefined;
  const keys = (metadata?.jwks?.keys ?? []).filter(
    (k) => k.kty === "EC" && k.crv === "P-256" && (k.alg ?? "ECDH-ES") === "ECDH-ES",
  );
  if (keys.length !== 1 || typeof keys[0]!.kid !== "string" || "d" in keys[0]!)
    return refuse("asks for direct_post.jwt without one ECDH-ES P-256 public key (with a kid)");
  const offered = metadata?.encrypted_response_enc_values_supported ?? ["A128GCM"];
  const enc = (["A128GCM", "A256GCM"] as const).find((e) => offered.includes(e));
  if (!enc) return refuse("offers no content encryption this wallet supports");
  return { jwk: keys[0]!, enc };
}

function sanDnsNames(cert: X509Certificate): string[] {
  return (cert.subjectAltName ?? "")
    .split(", ")
    .filter((name) => name.startsWith("DNS:"))
    .map((name) => name.slice(4));
}

/** The public key a did:jwk is made of. */
function didJwkKey(did: string): JWK {
  const jwk = JSON.parse(
    Buffer.from(did.slice("did:jwk:".length), "base64url").toString("utf8"),
  ) as JWK;
  if (jwk.kty !== "EC" || jwk.crv !== "P-256" || "d" in jwk)
    throw new TestWalletError("not a P-256 public key");
  return jwk;
}
