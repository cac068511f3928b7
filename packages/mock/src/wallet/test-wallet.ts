import { createHash, randomBytes, type X509Certificate } from "node:crypto";
import { ES256 } from "@sd-jwt/crypto-nodejs";
import { decodeJwt, exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from "jose";
import { presentationFrame, sdJwtVc } from "../protocol/sd-jwt.js";
import { parseCertificate } from "./certificate.js";
import {
  answerDcApiRequests,
  type DigitalCredentialAnswer,
  type DigitalCredentialRequestLike,
} from "./channels/dc-api/dc-api-answer.js";
import { verifyRequestObject } from "./request-object.js";
import { encryptResponse } from "./response-encryption.js";
import { type Tamper, tamperWith } from "./tamper.js";
import { DEFAULT_TEST_IDENTITY, IDENTITY_VCT, type TestIdentity } from "./test-identity.js";
import { TestWalletError } from "./test-wallet-error.js";

const PRE_AUTHORIZED_GRANT = "urn:ietf:params:oauth:grant-type:pre-authorized_code";
/** The test wallet's OAuth client ID, and where it asks the authorization server to send the holder back. */
const CLIENT_ID = "credport-test-wallet";
const REDIRECT_URI = "credport-test-wallet://authorized";
/** Where the emulator hands a test wallet an offer of a global definition (test environments only). */
const TEST_CREDENTIAL_OFFER_SUFFIX = "/test-credential-offer";

export type {
  DigitalCredentialAnswer,
  DigitalCredentialRequestLike,
} from "./channels/dc-api/dc-api-answer.js";
export type { Tamper } from "./tamper.js";

/** A credential the wallet holds. */
export interface HeldCredential {
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
   * `origin:<origin>`; under `dc_api.jwt` the answer is encrypted to the request's key. The
   * wallet presents a credential it holds (accept an offer first). Hand the answer to
   * {@link setVirtualWalletAnswer} for a browser test, or post it yourself.
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
   * The key binding's `aud` instead of `origin:<origin>`: a wallet that binds to something else
   * (for example the request's `client_id`), to see a verifier refuse it. `tamper: "audience"`
   * binds to another origin.
   */
  audience?: string;
  /**
   * The same verification's `authorization_request_uri`: when the request asks for the identity
   * credential and the wallet holds none, it obtains the test identity through it, as
   * {@link TestWallet.present} does (the DC API request itself names no verification).
   */
  identityFrom?: string;
}

interface CredentialQuery {
  id: string;
  meta?: { vct_values?: string[] };
  claims?: { path: string[] }[];
}

/**
 * A scripted holder for tests and demos. It speaks only the public protocol: OpenID4VCI to receive
 * SD-JWT VCs, OpenID4VP to present them, checking what a careful wallet checks (the issuer metadata
 * lists the offered configuration; the request object is signed by its client_id's key), with knobs
 * that produce each failure on purpose.
 */
export async function createTestWallet(options: TestWalletOptions = {}): Promise<TestWallet> {
  const http = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const now = options.now ?? Date.now;
  const identity =
    options.identity === false ? undefined : { ...DEFAULT_TEST_IDENTITY, ...options.identity };
  const { privateKey, publicKey } = await ES256.generateKeyPair();
  const privateJwk = privateKey as JWK;
  const publicJwk = {
    kty: publicKey.kty,
    crv: publicKey.crv,
    x: publicKey.x,
    y: publicKey.y,
  } as JWK;
  const credentials: HeldCredential[] = [];
  const pinnedRoots = options.trustedRoots?.map(parseCertificate);
  const exportedRoots = new Map<string, Promise<X509Certificate[]>>();

  /** The roots a request from `requestUri`'s verifier must chain to. */
  function rootsFor(requestUri: string): () => Promise<X509Certificate[]> {
    if (pinnedRoots) return async () => pinnedRoots;
    return rootsAt(requestUri.replace(/\/oid4vp\/requests\/[^/]*$/, ""));
  }

  /** The test CA root the emulator at `base` exports, fetched once per base. */
  function rootsAt(base: string): () => Promise<X509Certificate[]> {
    return () => {
      let roots = exportedRoots.get(base);
      if (!roots) {
        roots = http(`${base}/__emulator/ca.pem`).then(async (response) => {
          if (!response.ok)
            throw new TestWalletError(
              `test wallet: ${base}/__emulator/ca.pem answered ${response.status}: pass trustedRoots`,
            );
          return [parseCertificate(await response.text())];
        });
        roots.catch(() => exportedRoots.delete(base));
        exportedRoots.set(base, roots);
      }
      return roots;
    };
  }

  async function call(
    url: string,
    init: RequestInit = {},
  ): Promise<{ ok: boolean; status: number; body: Record<string, unknown> }> {
    return readAnswer(await http(url, init));
  }

  async function expectOk(url: string, init: RequestInit = {}) {
    const answer = await call(url, init);
    if (!answer.ok)
      throw new TestWalletError(
        `test wallet: ${init.method ?? "GET"} ${url} answered ${answer.status} ${answer.body.error ?? ""}: ${answer.body.error_description ?? ""}`,
      );
    return answer.body;
  }

  const postForm = (url: string, values: Record<string, string>) =>
    expectOk(url, {
      method: "POST",
      body: new URLSearchParams(values),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });

  /** The offer, its issuer's metadata, and the configuration offered (checked to be listed). */
  async function loadOffer(offerUri: string) {
    let offerUrl: string | null;
    try {
      offerUrl = new URL(offerUri).searchParams.get("credential_offer_uri");
    } catch {
      offerUrl = null;
    }
    if (!offerUrl)
      throw new TestWalletError("test wallet: the offer URI has no credential_offer_uri");
    const offer = await expectOk(offerUrl, { headers: { accept: "application/json" } });
    const issuer = offer.credential_issuer as string;
    const issuerUrl = new URL(issuer);
    const wellKnown = (name: string) =>
      `${issuerUrl.origin}/.well-known/${name}${issuerUrl.pathname.replace(/\/$/, "")}`;
    const metadata = await expectOk(wellKnown("openid-credential-issuer"));
    const configurationId = (offer.credential_configuration_ids as string[])[0]!;
    const supported = metadata.credential_configurations_supported as Record<string, unknown>;
    if (!supported || !Object.hasOwn(supported, configurationId))
      throw new TestWalletError(
        `test wallet: the offered configuration ${configurationId} is not in the issuer metadata`,
      );
    const grants = (offer.grants ?? {}) as Record<string, Record<string, unknown>>;
    const grant = grants[PRE_AUTHORIZED_GRANT] ?? {};
    const authorizationCode = grants.authorization_code;
    if (!grants[PRE_AUTHORIZED_GRANT] && !authorizationCode)
      throw new TestWalletError(
        "test wallet: the offer has neither a pre-authorized nor an authorization code grant",
      );
    const configuration = supported[configurationId] as ConfigurationMetadata;
    return {
      issuer,
      wellKnown,
      metadata,
      configurationId,
      configuration,
      grant,
      authorizationCode,
      hasPreAuthorizedCode: grants[PRE_AUTHORIZED_GRANT] !== undefined,
    };
  }

  async function inspectOffer(offerUri: string): Promise<OfferPreview> {
    const { issuer, metadata, configurationId, configuration, grant } = await loadOffer(offerUri);
    const txCode = grant.tx_code as Record<string, unknown> | undefined;
    const issuerName = displayName(metadata.display);
    const title = displayName(configuration.credential_metadata?.display);
    return {
      credentialIssuer: issuer,
      ...(issuerName ? { issuerName } : {}),
      credentialConfigurationId: configurationId,
      ...(typeof configuration.vct === "string" ? { vct: configuration.vct } : {}),
      ...(title ? { title } : {}),
      claims: (configuration.credential_metadata?.claims ?? []).map((claim) => {
        const name = displayName(claim.display);
        return { path: claim.path, mandatory: claim.mandatory === true, ...(name ? { name } : {}) };
      }),
      ...(txCode
        ? {
            txCode: {
              ...(typeof txCode.length === "number" ? { length: txCode.length } : {}),
              ...(typeof txCode.input_mode === "string" ? { inputMode: txCode.input_mode } : {}),
              ...(typeof txCode.description === "string"
                ? { description: txCode.description }
                : {}),
            },
          }
        : {}),
    };
  }

  // DPoP (RFC 9449): one key per wallet, and the server nonce it last handed out.
  const dpopKeys = generateKeyPair("ES256", { extractable: true }).then(
    async ({ privateKey, publicKey }) => ({ privateKey, publicJwk: await exportJWK(publicKey) }),
  );
  let dpopNonce: string | undefined;

  /**
   * A request with a DPoP proof (when `dpop`), signed for its method and URL (and `ath` of the
   * access token, at a resource), retried once with the server's nonce when it asks for one.
   */
  async function send(
    url: string,
    init: RequestInit & { method: string },
    dpop: { accessToken?: string } | undefined,
  ) {
    const attempt = async () => {
      const headers = new Headers(init.headers);
      if (dpop) {
        const { privateKey, publicJwk: jwk } = await dpopKeys;
        const htu = new URL(url);
        htu.search = "";
        htu.hash = "";
        headers.set(
          "dpop",
          await new SignJWT({
            jti: randomBytes(16).toString("base64url"),
            htm: init.method,
            htu: htu.href,
            iat: Math.floor(now() / 1000),
            ...(dpopNonce ? { nonce: dpopNonce } : {}),
            ...(dpop.accessToken
              ? { ath: createHash("sha256").update(dpop.accessToken).digest("base64url") }
              : {}),
          })
            .setProtectedHeader({ alg: "ES256", typ: "dpop+jwt", jwk })
            .sign(privateKey),
        );
      }
      const response = await http(url, { ...init, headers });
      const nonce = response.headers.get("dpop-nonce");
      if (nonce) dpopNonce = nonce;
      return response;
    };
    let response = await attempt();
    const askedForNonce = async (r: Response) =>
      (r.headers.get("www-authenticate") ?? "").includes("use_dpop_nonce") ||
      (r.status === 400 &&
        (
          (await r
            .clone()
            .json()
            .catch(() => ({}))) as { error?: unknown }
        ).error === "use_dpop_nonce");
    if (dpop && (await askedForNonce(response))) response = await attempt();
    return response;
  }

  /** The JSON body of a 2xx answer; any other answer throws, naming `what` answered and why. */
  async function answer(response: Response, what: string) {
    const { ok, body } = await readAnswer(response);
    if (!ok)
      throw new TestWalletError(
        `test wallet: ${what} answered ${response.status} ${body.error ?? ""}: ${body.error_description ?? ""}`,
      );
    return body;
  }

  const form = (values: Record<string, string>) => ({
    body: new URLSearchParams(values),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });

  /** PAR, then the authorization endpoint's redirect (the emulator consents for the holder): the code. */
  async function authorize(
    asMetadata: Record<string, unknown>,
    issuer: string,
    issuerState: unknown,
    scope: unknown,
    verifier: string,
    useDpop: boolean,
  ): Promise<string> {
    const state = randomBytes(16).toString("base64url");
    const pushed = await answer(
      await send(
        asMetadata.pushed_authorization_request_endpoint as string,
        {
          method: "POST",
          ...form({
            response_type: "code",
            client_id: CLIENT_ID,
            redirect_uri: REDIRECT_URI,
            code_challenge: createHash("sha256").update(verifier).digest("base64url"),
            code_challenge_method: "S256",
            state,
            ...(typeof issuerState === "string" ? { issuer_state: issuerState } : {}),
            ...(typeof scope === "string" ? { scope } : {}),
          }),
        },
        useDpop ? {} : undefined,
      ),
      "the pushed authorization request endpoint",
    );
    const authorizationUrl = new URL(asMetadata.authorization_endpoint as string);
    authorizationUrl.searchParams.set("client_id", CLIENT_ID);
    authorizationUrl.searchParams.set("request_uri", String(pushed.request_uri));
    const redirect = await http(authorizationUrl.href, { redirect: "manual" });
    const location = redirect.headers.get("location");
    if (!location) {
      await answer(redirect, "the authorization endpoint"); // throws with the refusal
      throw new TestWalletError("test wallet: the authorization endpoint did not redirect");
    }
    const back = new URL(location);
    // A careful wallet checks the answer is for its request, from this issuer (RFC 9207).
    if (back.searchParams.get("state") !== state)
      throw new TestWalletError(
        "test wallet: the authorization response's state is not the request's",
      );
    if (back.searchParams.get("iss") !== issuer)
      throw new TestWalletError("test wallet: the authorization response's iss is not the issuer");
    const code = back.searchParams.get("code");
    if (!code)
      throw new TestWalletError(
        `test wallet: the authorization endpoint answered ${back.searchParams.get("error")}: ${back.searchParams.get("error_description") ?? ""}`,
      );
    return code;
  }

  async function acceptOffer(offerUri: string, acceptOptions: AcceptOfferOptions = {}) {
    const {
      issuer,
      wellKnown,
      metadata,
      configurationId,
      configuration,
      grant,
      authorizationCode,
      hasPreAuthorizedCode,
    } = await loadOffer(offerUri);
    const asMetadata = await expectOk(wellKnown("oauth-authorization-server"));
    const useDpop =
      Array.isArray(asMetadata.dpop_signing_alg_values_supported) &&
      asMetadata.dpop_signing_alg_values_supported.includes("ES256");
    const flow =
      acceptOptions.flow ??
      (authorizationCode && asMetadata.authorization_endpoint && acceptOptions.txCode === undefined
        ? "authorization_code"
        : "pre-authorized_code");
    let tokenForm: Record<string, string>;
    if (flow === "authorization_code") {
      if (!authorizationCode || !asMetadata.pushed_authorization_request_endpoint)
        throw new TestWalletError(
          "test wallet: the offer or its issuer has no authorization code flow",
        );
      const verifier = randomBytes(32).toString("base64url");
      const code = await authorize(
        asMetadata,
        issuer,
        authorizationCode.issuer_state,
        configuration.scope,
        verifier,
        useDpop,
      );
      tokenForm = {
        grant_type: "authorization_code",
        code,
        code_verifier: verifier,
        redirect_uri: REDIRECT_URI,
        client_id: CLIENT_ID,
      };
    } else {
      if (!hasPreAuthorizedCode)
        throw new TestWalletError("test wallet: the offer has no pre-authorized code grant");
      tokenForm = {
        grant_type: PRE_AUTHORIZED_GRANT,
        "pre-authorized_code": String(grant["pre-authorized_code"]),
      };
      if (grant.tx_code !== undefined) {
        if (acceptOptions.txCode === undefined)
          throw new TestWalletError(
            "test wallet: the offer needs a transaction code: pass { txCode }",
          );
        tokenForm.tx_code = acceptOptions.txCode;
      }
    }
    const token = await answer(
      await send(
        asMetadata.token_endpoint as string,
        { method: "POST", ...form(tokenForm) },
        useDpop ? {} : undefined,
      ),
      `POST ${asMetadata.token_endpoint as string}`,
    );
    const accessToken = String(token.access_token);
    const dpopBound = String(token.token_type).toLowerCase() === "dpop";

    // A wallet asks for a fresh c_nonce when the issuer says the one it used went stale.
    const requestCredential = async () => {
      const { c_nonce: nonce } = await expectOk(metadata.nonce_endpoint as string, {
        method: "POST",
      });
      const proof = await new SignJWT({ nonce })
        .setProtectedHeader({ alg: "ES256", typ: "openid4vci-proof+jwt", jwk: publicJwk })
        .setAudience(issuer)
        .setIssuedAt(Math.floor(now() / 1000))
        .sign(await importJWK(privateJwk, "ES256"));
      const response = await send(
        metadata.credential_endpoint as string,
        {
          method: "POST",
          body: JSON.stringify({
            credential_configuration_id: configurationId,
            proofs: { jwt: [proof] },
          }),
          headers: {
            "content-type": "application/json",
            authorization: `${dpopBound ? "DPoP" : "Bearer"} ${accessToken}`,
          },
        },
        dpopBound ? { accessToken } : undefined,
      );
      return readAnswer(response);
    };
    let issued = await requestCredential();
    if (issued.body.error === "invalid_nonce") issued = await requestCredential();
    if (!issued.ok)
      throw new TestWalletError(
        `test wallet: the credential endpoint answered ${issued.status} ${issued.body.error ?? ""}: ${issued.body.error_description ?? ""}`,
      );
    const sdJwt = (issued.body.credentials as { credential: string }[])[0]!.credential;
    const payload = decodeJwt(sdJwt.split("~")[0]!);
    const title = displayName(configuration.credential_metadata?.display);
    const held: HeldCredential = {
      sdJwt,
      format: "dc+sd-jwt",
      vct: payload.vct as string,
      issuer: payload.iss as string,
      ...(title ? { title } : {}),
      claims: await holderClaims(sdJwt),
    };
    credentials.push(held);
    return held;
  }

  /** An identity for the presets, issued over OpenID4VCI from the emulator's test issuance. */
  async function obtainIdentity(requestUri: string): Promise<HeldCredential> {
    const answer = await call(`${requestUri}${TEST_CREDENTIAL_OFFER_SUFFIX}`, {
      method: "POST",
      body: JSON.stringify({ claims: identity }),
      headers: { "content-type": "application/json" },
    });
    if (!answer.ok)
      throw new TestWalletError(
        `test wallet: no identity credential is held and the verifier issues none (${answer.body.error_description ?? answer.status})`,
      );
    return acceptOffer(answer.body.offer_uri as string);
  }

  /** The request object, checked as a careful wallet checks it. */
  async function loadRequest(authorizationRequestUri: string) {
    let params: URLSearchParams;
    try {
      params = new URL(authorizationRequestUri).searchParams;
    } catch {
      params = new URLSearchParams();
    }
    const requestUri = params.get("request_uri");
    const clientId = params.get("client_id");
    if (!requestUri || !clientId)
      throw new TestWalletError(
        "test wallet: the authorization request needs client_id and request_uri",
      );
    const response = await http(requestUri, {
      headers: { accept: "application/oauth-authz-req+jwt" },
    });
    if (!response.ok)
      throw new TestWalletError(`test wallet: the request URI answered ${response.status}`);
    const request = await verifyRequestObject(await response.text(), clientId, {
      roots: rootsFor(requestUri),
    });
    const query = (request.dcql_query as { credentials: CredentialQuery[] }).credentials[0]!;
    const vcts = query.meta?.vct_values ?? [];
    const held = [...credentials].reverse().find((c) => vcts.length === 0 || vcts.includes(c.vct));
    return { requestUri, clientId, request, query, vcts, held };
  }

  async function inspectRequest(authorizationRequestUri: string): Promise<RequestPreview> {
    const { clientId, request, query, vcts, held } = await loadRequest(authorizationRequestUri);
    return {
      clientId,
      responseUri: request.response_uri as string,
      vcts,
      fields: (query.claims ?? []).map((claim) => [...claim.path]),
      ...(held ? { credential: held } : {}),
      obtainsTestIdentity: !held && identity !== undefined && vcts.includes(IDENTITY_VCT),
    };
  }

  async function present(authorizationRequestUri: string, presentOptions: PresentOptions = {}) {
    const { requestUri, clientId, request, query, vcts, held } =
      await loadRequest(authorizationRequestUri);
    const responseUri = request.response_uri as string;
    // The response echoes the request's state, when it has one (OpenID4VP 1.0 §5.2).
    const state: Record<string, string> =
      request.state === undefined ? {} : { state: String(request.state) };
    // direct_post, or direct_post.jwt: the same parameters, encrypted to the verifier's key.
    const answer = async (params: Record<string, unknown>) =>
      request.response_mode === "direct_post.jwt"
        ? postForm(responseUri, { response: await encryptResponse(request, params) })
        : postForm(
            responseUri,
            Object.fromEntries(
              Object.entries(params).map(([k, v]) => [
                k,
                typeof v === "string" ? v : JSON.stringify(v),
              ]),
            ),
          );
    if (presentOptions.refuse) {
      await answer({ error: "access_denied", error_description: "The holder declined.", ...state });
      return;
    }
    let credential = presentOptions.credential ?? held;
    if (!credential && identity && vcts.includes(IDENTITY_VCT))
      credential = await obtainIdentity(requestUri);
    if (!credential)
      throw new TestWalletError(`test wallet: no credential of type ${vcts.join(", ")}`);
    const presentation = await presentationOf(credential, query, presentOptions, {
      audience:
        presentOptions.tamper === "audience"
          ? "redirect_uri:https://attacker.example/cb"
          : clientId,
      nonce: String(request.nonce),
    });
    await answer({ vp_token: { [query.id]: [presentation] }, ...state });
  }

  /**
   * The SD-JWT+KB presentation of `credential` for a DCQL credential query, bound to the channel's
   * audience and nonce, with the options' omissions and tampering applied.
   */
  async function presentationOf(
    credential: HeldCredential,
    query: CredentialQuery,
    presentOptions: PresentOptions,
    binding: { audience: string; nonce: string },
  ): Promise<string> {
    const omitted = (presentOptions.omit ?? []).map((path) =>
      typeof path === "string" ? path.split(".") : [...path],
    );
    const paths = (query.claims ?? [])
      .map((c) => c.path)
      .filter((path) => !omitted.some((o) => o.every((segment, i) => path[i] === segment)));
    const tamper = presentOptions.tamper;
    const sdjwt = await sdJwtVc({ holderPrivateJwk: privateJwk });
    const nowSeconds = Math.floor(now() / 1000) - (tamper === "stale" ? 3600 : 0);
    const presentation = await sdjwt.present(credential.sdJwt, presentationFrame(paths) as never, {
      kb: {
        payload: {
          iat: nowSeconds,
          aud: binding.audience,
          nonce: tamper === "nonce" ? "not-the-verifier-nonce" : binding.nonce,
        },
      },
    });
    return tamperWith(presentation, tamper);
  }

  async function answerDcApiRequest(
    requests: readonly DigitalCredentialRequestLike[],
    dcApiOptions: DcApiPresentOptions,
  ): Promise<DigitalCredentialAnswer> {
    return answerDcApiRequests(
      requests,
      {
        origin: dcApiOptions.origin,
        ...(dcApiOptions.refuse ? { refuse: true } : {}),
        ...(dcApiOptions.tamper === "audience"
          ? { audience: "origin:https://attacker.example" }
          : dcApiOptions.audience !== undefined
            ? { audience: dcApiOptions.audience }
            : {}),
      },
      {
        roots: (vcts) => {
          if (pinnedRoots) return async () => pinnedRoots;
          // The emulator behind the same verification's link, or the one that issued the
          // credential asked for: it signs its verifiers' requests too.
          const requestUri = dcApiOptions.identityFrom
            ? new URL(dcApiOptions.identityFrom).searchParams.get("request_uri")
            : null;
          if (requestUri) return rootsFor(requestUri);
          const issuer = newestOf(vcts)?.issuer;
          if (!issuer)
            return async () => {
              throw new TestWalletError(
                "test wallet: no CA root to check the DC API request with: pass trustedRoots, or identityFrom",
              );
            };
          return rootsAt(issuer.replace(/\/oid4vci\/issuers\/[^/]*$/, ""));
        },
        present: async (query, binding) => {
          const vcts = query.meta?.vct_values ?? [];
          let credential = dcApiOptions.credential ?? newestOf(vcts);
          const requestUri = dcApiOptions.identityFrom
            ? new URL(dcApiOptions.identityFrom).searchParams.get("request_uri")
            : null;
          if (!credential && identity && requestUri && vcts.includes(IDENTITY_VCT))
            credential = await obtainIdentity(requestUri);
          if (!credential)
            throw new TestWalletError(
              `test wallet: no credential of type ${vcts.join(", ")} (accept an offer first)`,
            );
          return presentationOf(credential, query, dcApiOptions, binding);
        },
      },
    );
  }

  /** The newest held credential of one of these types (any type when none is named). */
  function newestOf(vcts: readonly string[]): HeldCredential | undefined {
    return [...credentials].reverse().find((c) => vcts.length === 0 || vcts.includes(c.vct));
  }

  return {
    publicJwk,
    credentials,
    inspectOffer,
    inspectRequest,
    acceptOffer,
    present,
    answerDcApiRequest,
  };
}

/** An answer's status and JSON body (`{}` when there is none, or it is not JSON). */
async function readAnswer(
  response: Response,
): Promise<{ ok: boolean; status: number; body: Record<string, unknown> }> {
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = {};
  }
  return { ok: response.ok, status: response.status, body };
}

interface ConfigurationMetadata {
  vct?: unknown;
  scope?: unknown;
  credential_metadata?: {
    display?: unknown;
    claims?: { path: string[]; mandatory?: boolean; display?: unknown }[];
  };
}

/** The first `name` of an OpenID4VCI `display` array. */
function displayName(display: unknown): string | undefined {
  if (!Array.isArray(display)) return undefined;
  const name = (display as { name?: unknown }[]).find((d) => typeof d?.name === "string")?.name;
  return name as string | undefined;
}

/** Claims the SD-JWT VC keeps in the clear for its own use, not the holder's. */
const REGISTERED_CLAIMS = [
  "iss",
  "nbf",
  "exp",
  "iat",
  "cnf",
  "vct",
  "vct#integrity",
  "status",
  "_sd_alg",
];

/** The holder's claims: every disclosure applied, registered claims left out. */
async function holderClaims(sdJwt: string): Promise<Record<string, unknown>> {
  const all = (await (await sdJwtVc()).getClaims(sdJwt)) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(all).filter(([key]) => !REGISTERED_CLAIMS.includes(key)),
  );
}
