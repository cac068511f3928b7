import { ES256 } from "@sd-jwt/crypto-nodejs";
import { decodeJwt, importJWK, type JWK, SignJWT } from "jose";
import { presentationFrame, sdJwtVc } from "../protocol/sd-jwt.js";
import { verifyRequestObject } from "./request-object.js";
import { type Tamper, tamperWith } from "./tamper.js";
import { DEFAULT_TEST_IDENTITY, IDENTITY_VCT, type TestIdentity } from "./test-identity.js";

const PRE_AUTHORIZED_GRANT = "urn:ietf:params:oauth:grant-type:pre-authorized_code";
/** Where the emulator hands a test wallet an offer of a global definition (test environments only). */
const TEST_CREDENTIAL_OFFER_SUFFIX = "/test-credential-offer";

export type { Tamper } from "./tamper.js";

/** A credential the wallet holds. */
export interface HeldCredential {
  /** The SD-JWT VC as issued (issuer JWT and every disclosure). */
  sdJwt: string;
  format: "dc+sd-jwt";
  vct: string;
  issuer: string;
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

export interface TestWalletOptions {
  /** A Fetch implementation, so that the wallet can run through msw too. Defaults to the global one. */
  fetch?: typeof fetch;
  /** The holder's clock in ms, for key-binding `iat` and proof `iat` (default: Date.now). */
  now?: () => number;
  /**
   * The identity credential (`credport.identity.v1`) the wallet obtains, when a verification asks
   * for one it does not hold, from the emulator's test issuance over OpenID4VCI (test environments
   * only). Fields given here replace those of {@link DEFAULT_TEST_IDENTITY}; `false` turns it off.
   */
  identity?: Partial<TestIdentity> | false;
}

export interface TestWallet {
  /** The holder's public key, bound into every credential it receives. */
  readonly publicJwk: JWK;
  readonly credentials: readonly HeldCredential[];
  /** Runs the OpenID4VCI pre-authorized code flow for an `openid-credential-offer://` URI. */
  acceptOffer(offerUri: string, options?: { txCode?: string }): Promise<HeldCredential>;
  /** Answers an `openid4vp://` authorization request over direct_post. */
  present(authorizationRequestUri: string, options?: PresentOptions): Promise<void>;
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

  async function call(
    url: string,
    init: RequestInit = {},
  ): Promise<{ ok: boolean; status: number; body: Record<string, unknown> }> {
    const response = await http(url, init);
    const text = await response.text();
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      body = {};
    }
    return { ok: response.ok, status: response.status, body };
  }

  async function expectOk(url: string, init: RequestInit = {}) {
    const answer = await call(url, init);
    if (!answer.ok)
      throw new Error(
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

  async function acceptOffer(offerUri: string, acceptOptions: { txCode?: string } = {}) {
    const offerUrl = new URL(offerUri).searchParams.get("credential_offer_uri");
    if (!offerUrl) throw new Error("test wallet: the offer URI has no credential_offer_uri");
    const offer = await expectOk(offerUrl, { headers: { accept: "application/json" } });
    const issuer = offer.credential_issuer as string;
    const issuerUrl = new URL(issuer);
    const wellKnown = (name: string) =>
      `${issuerUrl.origin}/.well-known/${name}${issuerUrl.pathname.replace(/\/$/, "")}`;
    const metadata = await expectOk(wellKnown("openid-credential-issuer"));
    const configurationId = (offer.credential_configuration_ids as string[])[0]!;
    const supported = metadata.credential_configurations_supported as Record<string, unknown>;
    if (!supported || !Object.hasOwn(supported, configurationId))
      throw new Error(
        `test wallet: the offered configuration ${configurationId} is not in the issuer metadata`,
      );
    const asMetadata = await expectOk(wellKnown("oauth-authorization-server"));
    const grant = (offer.grants as Record<string, Record<string, unknown>>)[PRE_AUTHORIZED_GRANT];
    if (!grant) throw new Error("test wallet: the offer has no pre-authorized code grant");
    const form: Record<string, string> = {
      grant_type: PRE_AUTHORIZED_GRANT,
      "pre-authorized_code": String(grant["pre-authorized_code"]),
    };
    if (grant.tx_code !== undefined) {
      if (acceptOptions.txCode === undefined)
        throw new Error("test wallet: the offer needs a transaction code: pass { txCode }");
      form.tx_code = acceptOptions.txCode;
    }
    const token = await postForm(asMetadata.token_endpoint as string, form);

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
      return call(metadata.credential_endpoint as string, {
        method: "POST",
        body: JSON.stringify({
          credential_configuration_id: configurationId,
          proofs: { jwt: [proof] },
        }),
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${token.access_token}`,
        },
      });
    };
    let issued = await requestCredential();
    if (issued.body.error === "invalid_nonce") issued = await requestCredential();
    if (!issued.ok)
      throw new Error(
        `test wallet: the credential endpoint answered ${issued.status} ${issued.body.error ?? ""}: ${issued.body.error_description ?? ""}`,
      );
    const sdJwt = (issued.body.credentials as { credential: string }[])[0]!.credential;
    const payload = decodeJwt(sdJwt.split("~")[0]!);
    const held: HeldCredential = {
      sdJwt,
      format: "dc+sd-jwt",
      vct: payload.vct as string,
      issuer: payload.iss as string,
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
      throw new Error(
        `test wallet: no identity credential is held and the verifier issues none (${answer.body.error_description ?? answer.status})`,
      );
    return acceptOffer(answer.body.offer_uri as string);
  }

  async function present(authorizationRequestUri: string, presentOptions: PresentOptions = {}) {
    const params = new URL(authorizationRequestUri).searchParams;
    const requestUri = params.get("request_uri");
    const clientId = params.get("client_id");
    if (!requestUri || !clientId)
      throw new Error("test wallet: the authorization request needs client_id and request_uri");
    const response = await http(requestUri, {
      headers: { accept: "application/oauth-authz-req+jwt" },
    });
    if (!response.ok) throw new Error(`test wallet: the request URI answered ${response.status}`);
    const request = await verifyRequestObject(await response.text(), clientId);
    const responseUri = request.response_uri as string;
    // The response echoes the request's state, when it has one (OpenID4VP 1.0 §5.2).
    const state: Record<string, string> =
      request.state === undefined ? {} : { state: String(request.state) };
    if (presentOptions.refuse) {
      await postForm(responseUri, {
        error: "access_denied",
        error_description: "The holder declined.",
        ...state,
      });
      return;
    }
    const query = (request.dcql_query as { credentials: CredentialQuery[] }).credentials[0]!;
    const vcts = query.meta?.vct_values ?? [];
    let credential =
      presentOptions.credential ??
      [...credentials].reverse().find((c) => vcts.length === 0 || vcts.includes(c.vct));
    if (!credential && identity && vcts.includes(IDENTITY_VCT))
      credential = await obtainIdentity(requestUri);
    if (!credential) throw new Error(`test wallet: no credential of type ${vcts.join(", ")}`);
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
          aud: tamper === "audience" ? "redirect_uri:https://attacker.example/cb" : clientId,
          nonce: tamper === "nonce" ? "not-the-verifier-nonce" : String(request.nonce),
        },
      },
    });
    await postForm(responseUri, {
      vp_token: JSON.stringify({ [query.id]: [tamperWith(presentation, tamper)] }),
      ...state,
    });
  }

  return { publicJwk, credentials, acceptOffer, present };
}
