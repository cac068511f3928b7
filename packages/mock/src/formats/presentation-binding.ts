/**
 * What a presentation must be bound to, as the channel that carried it knows it: the one value a
 * channel hands to a format. The channel makes it from its own request and answer; the format
 * checks its credential's holder binding against it — SD-JWT VC as the key-binding JWT's `aud`
 * and `nonce`, mdoc as the session transcript's handover. A format never learns how the answer
 * travelled, and a channel never learns what a credential looks like.
 */
export type PresentationBinding = RedirectBinding | DcApiBinding | AnnexCBinding;

/**
 * The redirect flow (OpenID4VP 1.0 `direct_post` and `direct_post.jwt`): the wallet fetched a
 * signed request object and posted its answer to the `response_uri`.
 */
export interface RedirectBinding {
  channel: "redirect";
  /** The verifier's `client_id`, as its request object named it. */
  clientId: string;
  /** The request's `nonce`. */
  nonce: string;
  /** Where the answer was posted (the request's `response_uri`). */
  responseUri: string;
  /**
   * `direct_post.jwt`: the JWK SHA-256 thumbprint (RFC 7638) of the key the answer was encrypted
   * to; absent for `direct_post`.
   */
  jwkThumbprint?: string;
}

/**
 * The Digital Credentials API (OpenID4VP 1.0 Appendix A): the browser passed the request from a
 * page to the wallet, and the page's origin is what the answer is bound to.
 */
export interface DcApiBinding {
  channel: "dc-api";
  /** The web origin of the page that called `navigator.credentials.get`, as the browser gave it. */
  origin: string;
  /** The request's `nonce`. */
  nonce: string;
  /** Encrypted answers: the JWK SHA-256 thumbprint (RFC 7638) of the key they were encrypted to. */
  jwkThumbprint?: string;
  /**
   * The other expected origins the page may have been at, when the answer names none in the clear
   * (an mdoc's transcript holds only a hash of it): a presentation bound to any of them holds.
   */
  otherOrigins?: readonly string[];
}

/**
 * ISO/IEC 18013-7 Annex C (`org-iso-mdoc` over the Digital Credentials API): the answer is bound to
 * the page's origin and the `encryptionInfo` the request carried, exactly as sent (base64url).
 * mdoc's own channel: no other format is presented over it.
 */
export interface AnnexCBinding {
  channel: "annex-c";
  /** The expected origin the answer's HPKE seal opened with. */
  origin: string;
  encryptionInfo: string;
}

/** The channels a binding can come from. */
export type ChannelName = PresentationBinding["channel"];
