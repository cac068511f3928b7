import { createHash, randomBytes } from "node:crypto";
import { startEmulator } from "@credport/emulator";
import { createModel } from "@credport/mock";
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  SignJWT,
} from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { send } from "../../support/raw-send.js";
import { haipIssuance } from "./harness.js";

/** A key's public members only, in the order a did:jwk or `cnf` carries them. */
const _ecPublicJwk = ({ kty, crv, x, y }: JWK): JWK => ({ kty, crv, x, y }) as JWK;

/**
 * HAIP 1.0's issuer, driven by an independent wallet (the @openid4vc clients and jose, not our test
 * wallet): authorization code + PKCE (S256) + PAR + DPoP with server nonces + wallet attestation,
 * then every rule broken once by hand, each refused for the reason its spec gives.
 */
describe("HAIP issuance: authorization code, PKCE, PAR, DPoP, wallet attestation (emulator) — wallet and key attestations", () => {
  const {
    REDIRECT_URI,
    CLIENT_ID,
    newKey,
    walletAttestation,
    fetchOffer,
    b64url,
    s256,
    dpopProof,
    form,
    authorized,
    tokenRequest,
    codeGrant,
    state,
  } = haipIssuance();
  let attestationIssuer: { privateJwk: JWK; publicJwk: JWK };
  let untrustedIssuer: { privateJwk: JWK; publicJwk: JWK };
  beforeAll(() => {
    ({ attestationIssuer, untrustedIssuer } = state());
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
