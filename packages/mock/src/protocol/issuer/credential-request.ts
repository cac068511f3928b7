import type { Refusal } from "../oauth/oauth-error.js";

/** What the access token allows the wallet to ask for. */
export interface CredentialRequestScope {
  configurationId: string;
  /** Present when the token response handed out `credential_identifiers`. */
  credentialIdentifiers?: string[];
}

const invalid = (description: string): { ok: false; refusal: Refusal } => ({
  ok: false,
  refusal: { error: "invalid_credential_request", description },
});

/**
 * The shape of a Credential Request (OpenID4VCI 1.0 §8.2), checked before any proof is: JSON,
 * exactly one way to name the credential (`credential_identifier` when the token response handed
 * identifiers out, `credential_configuration_id` otherwise), and `proofs` holding one `jwt`. This
 * issuer does not advertise `batch_credential_issuance`, so a second proof is refused, and the
 * draft-13 `proof` parameter is refused rather than ignored, so that a wallet built on an old draft
 * learns why. `credential_response_encryption` is refused (`invalid_encryption_parameters`): the
 * issuer does not encrypt, and must not answer in plain text a wallet that asked it to. Nothing
 * here changes state.
 */
export async function readCredentialRequest(
  request: Request,
  scope: CredentialRequestScope,
): Promise<{ ok: true; proofJwt: string } | { ok: false; refusal: Refusal }> {
  const mediaType = (request.headers.get("content-type") ?? "").split(";")[0]!.trim();
  if (mediaType.toLowerCase() !== "application/json")
    return invalid("The credential request must be application/json.");
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return invalid("The credential request is not valid JSON.");
  }
  if (!body || typeof body !== "object" || Array.isArray(body))
    return invalid("The credential request must be a JSON object.");
  const fields = body as Record<string, unknown>;

  const named = checkCredentialName(fields, scope);
  if (named) return { ok: false, refusal: named };

  // Encryption is not offered (no credential_response_encryption in the issuer metadata). A wallet
  // that asks for it must never get the credential in plain text: refuse (OpenID4VCI 1.0 §8.3.1.2).
  if ("credential_response_encryption" in fields)
    return {
      ok: false,
      refusal: {
        error: "invalid_encryption_parameters",
        description:
          "credential_response_encryption: this issuer does not encrypt credential responses (its metadata advertises no encryption); send the request without it.",
      },
    };

  if ("proof" in fields)
    return invalid(
      "The proof parameter is from draft 13; send proofs: { jwt: [<proof>] } (OpenID4VCI 1.0).",
    );
  if (!("proofs" in fields))
    return {
      ok: false,
      refusal: { error: "invalid_proof", description: "The proofs parameter is missing." },
    };
  const proofs = fields.proofs;
  if (!proofs || typeof proofs !== "object" || Array.isArray(proofs))
    return invalid("proofs must be an object with one proof type, jwt.");
  const types = Object.keys(proofs);
  if (types.length !== 1 || types[0] !== "jwt")
    return invalid("proofs must hold exactly one proof type, and only jwt is supported.");
  const jwts = (proofs as { jwt: unknown }).jwt;
  if (!Array.isArray(jwts) || jwts.length === 0)
    return invalid("proofs.jwt must be a non-empty array.");
  if (jwts.length > 1)
    return invalid(
      "This issuer does not advertise batch_credential_issuance: send exactly one proof.",
    );
  if (typeof jwts[0] !== "string") return invalid("proofs.jwt[0] must be a JWT string.");
  return { ok: true, proofJwt: jwts[0] };
}

function checkCredentialName(
  fields: Record<string, unknown>,
  scope: CredentialRequestScope,
): Refusal | undefined {
  const byIdentifier = "credential_identifier" in fields;
  const byConfiguration = "credential_configuration_id" in fields;
  if (byIdentifier && byConfiguration)
    return invalidName("Send credential_identifier or credential_configuration_id, not both.");
  if (scope.credentialIdentifiers) {
    if (!byIdentifier)
      return invalidName(
        "The token response handed out credential_identifiers: send credential_identifier.",
      );
    if (typeof fields.credential_identifier !== "string")
      return invalidName("credential_identifier must be a string.");
    if (!scope.credentialIdentifiers.includes(fields.credential_identifier))
      return {
        error: "unknown_credential_identifier",
        description: "This access token does not cover that credential_identifier.",
      };
    return undefined;
  }
  if (byIdentifier)
    return invalidName(
      "No credential_identifiers were handed out: send credential_configuration_id.",
    );
  if (!byConfiguration) return invalidName("credential_configuration_id is required.");
  if (typeof fields.credential_configuration_id !== "string")
    return invalidName("credential_configuration_id must be a string.");
  if (fields.credential_configuration_id !== scope.configurationId)
    return {
      error: "unknown_credential_configuration",
      description: "This access token is for another credential configuration.",
    };
  return undefined;
}

const invalidName = (description: string): Refusal => ({
  error: "invalid_credential_request",
  description,
});
