import { createHash, randomBytes } from "node:crypto";
import { type Emulator, startEmulator } from "@credport/emulator";
import { createModel } from "@credport/mock";
import { exportJWK, generateKeyPair, importJWK, SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { send } from "../../support/raw-send.js";
import { ecPublicJwk, haipIssuance } from "./harness.js";

/**
 * HAIP 1.0's issuer, driven by an independent wallet (the @openid4vc clients and jose, not our test
 * wallet): authorization code + PKCE (S256) + PAR + DPoP with server nonces + wallet attestation,
 * then every rule broken once by hand, each refused for the reason its spec gives.
 */
describe("HAIP issuance: authorization code, PKCE, PAR, DPoP, wallet attestation (emulator) — DPoP", () => {
  const {
    REDIRECT_URI,
    CLIENT_ID,
    newKey,
    walletAttestation,
    service,
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
  } = haipIssuance();
  let emulator: Emulator;
  beforeAll(() => {
    ({ emulator } = state());
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
