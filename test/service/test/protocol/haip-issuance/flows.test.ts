import { clientAuthenticationClientAttestationJwt, type Jwk } from "@openid4vc/oauth2";
import { Openid4vciClient } from "@openid4vc/openid4vci";
import { decodeJwt, type JWK } from "jose";
import { describe, expect, it } from "vitest";
import { haipIssuance } from "./harness.js";

/** A key's public members only, in the order a did:jwk or `cnf` carries them. */
const _ecPublicJwk = ({ kty, crv, x, y }: JWK): JWK => ({ kty, crv, x, y }) as JWK;

/**
 * HAIP 1.0's issuer, driven by an independent wallet (the @openid4vc clients and jose, not our test
 * wallet): authorization code + PKCE (S256) + PAR + DPoP with server nonces + wallet attestation,
 * then every rule broken once by hand, each refused for the reason its spec gives.
 */
describe("HAIP issuance: authorization code, PKCE, PAR, DPoP, wallet attestation (emulator) — authorization code and pre-authorized code flows, metadata", () => {
  const {
    REDIRECT_URI,
    CLIENT_ID,
    newKey,
    callbacks,
    walletAttestation,
    service,
    newOffer,
    credentialFor,
    fetchOffer,
  } = haipIssuance();

  it("metadata advertises HAIP: PAR required, S256, DPoP, iss in the response, scope per configuration", async () => {
    const offer = await newOffer();
    const client = new Openid4vciClient({ callbacks });
    const credentialOffer = await client.resolveCredentialOffer(offer.offerUri!);
    expect(credentialOffer.grants?.authorization_code?.issuer_state).toEqual(expect.any(String));
    expect(
      credentialOffer.grants?.["urn:ietf:params:oauth:grant-type:pre-authorized_code"],
    ).toBeDefined();
    const metadata = await client.resolveIssuerMetadata(credentialOffer.credential_issuer);
    const as = metadata.authorizationServers[0]!;
    expect(as).toMatchObject({
      require_pushed_authorization_requests: true,
      code_challenge_methods_supported: ["S256"],
      dpop_signing_alg_values_supported: ["ES256"],
      authorization_response_iss_parameter_supported: true,
      response_types_supported: ["code"],
    });
    expect(as.pushed_authorization_request_endpoint).toEqual(expect.any(String));
    expect(as.authorization_endpoint).toEqual(expect.any(String));
    const configuration =
      metadata.credentialIssuer.credential_configurations_supported["credport.identity.v1"]!;
    expect(configuration.scope).toBe("credport.identity.v1");
    expect(metadata.credentialIssuer.nonce_endpoint).toEqual(expect.any(String));
  });

  it("issues by authorization code + PKCE + PAR + DPoP + wallet attestation; the issuance ends credential_issued", async () => {
    const offer = await newOffer();
    const dpopKey = await newKey();
    const instanceKey = await newKey();
    const holder = await newKey();
    const client = new Openid4vciClient({
      callbacks: {
        ...callbacks,
        clientAuthentication: clientAuthenticationClientAttestationJwt({
          clientAttestationJwt: await walletAttestation(instanceKey.publicJwk),
          callbacks,
        }),
      },
    });
    const credentialOffer = await client.resolveCredentialOffer(offer.offerUri!);
    const issuerMetadata = await client.resolveIssuerMetadata(credentialOffer.credential_issuer);
    const dpop = {
      signer: { method: "jwk" as const, alg: "ES256", publicJwk: dpopKey.publicJwk as Jwk },
    };
    const authorization = await client.createAuthorizationRequestUrlFromOffer({
      credentialOffer,
      issuerMetadata,
      clientId: CLIENT_ID,
      redirectUri: REDIRECT_URI,
      scope: "credport.identity.v1",
      dpop,
    });
    expect(authorization.pkce?.codeChallengeMethod).toBe("S256");
    const redirect = await fetch(authorization.authorizationRequestUrl, { redirect: "manual" });
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get("location")!;
    const response = client.parseAndVerifyAuthorizationResponseRedirectUrl({
      url: location,
      authorizationServerMetadata: issuerMetadata.authorizationServers[0]!,
    });
    expect(response.iss).toBe(credentialOffer.credential_issuer);
    expect(response.code).toEqual(expect.any(String));
    expect((await service("GET", `/v1/openid4vc/issuance/${offer.id}`)).status).toBe(
      "ready_to_issue",
    );

    const token = await client.retrieveAuthorizationCodeAccessTokenFromOffer({
      credentialOffer,
      issuerMetadata,
      authorizationCode: response.code!,
      pkceCodeVerifier: authorization.pkce!.codeVerifier,
      redirectUri: REDIRECT_URI,
      dpop: authorization.dpop ?? dpop,
    });
    expect(token.accessTokenResponse.token_type).toBe("DPoP");
    expect((await service("GET", `/v1/openid4vc/issuance/${offer.id}`)).status).toBe(
      "token_issued",
    );

    const credential = await credentialFor(client, issuerMetadata, token, dpop, holder);
    expect(decodeJwt(credential.split("~")[0]!).cnf).toEqual({ jwk: holder.publicJwk });
    expect((await service("GET", `/v1/openid4vc/issuance/${offer.id}`)).status).toBe(
      "credential_issued",
    );
  });

  it("the pre-authorized code grant with a tx_code, with DPoP, through the same client", async () => {
    const offer = await newOffer({ txCode: { length: 6 } });
    const dpopKey = await newKey();
    const holder = await newKey();
    const client = new Openid4vciClient({ callbacks });
    const credentialOffer = await client.resolveCredentialOffer(offer.offerUri!);
    const issuerMetadata = await client.resolveIssuerMetadata(credentialOffer.credential_issuer);
    const dpop = {
      signer: { method: "jwk" as const, alg: "ES256", publicJwk: dpopKey.publicJwk as Jwk },
    };
    const token = await client.retrievePreAuthorizedCodeAccessTokenFromOffer({
      credentialOffer,
      issuerMetadata,
      txCode: offer.txCode!,
      dpop,
    });
    expect(token.accessTokenResponse.token_type).toBe("DPoP");
    await credentialFor(client, issuerMetadata, token, dpop, holder);
    expect((await service("GET", `/v1/openid4vc/issuance/${offer.id}`)).status).toBe(
      "credential_issued",
    );
  });

  it("an offer with a transaction code offers no authorization code grant (the code would bypass it)", async () => {
    const offer = await fetchOffer({ txCode: { length: 6 } });
    expect(offer.issuerState).toBeUndefined();
  });
});
