import { createHash, randomBytes } from "node:crypto";
import { importJWK, type JWK, SignJWT } from "jose";
import { TestWalletError } from "../test-wallet-error.js";
import type { AcceptOfferOptions, OfferPreview } from "../types.js";
import { formBody, readAnswer, type WalletHttp } from "../wallet-http.js";
import { dpopClient } from "./dpop-client.js";
import { type ConfigurationMetadata, displayName } from "./issuer-metadata.js";

const PRE_AUTHORIZED_GRANT = "urn:ietf:params:oauth:grant-type:pre-authorized_code";
/** The test wallet's OAuth client ID, and where it asks the authorization server to send the holder back. */
const CLIENT_ID = "credport-test-wallet";
const REDIRECT_URI = "credport-test-wallet://authorized";

/**
 * The wallet's OpenID4VCI client: reads offers and their issuer's metadata (checking the offered
 * configuration is listed), and redeems them for a credential bound to the holder's key, with
 * DPoP whenever the authorization server advertises it. It knows no credential format: what it
 * receives goes to the format that holds it.
 */
export function issuanceClient(options: {
  http: WalletHttp;
  now: () => number;
  holder: { publicJwk: JWK; privateJwk: JWK };
}) {
  const { http, now, holder } = options;
  const send = dpopClient(http.fetch, now);

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
    const offer = await http.expectOk(offerUrl, { headers: { accept: "application/json" } });
    const issuer = offer.credential_issuer as string;
    const issuerUrl = new URL(issuer);
    const wellKnown = (name: string) =>
      `${issuerUrl.origin}/.well-known/${name}${issuerUrl.pathname.replace(/\/$/, "")}`;
    const metadata = await http.expectOk(wellKnown("openid-credential-issuer"));
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
    const pushed = await http.answer(
      await send(
        asMetadata.pushed_authorization_request_endpoint as string,
        {
          method: "POST",
          ...formBody({
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
    const redirect = await http.fetch(authorizationUrl.href, { redirect: "manual" });
    const location = redirect.headers.get("location");
    if (!location) {
      await http.answer(redirect, "the authorization endpoint"); // throws with the refusal
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

  /**
   * Redeems an offer over OpenID4VCI: the token (authorization code flow with PAR and PKCE, or the
   * pre-authorized code), then the credential for the holder's key. The credential as issued, and
   * the configuration it was issued under.
   */
  async function redeemOffer(
    offerUri: string,
    acceptOptions: AcceptOfferOptions = {},
  ): Promise<{ credential: string; configuration: ConfigurationMetadata; issuer: string }> {
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
    const asMetadata = await http.expectOk(wellKnown("oauth-authorization-server"));
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
    const token = await http.answer(
      await send(
        asMetadata.token_endpoint as string,
        { method: "POST", ...formBody(tokenForm) },
        useDpop ? {} : undefined,
      ),
      `POST ${asMetadata.token_endpoint as string}`,
    );
    const accessToken = String(token.access_token);
    const dpopBound = String(token.token_type).toLowerCase() === "dpop";

    // A wallet asks for a fresh c_nonce when the issuer says the one it used went stale.
    const requestCredential = async () => {
      const { c_nonce: nonce } = await http.expectOk(metadata.nonce_endpoint as string, {
        method: "POST",
      });
      const proof = await new SignJWT({ nonce })
        .setProtectedHeader({ alg: "ES256", typ: "openid4vci-proof+jwt", jwk: holder.publicJwk })
        .setAudience(issuer)
        .setIssuedAt(Math.floor(now() / 1000))
        .sign(await importJWK(holder.privateJwk, "ES256"));
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
    const credential = (issued.body.credentials as { credential: string }[])[0]!.credential;
    return { credential, configuration, issuer };
  }

  return { inspectOffer, redeemOffer };
}
