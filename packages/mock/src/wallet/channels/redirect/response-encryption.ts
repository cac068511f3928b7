import { CompactEncrypt, importJWK, type JWTPayload } from "jose";
import { responseEncryptionKey } from "./request-object.js";

/** A `direct_post.jwt` response (OpenID4VP 1.0 §8.3): ECDH-ES to the request's key, `kid` naming it. */
export async function encryptResponse(request: JWTPayload, params: Record<string, unknown>) {
  const { jwk, enc } = responseEncryptionKey(request);
  // The global Uint8Array's bytes, which jose checks with instanceof: under jsdom that is the
  // window's, not the one TextEncoder returns.
  return new CompactEncrypt(new Uint8Array(Buffer.from(JSON.stringify(params), "utf8")))
    .setProtectedHeader({ alg: "ECDH-ES", enc, kid: jwk.kid! })
    .encrypt(await importJWK({ ...jwk, alg: "ECDH-ES" }, "ECDH-ES"));
}
