import type { Model } from "../model/model.js";

/** Wallet hand-off URIs (docs/api.md, "Wallet hand-off URIs"). */
export const credentialOfferUrl = (baseUrl: string, issuanceId: string) =>
  `${baseUrl}/oid4vci/offers/${encodeURIComponent(issuanceId)}`;

export const offerUri = (baseUrl: string, issuanceId: string) =>
  `openid-credential-offer://?credential_offer_uri=${encodeURIComponent(credentialOfferUrl(baseUrl, issuanceId))}`;

export const presentationRequestUrl = (baseUrl: string, verificationId: string) =>
  `${baseUrl}/oid4vp/requests/${encodeURIComponent(verificationId)}`;

export const presentationResponseUrl = (baseUrl: string, verificationId: string) =>
  `${baseUrl}/oid4vp/responses/${encodeURIComponent(verificationId)}`;

/** Where a same-device wallet sends its browser after answering (HAIP: `redirect_uri`). */
export const presentationReturnUrl = (baseUrl: string, verificationId: string, code: string) =>
  `${presentationResponseUrl(baseUrl, verificationId)}/return?response_code=${encodeURIComponent(code)}`;

export { verifierClientId } from "../model/pki/verifier-identity.js";

export const authorizationRequestUri = (
  baseUrl: string,
  verificationId: string,
  clientId: string,
) =>
  `openid4vp://?client_id=${encodeURIComponent(clientId)}&request_uri=${encodeURIComponent(presentationRequestUrl(baseUrl, verificationId))}`;

/** Where the emulator serves the test wallet page. */
export const TEST_WALLET_PATH = "/wallet";

/** The test wallet page for a hand-off URI (`openid-credential-offer://…` or `openid4vp://…`). */
export const testWalletUrl = (baseUrl: string, uri: string) =>
  `${baseUrl}${TEST_WALLET_PATH}?uri=${encodeURIComponent(uri)}`;

/**
 * The test wallet page for a test-environment offer's (`iss_…`) or verification's (`ver_…`)
 * hand-off URI: the link its create answer carried. `undefined` for an unknown ID or a live record.
 */
export async function testWalletUrlOf(
  model: Model,
  baseUrl: string,
  id: string,
): Promise<string | undefined> {
  const offer = model.issuance.findForProtocol(id);
  if (offer) {
    return offer.tenant.environment === "test"
      ? testWalletUrl(baseUrl, offerUri(baseUrl, offer.id))
      : undefined;
  }
  const verification = model.verifications.findForProtocol(id);
  if (verification?.tenant.environment !== "test") return undefined;
  const clientId = await model.protocol.verifier.clientIdFor(verification.tenant, baseUrl);
  return testWalletUrl(baseUrl, authorizationRequestUri(baseUrl, verification.id, clientId));
}
