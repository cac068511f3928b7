import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Holder,
  type Issuer,
  newHolder,
  OAUTH_DESCRIPTION,
  send,
  startIssuer,
} from "./raw-protocol.js";

/** OpenID4VCI 1.0 §8: what the credential endpoint refuses, with which error, and what it changes. */
describe("credential endpoint (OpenID4VCI 1.0 §8)", () => {
  let issuer: Issuer;
  let holder: Holder;
  beforeAll(async () => {
    issuer = await startIssuer({ profile: "plain" });
    holder = await newHolder();
  });
  afterAll(() => issuer.close());

  const webhookTypes = (id: string) =>
    issuer.model.webhooks.events
      .filter((e) => (e.event.data.object as { id: string }).id === id)
      .map((e) => e.event.type);

  describe("c_nonce", () => {
    it.each([
      ["unknown", async () => "never-handed-out"],
      [
        "reused",
        async () => {
          // Spent on another issuance that succeeded.
          const other = await issuer.tokenFor();
          const c_nonce = await issuer.nonce(other.issuer);
          const ok = await issuer.credential(other.issuer, other.accessToken, {
            credential_configuration_id: "badge-v1",
            proofs: { jwt: [await issuer.proof(holder, { issuer: other.issuer, nonce: c_nonce })] },
          });
          expect(ok.status).toBe(200);
          return c_nonce;
        },
      ],
      [
        "stale",
        async () => {
          const { issuer: url } = await issuer.tokenFor();
          const c_nonce = await issuer.nonce(url);
          issuer.model.clock.advance(6 * 60 * 1000);
          return c_nonce;
        },
      ],
    ])(
      "a %s c_nonce is 400 invalid_nonce with a fresh c_nonce, changes nothing, and that nonce then succeeds",
      async (_, badNonce) => {
        const nonce = await badNonce();
        const walked = await issuer.tokenFor();
        const before = issuer.model.snapshot();
        const refused = await issuer.credential(walked.issuer, walked.accessToken, {
          credential_configuration_id: "badge-v1",
          proofs: { jwt: [await issuer.proof(holder, { issuer: walked.issuer, nonce })] },
        });
        expect(refused.status).toBe(400);
        expect(refused.body.error).toBe("invalid_nonce");
        expect(refused.headers.get("cache-control")).toBe("no-store");
        expect(issuer.model.snapshot()).toEqual(before);
        const fresh = refused.body.c_nonce as string;
        expect(fresh).toMatch(/^[A-Za-z0-9]{16,}$/);

        const issued = await issuer.credential(walked.issuer, walked.accessToken, {
          credential_configuration_id: "badge-v1",
          proofs: { jwt: [await issuer.proof(holder, { issuer: walked.issuer, nonce: fresh })] },
        });
        expect(issued.status).toBe(200);
        expect(await issuer.status(walked.id)).toBe("credential_issued");
      },
    );
  });

  describe("a genuine proof failure is invalid_proof; the token stays usable for a corrected request", () => {
    it.each([
      [
        "a signature by another key",
        async (url: string, nonce: string) =>
          issuer.proof(holder, { issuer: url, nonce, signWith: (await newHolder()).privateJwk }),
      ],
      [
        "another audience",
        (url: string, nonce: string) =>
          issuer.proof(holder, { issuer: url, nonce, aud: "https://issuer.example" }),
      ],
      [
        "an audience array",
        (url: string, nonce: string) => issuer.proof(holder, { issuer: url, nonce, aud: [url] }),
      ],
      [
        "another typ",
        (url: string, nonce: string) => issuer.proof(holder, { issuer: url, nonce, typ: "JWT" }),
      ],
      [
        "a stale iat",
        (url: string, nonce: string) =>
          issuer.proof(holder, { issuer: url, nonce, iat: issuer.now() - 3600 }),
      ],
      ["no nonce claim", (url: string) => issuer.proof(holder, { issuer: url })],
      [
        "a kid beside the jwk",
        (url: string, nonce: string) =>
          issuer.proof(holder, { issuer: url, nonce, header: { kid: "did:example:123#0" } }),
      ],
      ["no JWT at all", async () => "not.a.proof"],
    ])("%s", async (_, makeProof) => {
      const walked = await issuer.tokenFor();
      const nonce = await issuer.nonce(walked.issuer);
      const refused = await issuer.credential(walked.issuer, walked.accessToken, {
        credential_configuration_id: "badge-v1",
        proofs: { jwt: [await makeProof(walked.issuer, nonce)] },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe("invalid_proof");
      expect(refused.body.error_description).toMatch(OAUTH_DESCRIPTION);
      expect(await issuer.status(walked.id)).toBe("token_issued");
      expect(webhookTypes(walked.id)).not.toContain("issuance.failed");

      // OpenID4VCI 1.0 §8.3.1.2: the wallet may send a corrected request with the same token.
      const corrected = await issuer.credential(walked.issuer, walked.accessToken, {
        credential_configuration_id: "badge-v1",
        proofs: {
          jwt: [
            await issuer.proof(holder, {
              issuer: walked.issuer,
              nonce: await issuer.nonce(walked.issuer),
            }),
          ],
        },
      });
      expect(corrected.status).toBe(200);
      expect(await issuer.status(walked.id)).toBe("credential_issued");
    });
  });

  it("refuses malformed credential requests with invalid_credential_request and changes nothing", async () => {
    const walked = await issuer.tokenFor();
    const nonce = await issuer.nonce(walked.issuer);
    const proof = await issuer.proof(holder, { issuer: walked.issuer, nonce });
    const before = issuer.model.snapshot();
    const cases: [string, unknown, Record<string, string>?][] = [
      ["a body that is not JSON", "{ not json"],
      ["a JSON array", [{ credential_configuration_id: "badge-v1", proofs: { jwt: [proof] } }]],
      [
        "a form body",
        new URLSearchParams({ credential_configuration_id: "badge-v1" }).toString(),
        { "content-type": "application/x-www-form-urlencoded" },
      ],
      [
        "JSON sent as text/plain",
        JSON.stringify({ credential_configuration_id: "badge-v1", proofs: { jwt: [proof] } }),
        { "content-type": "text/plain" },
      ],
      ["no credential_configuration_id", { proofs: { jwt: [proof] } }],
      [
        "a credential_configuration_id that is not a string",
        { credential_configuration_id: 7, proofs: { jwt: [proof] } },
      ],
      [
        "a credential_identifier no token response handed out",
        { credential_identifier: "badge-v1", proofs: { jwt: [proof] } },
      ],
      [
        "both identifiers",
        {
          credential_configuration_id: "badge-v1",
          credential_identifier: "badge-v1",
          proofs: { jwt: [proof] },
        },
      ],
      [
        "the draft-13 proof parameter",
        { credential_configuration_id: "badge-v1", proof: { proof_type: "jwt", jwt: proof } },
      ],
      [
        "proof beside proofs",
        {
          credential_configuration_id: "badge-v1",
          proof: { proof_type: "jwt", jwt: proof },
          proofs: { jwt: [proof] },
        },
      ],
      [
        "two proofs while batch_credential_issuance is not advertised",
        { credential_configuration_id: "badge-v1", proofs: { jwt: [proof, proof] } },
      ],
      ["an empty proofs.jwt", { credential_configuration_id: "badge-v1", proofs: { jwt: [] } }],
      ["proofs that is not an object", { credential_configuration_id: "badge-v1", proofs: proof }],
      [
        "a proof that is not a string",
        { credential_configuration_id: "badge-v1", proofs: { jwt: [{ proof }] } },
      ],
      [
        "two proof types",
        { credential_configuration_id: "badge-v1", proofs: { jwt: [proof], attestation: [proof] } },
      ],
      [
        "an unsupported proof type",
        { credential_configuration_id: "badge-v1", proofs: { ldp_vp: [{}] } },
      ],
    ];
    for (const [name, body, headers] of cases) {
      const refused = await issuer.credential(walked.issuer, walked.accessToken, body, headers);
      expect({ name, status: refused.status, error: refused.body.error }).toEqual({
        name,
        status: 400,
        error: "invalid_credential_request",
      });
      expect(refused.body.error_description).toMatch(OAUTH_DESCRIPTION);
    }
    const unknown = await issuer.credential(walked.issuer, walked.accessToken, {
      credential_configuration_id: "another-v1",
      proofs: { jwt: [proof] },
    });
    expect(unknown.body.error).toBe("unknown_credential_configuration");
    // OpenID4VCI 1.0 §8.3.1.2: a missing proofs parameter is invalid_proof; nothing was proven wrong.
    const noProofs = await issuer.credential(walked.issuer, walked.accessToken, {
      credential_configuration_id: "badge-v1",
    });
    expect(noProofs.body.error).toBe("invalid_proof");
    expect(issuer.model.snapshot()).toEqual(before);
    expect(await issuer.status(walked.id)).toBe("token_issued");

    // The nonce in `proof` was never used up: the same proof now succeeds.
    const issued = await issuer.credential(walked.issuer, walked.accessToken, {
      credential_configuration_id: "badge-v1",
      proofs: { jwt: [proof] },
    });
    expect(issued.status).toBe(200);
    expect(issued.headers.get("cache-control")).toBe("no-store");
  });

  it("refuses credential_response_encryption with 400 invalid_encryption_parameters, never a plain-text credential", async () => {
    const walked = await issuer.tokenFor();
    const nonce = await issuer.nonce(walked.issuer);
    const before = issuer.model.snapshot();
    const refused = await issuer.credential(walked.issuer, walked.accessToken, {
      credential_configuration_id: "badge-v1",
      proofs: { jwt: [await issuer.proof(holder, { issuer: walked.issuer, nonce })] },
      credential_response_encryption: {
        jwk: { ...holder.publicJwk, use: "enc", alg: "ECDH-ES" },
        enc: "A128GCM",
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("invalid_encryption_parameters");
    expect(refused.body.credentials).toBeUndefined();
    expect(issuer.model.snapshot()).toEqual(before);
    const url = new URL(walked.issuer);
    const metadata = await send(
      `${url.origin}/.well-known/openid-credential-issuer${url.pathname}`,
    );
    expect(metadata.body).not.toHaveProperty("credential_response_encryption");
    expect(metadata.body).not.toHaveProperty("credential_request_encryption");
  });

  it("answers 401 to a request without Bearer credentials with a bare challenge and no error code (RFC 6750 §3.1)", async () => {
    const walked = await issuer.tokenFor();
    const nonce = await issuer.nonce(walked.issuer);
    const body = {
      credential_configuration_id: "badge-v1",
      proofs: { jwt: [await issuer.proof(holder, { issuer: walked.issuer, nonce })] },
    };
    const before = issuer.model.snapshot();
    // No Authorization header, or one in a scheme this endpoint does not take.
    for (const authorization of [
      undefined,
      `Basic ${walked.accessToken}`,
      `DPoP ${walked.accessToken}`,
    ]) {
      const response = await fetch(`${walked.issuer}/credential`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(authorization ? { authorization } : {}),
        },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer( realm="[^"]*")?$/);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const error = (await response.json()) as Record<string, string>;
      expect(error.error).toBeUndefined();
      expect(error.error_description).toMatch(OAUTH_DESCRIPTION);
    }
    expect(issuer.model.snapshot()).toEqual(before);
  });

  it('answers 401 with WWW-Authenticate: Bearer error="invalid_token" to a Bearer token it does not know', async () => {
    const walked = await issuer.tokenFor();
    const nonce = await issuer.nonce(walked.issuer);
    const body = {
      credential_configuration_id: "badge-v1",
      proofs: { jwt: [await issuer.proof(holder, { issuer: walked.issuer, nonce })] },
    };
    const before = issuer.model.snapshot();
    for (const authorization of ["Bearer not-a-token", `Bearer ${walked.accessToken}x`]) {
      const response = await fetch(`${walked.issuer}/credential`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token"/);
      const error = (await response.json()) as Record<string, string>;
      expect(error.error).toBe("invalid_token");
      expect(error.error_description).toMatch(OAUTH_DESCRIPTION);
    }
    expect(issuer.model.snapshot()).toEqual(before);
  });
});
