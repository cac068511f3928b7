import { createHash, randomBytes } from "node:crypto";
import type { JWK } from "jose";
import { describe, expect, it } from "vitest";
import { send } from "../../support/raw-send.js";
import { haipIssuance } from "./harness.js";

/** A key's public members only, in the order a did:jwk or `cnf` carries them. */
const _ecPublicJwk = ({ kty, crv, x, y }: JWK): JWK => ({ kty, crv, x, y }) as JWK;

/**
 * HAIP 1.0's issuer, driven by an independent wallet (the @openid4vc clients and jose, not our test
 * wallet): authorization code + PKCE (S256) + PAR + DPoP with server nonces + wallet attestation,
 * then every rule broken once by hand, each refused for the reason its spec gives.
 */
describe("HAIP issuance: authorization code, PKCE, PAR, DPoP, wallet attestation (emulator) — PAR and PKCE", () => {
  const {
    REDIRECT_URI,
    CLIENT_ID,
    newKey,
    fetchOffer,
    b64url,
    s256,
    dpopProof,
    form,
    authorized,
    tokenRequest,
    codeGrant,
  } = haipIssuance();

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
});
