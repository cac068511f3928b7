import type { JWK } from "jose";
import type {
  DigitalCredentialAnswer,
  DigitalCredentialRequestLike,
} from "./channels/dc-api/dc-api-answer.js";
import type { Tamper } from "./formats/sd-jwt-vc/tamper.js";
import type { TestIdentity } from "./test-identity.js";

export type {
  DigitalCredentialAnswer,
  DigitalCredentialRequestLike,
} from "./channels/dc-api/dc-api-answer.js";
export type { Tamper } from "./formats/sd-jwt-vc/tamper.js";

/** A credential the wallet holds, by format. */
export type HeldCredential = HeldSdJwtVc | HeldMdocCredential;

/** An mdoc (ISO/IEC 18013-5) the wallet holds. */
export interface HeldMdocCredential {
  /** The `IssuerSigned` as issued, base64url. */
  mdoc: string;
  format: "mso_mdoc";
  docType: string;
  /** The credential's name in the issuer's metadata, when it gives one. */
  title?: string;
  /** Its elements by namespace: `{ "eu.europa.ec.av.1": { age_over_18: true } }`. */
  claims: Record<string, Record<string, unknown>>;
}

/** An SD-JWT VC the wallet holds. */
export interface HeldSdJwtVc {
  /** The SD-JWT VC as issued (issuer JWT and every disclosure). */
  sdJwt: string;
  format: "dc+sd-jwt";
  vct: string;
  issuer: string;
  /** The credential's name in the issuer's metadata, when it gives one. */
  title?: string;
  /** The holder's claims with every disclosure applied (registered JWT claims left out). */
  claims: Record<string, unknown>;
}

/** What an offer holds, as the wallet shows it before accepting. */
export interface OfferPreview {
  credentialIssuer: string;
  /** The issuer's display name from its metadata. */
  issuerName?: string;
  credentialConfigurationId: string;
  vct?: string;
  title?: string;
  /** The claims the credential will carry, with their display names. */
  claims: { path: string[]; name?: string; mandatory: boolean }[];
  /** Set when the offer needs a transaction code: pass it to `acceptOffer(uri, { txCode })`. */
  txCode?: { length?: number; inputMode?: string; description?: string };
}

/** What a presentation request asks for, as the wallet shows it before answering. */
export interface RequestPreview {
  /** The verifier's client identifier, whose key signed the request object. */
  clientId: string;
  /** Where the answer goes. */
  responseUri: string;
  /** The credential types asked for. */
  vcts: string[];
  /** The claim paths asked for. */
  fields: string[][];
  /** The held credential `present()` would use, if any. */
  credential?: HeldCredential;
  /** No credential fits, and `present()` would obtain the test identity from the emulator. */
  obtainsTestIdentity: boolean;
}

/** A claim path: segments (`["address", "locality"]`), as the rest of the API writes them, or dotted (`"address.locality"`). */
export type ClaimPath = readonly string[] | string;

export interface PresentOptions {
  /**
   * Claim paths the wallet leaves out (and everything below them): `claims_missing`. Segments
   * (`[["address", "locality"]]`) or dotted strings (`["address.locality"]`).
   */
  omit?: readonly ClaimPath[];
  /** Break the presentation in one way: presentation_invalid. */
  tamper?: Tamper;
  /** The holder declines: wallet_rejected. */
  refuse?: boolean;
  /** Which held credential to present (default: the newest of the requested type). */
  credential?: HeldCredential;
}

export interface AcceptOfferOptions {
  /** The transaction code of an offer that needs one (pre-authorized code flow). */
  txCode?: string | undefined;
  /** The grant to redeem the offer with (default: the authorization code when offered). */
  flow?: "authorization_code" | "pre-authorized_code" | undefined;
}

export interface TestWalletOptions {
  /** A Fetch implementation, so that the wallet can run through msw too. Defaults to the global one. */
  fetch?: typeof fetch;
  /** The holder's clock in ms, for key-binding, proof and DPoP `iat` (default: Date.now). */
  now?: () => number;
  /**
   * The identity credential (`credport.identity.v1`) the wallet obtains, when a verification asks
   * for one it does not hold, from the emulator's test issuance over OpenID4VCI (test environments
   * only). Fields given here replace those of {@link DEFAULT_TEST_IDENTITY}; `false` turns it off.
   */
  identity?: Partial<TestIdentity> | false;
  /**
   * The CA roots (PEM, or DER in base64) that verifiers with an `x509_hash` or `x509_san_dns`
   * client_id (the emulator's HAIP profile) must chain to. Default: the test CA root the emulator
   * at the request URI's base exports (`GET /__emulator/ca.pem`), fetched once per base — right
   * for a test wallet talking to the emulator; pass the root to pin it.
   */
  trustedRoots?: readonly string[];
}

export interface TestWallet {
  /** The holder's public key, bound into every credential it receives. */
  readonly publicJwk: JWK;
  readonly credentials: readonly HeldCredential[];
  /**
   * Reads an `openid-credential-offer://` URI and the issuer's metadata, as a wallet does before
   * asking its holder (the issuance moves to `ready_to_issue`, as with any wallet).
   */
  inspectOffer(offerUri: string): Promise<OfferPreview>;
  /**
   * Reads and checks the request object of an `openid4vp://` URI, as a wallet does before asking
   * its holder (the verification moves to `in_progress`, as with any wallet).
   */
  inspectRequest(authorizationRequestUri: string): Promise<RequestPreview>;
  /**
   * Redeems an `openid-credential-offer://` URI over OpenID4VCI. It takes the authorization code
   * flow (PAR, PKCE S256) when the offer and the authorization server offer it, as HAIP wallets
   * do, else the pre-authorized code flow; and uses DPoP (with the server's nonces) whenever the
   * authorization server advertises it. `flow` picks the grant instead.
   */
  acceptOffer(offerUri: string, options?: AcceptOfferOptions): Promise<HeldCredential>;
  /**
   * Answers an `openid4vp://` authorization request over `direct_post`, or `direct_post.jwt`
   * (encrypted to the verifier's key) when the request asks for it.
   */
  present(authorizationRequestUri: string, options?: PresentOptions): Promise<void>;
  /**
   * Answers a page's Digital Credentials API request as a wallet on the device would, and returns
   * what `navigator.credentials.get()` resolves with: `{ protocol, data }`. `requests` is the
   * verification's `dc_api_requests` (`digital.requests`); `origin` is the page's origin, which the
   * browser reports to the wallet. A signed request (`openid4vp-v1-signed`) is checked as the
   * redirect flow's is, and must list that origin in `expected_origins`; the key binding names
   * `origin:<origin>` (an mdoc's session transcript names the origin); under `dc_api.jwt` the
   * answer is encrypted to the request's key. An `org-iso-mdoc` request (ISO/IEC 18013-7 Annex C)
   * is answered with an mdoc's `DeviceResponse` sealed with HPKE (`{ response }`). Of a request's
   * credential queries (DCQL `credential_sets`), the wallet answers the first it holds a
   * credential for. Hand the answer to `setVirtualWalletAnswer` for a browser test, or post it
   * yourself.
   */
  answerDcApiRequest(
    requests: readonly DigitalCredentialRequestLike[],
    options: DcApiPresentOptions,
  ): Promise<DigitalCredentialAnswer>;
}

/** How {@link TestWallet.answerDcApiRequest} answers: the page's origin, and {@link PresentOptions}. */
export interface DcApiPresentOptions extends PresentOptions {
  /** The page's origin, as the browser reports it to the wallet, e.g. `http://localhost:3000`. */
  origin: string;
  /**
   * Answer the request of this protocol (`openid4vp-v1-signed`, `openid4vp-v1-unsigned` or, for
   * an mdoc, `org-iso-mdoc`), as a wallet that speaks only that one would. Default: the first
   * request in `requests` the wallet speaks.
   */
  protocol?: string;
  /**
   * Key-bind the answer to this instead of `origin:<origin>`, as a wallet that binds as for the
   * redirect flow would (for example to the request's `client_id`), to see a verifier refuse it.
   * `tamper: "audience"` binds it to another origin.
   */
  audience?: string;
  /**
   * The same verification's `authorization_request_uri`: when the request asks for the identity
   * credential and the wallet holds none, it obtains the test identity through it, as
   * {@link TestWallet.present} does (a DC API request names no verification), and trusts the CA
   * root of the emulator behind it.
   */
  identityFrom?: string;
}
