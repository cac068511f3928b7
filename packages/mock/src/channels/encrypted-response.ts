import { compactDecrypt, decodeProtectedHeader, importJWK } from "jose";
import type { ResponseKey } from "../model/protocol-state/verifier-protocol-state.js";
import type { Refusal } from "../protocol/oauth/oauth-error.js";
import { MAX_JSON_DEPTH, parseBoundedJson } from "./bounded-json.js";
import { RESPONSE_ENC_VALUES } from "./openid4vp-request.js";

const invalid = (description: string): { ok: false; refusal: Refusal } => ({
  ok: false,
  refusal: { error: "invalid_request", description },
});

/**
 * The parameters of a `direct_post.jwt` Authorization Response (OpenID4VP 1.0 §8.3, HAIP 1.0 §5):
 * the form's only parameter `response`, a JWE encrypted with `ECDH-ES` (P-256) to the ephemeral key
 * this verification's request object carried — `kid` naming it — and `A128GCM` or `A256GCM`;
 * its payload a JSON object of the response parameters (`vp_token` as a JSON object, `state`,
 * or `error`). An unencrypted `vp_token`, another algorithm, another key or a JWE that does not
 * decrypt is `invalid_request`. A plain `error` post is read as it is: it discloses nothing, and a
 * wallet that cannot encrypt can still say no.
 */
export async function readEncryptedResponse(
  form: Map<string, string>,
  key: Promise<ResponseKey> | undefined,
): Promise<{ ok: true; params: Map<string, string> } | { ok: false; refusal: Refusal }> {
  const jwe = form.get("response");
  if (jwe === undefined) {
    if (form.has("vp_token"))
      return invalid(
        "This verifier asks for response_mode direct_post.jwt: send the vp_token encrypted, in the response parameter.",
      );
    return { ok: true, params: form };
  }
  if (form.size > 1)
    return invalid("A direct_post.jwt answer carries only the response parameter.");
  if (!key)
    return invalid(
      "This request has no response encryption key: fetch its request object first, then encrypt to the key in its client_metadata.",
    );
  const { kid, privateJwk } = await key;
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(jwe);
  } catch {
    return invalid("response is not a JWE.");
  }
  if (header.alg !== "ECDH-ES")
    return invalid(`response must be encrypted with alg ECDH-ES, not ${String(header.alg)}.`);
  if (!(RESPONSE_ENC_VALUES as readonly unknown[]).includes(header.enc))
    return invalid(
      `response must be encrypted with enc ${RESPONSE_ENC_VALUES.join(" or ")}, not ${String(header.enc)}.`,
    );
  if (header.kid !== kid)
    return invalid(
      "response is not encrypted to this request's key: its kid is not the kid of the key in the request object's client_metadata.",
    );
  let plaintext: Uint8Array;
  try {
    ({ plaintext } = await compactDecrypt(jwe, await importJWK(privateJwk, "ECDH-ES"), {
      keyManagementAlgorithms: ["ECDH-ES"],
      contentEncryptionAlgorithms: [...RESPONSE_ENC_VALUES],
    }));
  } catch {
    return invalid("response does not decrypt with this request's key.");
  }
  const payload = parseBoundedJson(new TextDecoder().decode(plaintext));
  if (!payload || typeof payload !== "object" || Array.isArray(payload))
    return invalid(
      `The decrypted response is not a JSON object nesting at most ${MAX_JSON_DEPTH} levels.`,
    );
  const params = new Map<string, string>();
  for (const [name, value] of Object.entries(payload)) {
    // The form's strings, as a direct_post answer carries them (vp_token is JSON in either).
    params.set(name, typeof value === "string" ? value : JSON.stringify(value));
  }
  return { ok: true, params };
}
