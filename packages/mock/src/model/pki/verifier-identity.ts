import type { Environment } from "../keys.js";

/**
 * The OpenID4VP client identifier of a verifier key's did:jwk: the `decentralized_identifier`
 * prefix (OpenID4VP 1.0 §5.9.3). Each project environment has its own (see ProtocolState).
 */
export const verifierClientId = (verifierDid: string) => `decentralized_identifier:${verifierDid}`;

/** Which verifier asks for a presentation: the project environment and the client_id it signs as. */
export interface VerifierIdentity {
  /**
   * The `client_id` of the project's request objects: `x509_hash:…` (HAIP), `x509_san_dns:<host>`
   * or `decentralized_identifier:did:jwk:…` (plain profile).
   */
  clientId: string;
  projectId: string;
  environment: Environment;
}
