import { createHash, randomBytes } from "node:crypto";
import { startEmulator } from "@credport/emulator";
import { type CallbackContext, type Jwk, setGlobalConfig } from "@openid4vc/oauth2";
import { Openid4vciClient } from "@openid4vc/openid4vci";
import { Openid4vpClient } from "@openid4vc/openid4vp";
import { digest, ES256, generateSalt } from "@sd-jwt/crypto-nodejs";
import { SDJwtVcInstance } from "@sd-jwt/sd-jwt-vc";
import { compactVerify, exportJWK, generateKeyPair, importJWK, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * An independent wallet — the @openid4vc clients, not our test wallet — drives the emulator through
 * OpenID4VCI issuance and OpenID4VP presentation.
 */
describe("interoperability with the @openid4vc clients (emulator, plain profile)", () => {
  let emulator: Awaited<ReturnType<typeof startEmulator>>;
  const holder = { privateJwk: {} as Jwk, publicJwk: {} as Jwk };
  let credential: string;

  const callbacks: Omit<CallbackContext, "verifyJwt" | "decryptJwe" | "encryptJwe"> = {
    hash: (data, alg) =>
      new Uint8Array(createHash(alg.replace("-", "").toLowerCase()).update(data).digest()),
    generateRandom: (length) => new Uint8Array(randomBytes(length)),
    clientAuthentication: () => {},
    signJwt: async (signer, { header, payload }) => {
      const jwt = await new SignJWT(payload as never)
        .setProtectedHeader(header as never)
        .sign(await importJWK(holder.privateJwk as never, "ES256"));
      return { jwt, signerJwk: (signer as { publicJwk: Jwk }).publicJwk };
    },
  };

  beforeAll(async () => {
    setGlobalConfig({ allowInsecureUrls: true });
    // The plain profile: the pre-authorized code flow without DPoP, a did:jwk client ID and
    // direct_post (haip-issuance.test.ts and haip-verifier.test.ts drive HAIP's).
    emulator = await startEmulator({ profile: "plain" });
    const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
    holder.privateJwk = (await exportJWK(privateKey)) as Jwk;
    holder.publicJwk = (await exportJWK(publicKey)) as Jwk;
  });
  afterAll(() => emulator.close());

  const service = (method: string, path: string, body?: unknown) =>
    fetch(`${emulator.url}${path}`, {
      method,
      headers: { "x-service-key": emulator.keys.secretKey, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }).then((r) => r.json() as Promise<Record<string, string>>);

  it("OpenID4VCI: pre-authorized code with tx_code, nonce, proof, SD-JWT VC", async () => {
    const offer = await service("POST", "/v1/openid4vc/issuance/offer", {
      credentialDefinitionId: "credport.identity.v1",
      claims: {
        given_name: "Ada",
        family_name: "Lovelace",
        birthdate: "1815-12-10",
        age_over_18: true,
      },
      txCode: { length: 6 },
    });
    const client = new Openid4vciClient({ callbacks });
    const credentialOffer = await client.resolveCredentialOffer(offer.offerUri!);
    const issuerMetadata = await client.resolveIssuerMetadata(credentialOffer.credential_issuer);
    const { accessTokenResponse } = await client.retrievePreAuthorizedCodeAccessTokenFromOffer({
      credentialOffer,
      issuerMetadata,
      txCode: offer.txCode!,
    });
    const { c_nonce } = await client.requestNonce({ issuerMetadata });
    const proof = await client.createCredentialRequestJwtProof({
      issuerMetadata,
      credentialConfigurationId: "credport.identity.v1",
      nonce: c_nonce,
      signer: { method: "jwk", alg: "ES256", publicJwk: holder.publicJwk },
    });
    const response = await client.retrieveCredentials({
      issuerMetadata,
      accessToken: accessTokenResponse.access_token,
      credentialConfigurationId: "credport.identity.v1",
      proofs: { jwt: [proof.jwt] },
    });
    credential = (response.credentialResponse.credentials as { credential: string }[])[0]!
      .credential;
    expect(credential.split("~").length).toBeGreaterThan(4);
    expect((await service("GET", `/v1/openid4vc/issuance/${offer.id}`)).status).toBe(
      "credential_issued",
    );
  });

  it("OpenID4VP: resolves the request, answers with a key-bound presentation over direct_post", async () => {
    const verification = await service("POST", "/v1/verifications", {
      policy_id: "preset_age_over_18",
    });
    // The wallet resolves the verifier's did:jwk itself and checks the request object's signature.
    const verifyJwt = async (
      signer: { method: string; didUrl?: string },
      jwt: { compact: string },
    ) => {
      if (signer.method !== "did" || !signer.didUrl?.startsWith("did:jwk:"))
        return { verified: false as const };
      const publicJwk = JSON.parse(
        Buffer.from(signer.didUrl.slice(8).split("#")[0]!, "base64url").toString(),
      ) as Jwk;
      await compactVerify(jwt.compact, await importJWK(publicJwk as never, "ES256"));
      return { verified: true as const, signerJwk: publicJwk };
    };
    const client = new Openid4vpClient({ callbacks: { ...callbacks, verifyJwt, fetch } as never });
    const resolved = await client.resolveOpenId4vpAuthorizationRequest({
      authorizationRequestPayload: client.parseOpenid4vpAuthorizationRequest({
        authorizationRequest: verification.authorization_request_uri!,
      }).params as never,
    });
    expect(resolved.client).toMatchObject({ prefix: "decentralized_identifier" });
    const request = resolved.authorizationRequestPayload;
    expect(request.dcql_query).toBeDefined();
    // The holder's side from @sd-jwt directly, not the mock's helpers.
    const sdjwt = new SDJwtVcInstance({
      hasher: digest,
      hashAlg: "sha-256",
      saltGenerator: generateSalt,
      kbSigner: await ES256.getSigner(holder.privateJwk as never),
      kbSignAlg: "ES256",
    });
    const presentation = await sdjwt.present(
      credential,
      { age_over_18: true },
      {
        kb: {
          payload: {
            iat: Math.floor(Date.now() / 1000),
            aud: String(request.client_id),
            nonce: String(request.nonce),
          },
        },
      },
    );
    // A direct_post request, as the emulator issues it (the type also covers Digital Credentials API ones).
    const directPost = request as Extract<typeof request, { response_uri?: string | undefined }>;
    const response = await client.createOpenid4vpAuthorizationResponse({
      authorizationRequestPayload: directPost,
      authorizationResponsePayload: {
        vp_token: { credential: [presentation] },
        state: directPost.state as string | undefined,
      } as never,
    });
    await client.submitOpenid4vpAuthorizationResponse({
      authorizationRequestPayload: directPost,
      authorizationResponsePayload: response.authorizationResponsePayload,
    });
    const status = await service("GET", `/v1/verifications/${verification.id}/status`);
    expect(status).toMatchObject({ status: "verified" });
    const result = await service("GET", `/v1/verifications/${verification.id}/result`);
    expect(result.claims).toEqual({ age_over_18: true });
  });
});
