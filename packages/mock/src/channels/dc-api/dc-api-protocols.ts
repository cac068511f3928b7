/**
 * The Digital Credentials API's protocol identifiers this verifier speaks (OpenID4VP 1.0 Appendix
 * A): a signed request object under `haip`, the request parameters themselves under `plain`.
 */
export const DC_API_SIGNED = "openid4vp-v1-signed";
export const DC_API_UNSIGNED = "openid4vp-v1-unsigned";

/**
 * The key-binding audience of an answer through the DC API: the page's origin, prefixed (OpenID4VP
 * 1.0 Appendix A.4; drafts up to 24 said `web-origin:`). The browser, not the page, tells the
 * wallet that origin.
 */
export const ORIGIN_AUDIENCE_PREFIX = "origin:";

/** One entry of `digital.requests` for `navigator.credentials.get()`: `dc_api_requests` on the wire. */
export interface DigitalCredentialRequest {
  protocol: string;
  data: Record<string, unknown>;
}

/**
 * The response encryption key of a verification's DC API request lives beside the redirect flow's,
 * under its own name: the two requests carry different keys, so an answer encrypted for one is
 * not read as an answer to the other.
 */
export const dcApiKeyName = (verificationId: string) => `${verificationId}#dc-api`;

/** ISO/IEC 18013-7 Annex C over the DC API: an mdoc `DeviceRequest`, the answer sealed with HPKE. */
export const ORG_ISO_MDOC = "org-iso-mdoc";
