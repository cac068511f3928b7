import { createHash, randomBytes } from "node:crypto";
import { type Emulator, startEmulator } from "@credport/emulator";
import { createModel } from "@credport/mock";
import {
  type CallbackContext,
  clientAuthenticationClientAttestationJwt,
  type Jwk,
  setGlobalConfig,
} from "@openid4vc/oauth2";
import { Openid4vciClient } from "@openid4vc/openid4vci";
import {
  calculateJwkThumbprint,
  decodeJwt,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  SignJWT,
} from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { send } from "../support/raw-send.js";

/** A key's public members only, in the order a did:jwk or `cnf` carries them. */
const ecPublicJwk = ({ kty, crv, x, y }: JWK): JWK => ({ kty, crv, x, y }) as JWK;

/**
 * HAIP 1.0's issuer, driven by an independent wallet (the @openid4vc clients and jose, not our test
 * wallet): authorization code + PKCE (S256) + PAR + DPoP with server nonces + wallet attestation,
 * then every rule broken once by hand, each refused for the reason its spec gives.
 */
describe("HAIP issuance: authorization code, PKCE, PAR, DPoP, wallet attestation (emulator)", () => {
  let emulator: Emulator;
  const REDIRECT_URI = "https://wallet.example/cb";
  const CLIENT_ID = "haip-wallet";
  /** Private keys of every signer the wallet uses, by the x coordinate of the public key. */
  const privateKeys = new Map<string, JWK>();
  let attestationIssuer: { privateJwk: JWK; publicJwk: JWK };
  let untrustedIssuer: { privateJwk: JWK; publicJwk: JWK };

  async function newKey() {
    const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
    const publicJwk = ecPublicJwk(await exportJWK(publicKey));
    const privateJwk = await exportJWK(privateKey);
    privateKeys.set(publicJwk.x!, privateJwk);
    return { privateJwk, publicJwk };
  }

  const callbacks: Omit<CallbackContext, "verifyJwt" | "decryptJwe" | "encryptJwe"> = {
    hash: (data, alg) =>
      new Uint8Array(createHash(alg.replace("-", "").toLowerCase()).update(data).digest()),
    generateRandom: (length) => new Uint8Array(randomBytes(length)),
    clientAuthentication: () => {},
    fetch,
    signJwt: async (signer, { header, payload }) => {
      const publicJwk = (signer as { publicJwk: Jwk }).publicJwk;
      const jwt = await new SignJWT(payload as never)
        .setProtectedHeader(header as never)
        .sign(await importJWK(privateKeys.get(publicJwk.x!)!, "ES256"));
      return { jwt, signerJwk: publicJwk };
    },
  };

  /** A wallet attestation (OAuth-Client-Attestation) for `instanceKey`, signed by `by`. */
  async function walletAttestation(
    instanceKey: JWK,
    by: { privateJwk: JWK } = attestationIssuer,
    options: { exp?: number } = {},
  ) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      iss: "https://wallet-provider.example",
      sub: CLIENT_ID,
      iat: now,
      exp: options.exp ?? now + 3600,
      cnf: { jwk: instanceKey },
    })
      .setProtectedHeader({ alg: "ES256", typ: "oauth-client-attestation+jwt" })
      .sign(await importJWK(by.privateJwk, "ES256"));
  }

  beforeAll(async () => {
    setGlobalConfig({ allowInsecureUrls: true });
    attestationIssuer = await newKey();
    untrustedIssuer = await newKey();
    emulator = await startEmulator({
      port: 0,
      model: createModel({ attestations: { trustedKeys: [attestationIssuer.publicJwk] } }),
    });
  });
  afterAll(() => emulator.close());

  const service = (method: string, path: string, body?: unknown) =>
    fetch(`${emulator.url}${path}`, {
      method,
      headers: { "x-service-key": emulator.keys.secretKey, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }).then((r) => r.json() as Promise<Record<string, string>>);

  const IDENTITY_CLAIMS = {
    given_name: "Ada",
    family_name: "Lovelace",
    birthdate: "1815-12-10",
    age_over_18: true,
  };
  const newOffer = (extra: Record<string, unknown> = {}) =>
    service("POST", "/v1/openid4vc/issuance/offer", {
      credentialDefinitionId: "credport.identity.v1",
      claims: IDENTITY_CLAIMS,
      ...extra,
    });

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

  /** The credential step of either grant: a nonce, the holder's proof, the DPoP-bound request. */
  async function credentialFor(
    client: Openid4vciClient,
    issuerMetadata: Awaited<ReturnType<Openid4vciClient["resolveIssuerMetadata"]>>,
    token: { accessTokenResponse: { access_token: string }; dpop?: unknown },
    dpop: { signer: { method: "jwk"; alg: string; publicJwk: Jwk } },
    holder: { publicJwk: JWK },
  ): Promise<string> {
    const { c_nonce } = await client.requestNonce({ issuerMetadata });
    const proof = await client.createCredentialRequestJwtProof({
      issuerMetadata,
      credentialConfigurationId: "credport.identity.v1",
      nonce: c_nonce,
      signer: { method: "jwk", alg: "ES256", publicJwk: holder.publicJwk as Jwk },
    });
    const issued = await client.retrieveCredentials({
      issuerMetadata,
      accessToken: token.accessTokenResponse.access_token,
      credentialConfigurationId: "credport.identity.v1",
      proofs: { jwt: [proof.jwt] },
      dpop: (token.dpop ?? dpop) as typeof dpop,
    });
    return (issued.credentialResponse.credentials as { credential: string }[])[0]!.credential;
  }

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

  // ---- Each rule broken once, by hand ----

  const issuerOf = (offer: Record<string, unknown>) =>
    (offer.credential_issuer as string).replace(/\/$/, "");

  async function fetchOffer(extra: Record<string, unknown> = {}) {
    const created = await newOffer(extra);
    const offerUrl = new URL(created.offerUri!).searchParams.get("credential_offer_uri")!;
    const fetched = (await send(offerUrl)).body;
    const grants = fetched.grants as Record<string, Record<string, string>>;
    return {
      id: created.id!,
      issuer: issuerOf(fetched),
      issuerState: grants.authorization_code?.issuer_state,
      preAuthorizedCode:
        grants["urn:ietf:params:oauth:grant-type:pre-authorized_code"]!["pre-authorized_code"]!,
    };
  }

  const b64url = (bytes: Buffer) => bytes.toString("base64url");
  const s256 = (verifier: string) => b64url(createHash("sha256").update(verifier).digest());

  async function dpopProof(
    key: { privateJwk: JWK; publicJwk: JWK },
    claims: {
      htm: string;
      htu: string;
      nonce?: string | undefined;
      iat?: number;
      jti?: string;
      ath?: string;
    },
  ) {
    return new SignJWT({
      jti: claims.jti ?? b64url(randomBytes(16)),
      iat: claims.iat ?? Math.floor(Date.now() / 1000),
      htm: claims.htm,
      htu: claims.htu,
      ...(claims.nonce ? { nonce: claims.nonce } : {}),
      ...(claims.ath ? { ath: claims.ath } : {}),
    })
      .setProtectedHeader({ alg: "ES256", typ: "dpop+jwt", jwk: key.publicJwk })
      .sign(await importJWK(key.privateJwk, "ES256"));
  }

  const form = (url: string, values: Record<string, string>, headers: Record<string, string>) =>
    send(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(values).toString(),
    });

  /** A DPoP nonce: the token endpoint's answer to a proof without one. */
  async function dpopNonce(issuer: string, key: { privateJwk: JWK; publicJwk: JWK }) {
    const answer = await form(
      `${issuer}/token`,
      { grant_type: "authorization_code" },
      { dpop: await dpopProof(key, { htm: "POST", htu: `${issuer}/token` }) },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("use_dpop_nonce");
    return answer.headers.get("dpop-nonce")!;
  }

  /** PAR + authorization for a fresh offer: the code, and what the token request needs. */
  async function authorized(options: { verifier?: string } = {}) {
    const offer = await fetchOffer();
    const verifier = options.verifier ?? b64url(randomBytes(32));
    const par = await form(
      `${offer.issuer}/par`,
      {
        response_type: "code",
        client_id: CLIENT_ID,
        redirect_uri: REDIRECT_URI,
        code_challenge: s256(verifier),
        code_challenge_method: "S256",
        issuer_state: offer.issuerState!,
        scope: "credport.identity.v1",
        state: "st-1",
      },
      {},
    );
    expect(par.status, par.text).toBe(201);
    const redirect = await fetch(
      `${offer.issuer}/authorize?${new URLSearchParams({ client_id: CLIENT_ID, request_uri: par.body.request_uri as string })}`,
      { redirect: "manual" },
    );
    const location = new URL(redirect.headers.get("location")!);
    return { ...offer, verifier, code: location.searchParams.get("code")! };
  }

  async function tokenRequest(
    issuer: string,
    values: Record<string, string>,
    key: { privateJwk: JWK; publicJwk: JWK },
    proof: Partial<Parameters<typeof dpopProof>[1]> = {},
  ) {
    const nonce = proof.nonce ?? (await dpopNonce(issuer, key));
    const htu = `${issuer}/token`;
    return form(`${issuer}/token`, values, {
      dpop: await dpopProof(key, { htm: "POST", htu, ...proof, nonce }),
    });
  }

  const codeGrant = (a: Awaited<ReturnType<typeof authorized>>, extra = {}) => ({
    grant_type: "authorization_code",
    code: a.code,
    code_verifier: a.verifier,
    redirect_uri: REDIRECT_URI,
    client_id: CLIENT_ID,
    ...extra,
  });

  it("the authorization endpoint takes only pushed requests: invalid_request, no redirect", async () => {
    const offer = await fetchOffer();
    const answer = await fetch(
      `${offer.issuer}/authorize?${new URLSearchParams({
        response_type: "code",
        client_id: CLIENT_ID,
        redirect_uri: REDIRECT_URI,
        code_challenge: s256("x".repeat(43)),
        code_challenge_method: "S256",
        issuer_state: offer.issuerState!,
      })}`,
      { redirect: "manual" },
    );
    expect(answer.status).toBe(400);
    expect(answer.headers.get("location")).toBeNull();
    expect(((await answer.json()) as { error: string }).error).toBe("invalid_request");
  });

  it("PAR refuses the plain PKCE method and a request without a code challenge", async () => {
    const offer = await fetchOffer();
    const base = {
      response_type: "code",
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      issuer_state: offer.issuerState!,
    };
    const plain = await form(
      `${offer.issuer}/par`,
      { ...base, code_challenge: "a".repeat(43), code_challenge_method: "plain" },
      {},
    );
    expect(plain.status).toBe(400);
    expect(plain.body.error).toBe("invalid_request");
    expect(plain.body.error_description).toMatch(/S256/);
    const none = await form(`${offer.issuer}/par`, base, {});
    expect(none.status).toBe(400);
    expect(none.body.error_description).toMatch(/code_challenge/);
  });

  it("the token endpoint refuses a missing or wrong PKCE verifier (invalid_grant), then a reused code, revoking its token", async () => {
    const key = await newKey();
    const missing = await authorized();
    const noVerifier = await tokenRequest(
      missing.issuer,
      codeGrant(missing, { code_verifier: "" }),
      key,
    );
    expect(noVerifier.body.error).toBe("invalid_grant");

    const wrong = await authorized();
    const wrongVerifier = await tokenRequest(
      wrong.issuer,
      codeGrant(wrong, { code_verifier: b64url(randomBytes(32)) }),
      key,
    );
    expect(wrongVerifier.body.error).toBe("invalid_grant");
    expect(wrongVerifier.body.error_description).toMatch(/code_verifier/);

    const good = await authorized();
    const first = await tokenRequest(good.issuer, codeGrant(good), key);
    expect(first.status, first.text).toBe(200);
    expect(first.body.token_type).toBe("DPoP");
    const again = await tokenRequest(good.issuer, codeGrant(good), key);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe("invalid_grant");
    // RFC 6749 §4.1.2: the code was stolen or replayed; the token issued with it is revoked.
    const accessToken = first.body.access_token as string;
    const htu = `${good.issuer}/credential`;
    const revoked = await send(htu, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `DPoP ${accessToken}`,
        dpop: await dpopProof(key, {
          htm: "POST",
          htu,
          nonce: again.headers.get("dpop-nonce")!,
          ath: b64url(createHash("sha256").update(accessToken).digest()),
        }),
      },
      body: JSON.stringify({
        credential_configuration_id: "credport.identity.v1",
        proofs: { jwt: ["x"] },
      }),
    });
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get("www-authenticate")).toMatch(/^DPoP error="invalid_token"/);
  });

  it("a token request without DPoP is invalid_dpop_proof; without a nonce, use_dpop_nonce with DPoP-Nonce", async () => {
    const a = await authorized();
    const none = await form(`${a.issuer}/token`, codeGrant(a), {});
    expect(none.status).toBe(400);
    expect(none.body.error).toBe("invalid_dpop_proof");
    const key = await newKey();
    const noNonce = await form(`${a.issuer}/token`, codeGrant(a), {
      dpop: await dpopProof(key, { htm: "POST", htu: `${a.issuer}/token` }),
    });
    expect(noNonce.body.error).toBe("use_dpop_nonce");
    expect(noNonce.headers.get("dpop-nonce")).toEqual(expect.any(String));
    // Neither attempt spent the code.
    expect((await tokenRequest(a.issuer, codeGrant(a), key)).status).toBe(200);
  });

  it("a replayed DPoP jti, a stale iat, a wrong htm or htu are invalid_dpop_proof", async () => {
    const key = await newKey();
    const a = await authorized();
    const nonce = await dpopNonce(a.issuer, key);
    const jti = b64url(randomBytes(16));
    // The pre-authorized code grant needs DPoP under HAIP too: spend a jti there.
    const offer = await fetchOffer();
    const first = await tokenRequest(
      offer.issuer,
      {
        grant_type: "urn:ietf:params:oauth:grant-type:pre-authorized_code",
        "pre-authorized_code": offer.preAuthorizedCode,
      },
      key,
      { nonce, jti },
    );
    expect(first.status, first.text).toBe(200);
    expect(first.body.token_type).toBe("DPoP");
    const cases: [string, Partial<Parameters<typeof dpopProof>[1]>][] = [
      ["jti", { jti }],
      ["iat", { iat: Math.floor(Date.now() / 1000) - 3600 }],
      ["htm", { htm: "GET" }],
      ["htu", { htu: `${a.issuer}/credential` }],
    ];
    for (const [rule, proof] of cases) {
      const answer = await tokenRequest(a.issuer, codeGrant(a), key, { nonce, ...proof });
      expect(answer.status, rule).toBe(400);
      expect(answer.body.error, rule).toBe("invalid_dpop_proof");
      expect(answer.body.error_description, rule).toMatch(new RegExp(rule));
    }
    // None of them spent the code.
    expect((await tokenRequest(a.issuer, codeGrant(a), key, { nonce })).status).toBe(200);
  });

  it("the credential endpoint wants Authorization: DPoP with a proof by the token's key carrying its ath", async () => {
    const key = await newKey();
    const a = await authorized();
    const token = await tokenRequest(a.issuer, codeGrant(a), key);
    const accessToken = token.body.access_token as string;
    const nonce = token.headers.get("dpop-nonce")!;
    expect(nonce).toEqual(expect.any(String));
    const htu = `${a.issuer}/credential`;
    const ath = b64url(createHash("sha256").update(accessToken).digest());
    const holder = await newKey();
    const cNonce = (await send(`${a.issuer}/nonce`, { method: "POST" })).body.c_nonce as string;
    const proofJwt = await new SignJWT({ nonce: cNonce, aud: a.issuer })
      .setProtectedHeader({ alg: "ES256", typ: "openid4vci-proof+jwt", jwk: holder.publicJwk })
      .setIssuedAt()
      .sign(await importJWK(holder.privateJwk, "ES256"));
    const body = JSON.stringify({
      credential_configuration_id: "credport.identity.v1",
      proofs: { jwt: [proofJwt] },
    });
    const credential = (headers: Record<string, string>) =>
      send(htu, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body,
      });

    const bearer = await credential({ authorization: `Bearer ${accessToken}` });
    expect(bearer.status).toBe(401);
    expect(bearer.headers.get("www-authenticate")).toMatch(/^DPoP .*error="invalid_token"/);

    const noProof = await credential({ authorization: `DPoP ${accessToken}` });
    expect(noProof.status).toBe(401);
    expect(noProof.headers.get("www-authenticate")).toMatch(/^DPoP .*error="invalid_dpop_proof"/);

    const noAth = await credential({
      authorization: `DPoP ${accessToken}`,
      dpop: await dpopProof(key, { htm: "POST", htu, nonce }),
    });
    expect(noAth.status).toBe(401);
    expect(noAth.headers.get("www-authenticate")).toMatch(/invalid_dpop_proof.*ath/);

    const wrongAth = await credential({
      authorization: `DPoP ${accessToken}`,
      dpop: await dpopProof(key, { htm: "POST", htu, nonce, ath: s256("another token") }),
    });
    expect(wrongAth.status).toBe(401);
    expect(wrongAth.headers.get("www-authenticate")).toMatch(/invalid_dpop_proof.*ath/);

    const otherKey = await newKey();
    const swapped = await credential({
      authorization: `DPoP ${accessToken}`,
      dpop: await dpopProof(otherKey, { htm: "POST", htu, nonce, ath }),
    });
    expect(swapped.status).toBe(401);
    expect(swapped.headers.get("www-authenticate")).toMatch(/invalid_dpop_proof.*key/);

    const good = await credential({
      authorization: `DPoP ${accessToken}`,
      dpop: await dpopProof(key, { htm: "POST", htu, nonce, ath }),
    });
    expect(good.status, good.text).toBe(200);
    expect((await service("GET", `/v1/openid4vc/issuance/${a.id}`)).status).toBe(
      "credential_issued",
    );
  });

  it("a wallet attestation with a bad signature, or expired, is invalid_client", async () => {
    const offer = await fetchOffer();
    const instanceKey = await newKey();
    const pop = async () =>
      new SignJWT({
        iss: CLIENT_ID,
        aud: offer.issuer,
        jti: b64url(randomBytes(16)),
        iat: Math.floor(Date.now() / 1000),
        exp: Math.floor(Date.now() / 1000) + 60,
      })
        .setProtectedHeader({ alg: "ES256", typ: "oauth-client-attestation-pop+jwt" })
        .sign(await importJWK(instanceKey.privateJwk, "ES256"));
    const par = async (attestation: string) =>
      form(
        `${offer.issuer}/par`,
        {
          response_type: "code",
          client_id: CLIENT_ID,
          redirect_uri: REDIRECT_URI,
          code_challenge: s256(b64url(randomBytes(32))),
          code_challenge_method: "S256",
          issuer_state: offer.issuerState!,
        },
        { "oauth-client-attestation": attestation, "oauth-client-attestation-pop": await pop() },
      );
    const untrusted = await par(await walletAttestation(instanceKey.publicJwk, untrustedIssuer));
    expect(untrusted.status).toBe(401);
    expect(untrusted.body.error).toBe("invalid_client");
    expect(untrusted.body.error_description).toMatch(/signature|trusted/);
    const expired = await par(
      await walletAttestation(instanceKey.publicJwk, attestationIssuer, {
        exp: Math.floor(Date.now() / 1000) - 600,
      }),
    );
    expect(expired.status).toBe(401);
    expect(expired.body.error).toBe("invalid_client");
    expect(expired.body.error_description).toMatch(/exp/);
    const good = await par(await walletAttestation(instanceKey.publicJwk));
    expect(good.status, good.text).toBe(201);
    expect(await calculateJwkThumbprint(instanceKey.publicJwk)).toEqual(expect.any(String));
  });

  it("a key attestation in the proof is checked: untrusted signature, expiry, unattested key are invalid_proof", async () => {
    const key = await newKey();
    const a = await authorized();
    const token = await tokenRequest(a.issuer, codeGrant(a), key);
    const accessToken = token.body.access_token as string;
    const htu = `${a.issuer}/credential`;
    const ath = b64url(createHash("sha256").update(accessToken).digest());
    const holder = await newKey();
    const cNonce = (await send(`${a.issuer}/nonce`, { method: "POST" })).body.c_nonce as string;
    const now = Math.floor(Date.now() / 1000);
    const keyAttestation = async (by: { privateJwk: JWK }, claims: Record<string, unknown> = {}) =>
      new SignJWT({ iat: now, exp: now + 3600, attested_keys: [holder.publicJwk], ...claims })
        .setProtectedHeader({ alg: "ES256", typ: "key-attestation+jwt" })
        .sign(await importJWK(by.privateJwk, "ES256"));
    const request = async (attestation: string) => {
      const proofJwt = await new SignJWT({ nonce: cNonce, aud: a.issuer })
        .setProtectedHeader({
          alg: "ES256",
          typ: "openid4vci-proof+jwt",
          jwk: holder.publicJwk,
          key_attestation: attestation,
        } as never)
        .setIssuedAt()
        .sign(await importJWK(holder.privateJwk, "ES256"));
      return send(htu, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `DPoP ${accessToken}`,
          dpop: await dpopProof(key, {
            htm: "POST",
            htu,
            nonce: token.headers.get("dpop-nonce")!,
            ath,
          }),
        },
        body: JSON.stringify({
          credential_configuration_id: "credport.identity.v1",
          proofs: { jwt: [proofJwt] },
        }),
      });
    };
    const untrusted = await request(await keyAttestation(untrustedIssuer));
    expect(untrusted.body.error).toBe("invalid_proof");
    expect(untrusted.body.error_description).toMatch(/trusted/);
    const expired = await request(await keyAttestation(attestationIssuer, { exp: now - 60 }));
    expect(expired.body.error).toBe("invalid_proof");
    expect(expired.body.error_description).toMatch(/exp/);
    const other = await newKey();
    const unattested = await request(
      await keyAttestation(attestationIssuer, { attested_keys: [other.publicJwk] }),
    );
    expect(unattested.body.error).toBe("invalid_proof");
    expect(unattested.body.error_description).toMatch(/attested_keys/);
    const good = await request(await keyAttestation(attestationIssuer));
    expect(good.status, good.text).toBe(200);
  });

  it("with the emulator's clock moved ahead, DPoP proofs and attestations signed on real time still pass", async () => {
    emulator.model.clock.advance(6 * 60 * 1000);
    const key = await newKey();
    const a = await authorized();
    const token = await tokenRequest(a.issuer, codeGrant(a), key);
    expect(token.status, token.text).toBe(200);
    const offer = await fetchOffer();
    const instanceKey = await newKey();
    const pop = await new SignJWT({
      aud: offer.issuer,
      jti: b64url(randomBytes(16)),
      iat: Math.floor(Date.now() / 1000),
    })
      .setProtectedHeader({ alg: "ES256", typ: "oauth-client-attestation-pop+jwt" })
      .sign(await importJWK(instanceKey.privateJwk, "ES256"));
    const par = await form(
      `${offer.issuer}/par`,
      {
        response_type: "code",
        client_id: CLIENT_ID,
        redirect_uri: REDIRECT_URI,
        code_challenge: s256(b64url(randomBytes(32))),
        code_challenge_method: "S256",
        issuer_state: offer.issuerState!,
      },
      {
        "oauth-client-attestation": await walletAttestation(instanceKey.publicJwk),
        "oauth-client-attestation-pop": pop,
      },
    );
    expect(par.status, par.text).toBe(201);
  });

  it("an offer with a transaction code offers no authorization code grant (the code would bypass it)", async () => {
    const offer = await fetchOffer({ txCode: { length: 6 } });
    expect(offer.issuerState).toBeUndefined();
  });
});

describe("HAIP issuance limits (emulator)", () => {
  it("a full jti store refuses new DPoP proofs instead of forgetting live ones (limits.dpopProofs, per issuer)", async () => {
    const emulator = await startEmulator({
      port: 0,
      model: createModel({ limits: { dpopProofs: 2 } }),
    });
    try {
      const offer = await fetch(`${emulator.url}/v1/openid4vc/issuance/offer`, {
        method: "POST",
        headers: { "x-service-key": emulator.keys.secretKey, "content-type": "application/json" },
        body: JSON.stringify({
          credentialDefinitionId: "credport.identity.v1",
          claims: { given_name: "A", family_name: "B", birthdate: "1815-12-10", age_over_18: true },
        }),
      }).then((r) => r.json() as Promise<{ offerUri: string }>);
      const offerUrl = new URL(offer.offerUri).searchParams.get("credential_offer_uri")!;
      const issuer = ((await send(offerUrl)).body.credential_issuer as string).replace(/\/$/, "");
      const { privateKey, publicKey } = await generateKeyPair("ES256");
      const jwk = ecPublicJwk(await exportJWK(publicKey));
      const tokenRequest = async (nonce?: string) =>
        send(`${issuer}/token`, {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            dpop: await new SignJWT({
              jti: randomBytes(16).toString("base64url"),
              iat: Math.floor(Date.now() / 1000),
              htm: "POST",
              htu: `${issuer}/token`,
              ...(nonce ? { nonce } : {}),
            })
              .setProtectedHeader({ alg: "ES256", typ: "dpop+jwt", jwk })
              .sign(privateKey),
          },
          body: "grant_type=authorization_code&code=nope&client_id=w",
        });
      const nonce = (await tokenRequest()).headers.get("dpop-nonce")!;
      // Two proofs fill the store (each refused afterwards for its unknown code, but remembered).
      expect((await tokenRequest(nonce)).body.error).toBe("invalid_grant");
      expect((await tokenRequest(nonce)).body.error).toBe("invalid_grant");
      const third = await tokenRequest(nonce);
      expect(third.body.error).toBe("invalid_dpop_proof");
      expect(third.body.error_description).toMatch(/dpopProofs/);
    } finally {
      await emulator.close();
    }
  });
});

describe("HAIP attestation options", () => {
  it("attestations.required: metadata says so, and a PAR without a wallet attestation is invalid_client", async () => {
    const emulator = await startEmulator({
      port: 0,
      model: createModel({ attestations: { required: true } }),
    });
    try {
      const key = `${emulator.projectId}.test`;
      const issuer = `${emulator.url}/oid4vci/issuers/${key}`;
      const as = (await send(`${issuer}/.well-known/oauth-authorization-server`)).body;
      expect(as.token_endpoint_auth_methods_supported).toEqual(["attest_jwt_client_auth"]);
      const metadata = (await send(`${issuer}/.well-known/openid-credential-issuer`)).body;
      const configurations = metadata.credential_configurations_supported as Record<
        string,
        { proof_types_supported: { jwt: Record<string, unknown> } }
      >;
      expect(
        configurations["credport.identity.v1"]!.proof_types_supported.jwt.key_attestations_required,
      ).toEqual({});
      const par = await send(`${issuer}/par`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "response_type=code&client_id=w",
      });
      expect(par.status).toBe(401);
      expect(par.body.error).toBe("invalid_client");
      expect(par.headers.get("www-authenticate")).toBeNull();
    } finally {
      await emulator.close();
    }
  });

  it("a trusted key that is not a P-256 public JWK is refused when the model is made", async () => {
    const { privateKey } = await generateKeyPair("ES256", { extractable: true });
    const privateJwk = await exportJWK(privateKey);
    expect(() => createModel({ attestations: { trustedKeys: [privateJwk] } })).toThrow(
      /attestations\.trustedKeys\[0\]/,
    );
  });
});
