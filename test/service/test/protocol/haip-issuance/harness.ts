import { createHash, randomBytes } from "node:crypto";
import { type Emulator, startEmulator } from "@credport/emulator";
import { createModel } from "@credport/mock";
import { type CallbackContext, type Jwk, setGlobalConfig } from "@openid4vc/oauth2";
import type { Openid4vciClient } from "@openid4vc/openid4vci";
import { exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from "jose";
import { afterAll, beforeAll, expect } from "vitest";
import { send } from "../../support/raw-send.js";

/** A key's public members only, in the order a did:jwk or `cnf` carries them. */
export const ecPublicJwk = ({ kty, crv, x, y }: JWK): JWK => ({ kty, crv, x, y }) as JWK;

/**
 * The HAIP issuer the haip-issuance tests drive, and the independent wallet's tools (the
 * @openid4vc clients and jose, not our test wallet): an emulator that trusts one wallet attestation
 * issuer, and helpers for each step of the authorization code flow with PKCE, PAR and DPoP. Call
 * it inside a `describe`: it registers that describe's `beforeAll` and `afterAll`.
 */
export function haipIssuance() {
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

  /** What `beforeAll` made: read it in the test file's own `beforeAll`. */
  const state = () => ({ emulator, attestationIssuer, untrustedIssuer });

  return {
    REDIRECT_URI,
    CLIENT_ID,
    privateKeys,
    newKey,
    callbacks,
    walletAttestation,
    service,
    IDENTITY_CLAIMS,
    newOffer,
    credentialFor,
    issuerOf,
    fetchOffer,
    b64url,
    s256,
    dpopProof,
    form,
    dpopNonce,
    authorized,
    tokenRequest,
    codeGrant,
    state,
  };
}
