/** Wallet hand-off URIs (docs/api.md, "Wallet hand-off URIs"). */
export const credentialOfferUrl = (baseUrl: string, issuanceId: string) =>
  `${baseUrl}/oid4vci/offers/${encodeURIComponent(issuanceId)}`;

export const offerUri = (baseUrl: string, issuanceId: string) =>
  `openid-credential-offer://?credential_offer_uri=${encodeURIComponent(credentialOfferUrl(baseUrl, issuanceId))}`;

export const presentationRequestUrl = (baseUrl: string, verificationId: string) =>
  `${baseUrl}/oid4vp/requests/${encodeURIComponent(verificationId)}`;

export const presentationResponseUrl = (baseUrl: string, verificationId: string) =>
  `${baseUrl}/oid4vp/responses/${encodeURIComponent(verificationId)}`;

/** The verifier's client identifier: the `redirect_uri:` prefix naming its direct_post response URI. */
export const verifierClientId = (baseUrl: string, verificationId: string) =>
  `redirect_uri:${presentationResponseUrl(baseUrl, verificationId)}`;

export const authorizationRequestUri = (baseUrl: string, verificationId: string) =>
  `openid4vp://?client_id=${encodeURIComponent(verifierClientId(baseUrl, verificationId))}&request_uri=${encodeURIComponent(
    presentationRequestUrl(baseUrl, verificationId),
  )}`;
