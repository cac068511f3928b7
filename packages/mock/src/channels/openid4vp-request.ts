/** OpenID4VP 1.0 §5.8: the audience of a request object when the wallet is not known (static discovery). */
export const STATIC_DISCOVERY_AUDIENCE = "https://self-issued.me/v2";

/**
 * The content encryptions a HAIP verifier accepts for an encrypted answer (`direct_post.jwt`,
 * `dc_api.jwt`; HAIP 1.0 §5).
 */
export const RESPONSE_ENC_VALUES = ["A128GCM", "A256GCM"] as const;
