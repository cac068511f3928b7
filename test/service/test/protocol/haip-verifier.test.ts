import { createHash, randomBytes, X509Certificate } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createHandlers, createModel } from "@credport/mock";
import { createTestWallet, type HeldSdJwtVc } from "@credport/mock/wallet";
import { type CallbackContext, type Jwk, setGlobalConfig } from "@openid4vc/oauth2";
import { Openid4vpClient } from "@openid4vc/openid4vp";
import {
  CompactEncrypt,
  compactVerify,
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  SignJWT,
} from "jose";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openRequest } from "./forge/redirect-request.js";
import { digestOf, disclosure, forgePresentation } from "./forge/sd-jwt-vc.js";
import { type Holder, type Issuer, newHolder, send, startIssuer } from "./raw-protocol.js";

const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();
const certOf = (base64: string) => new X509Certificate(Buffer.from(base64, "base64"));
const pemToCert = (pem: string) =>
  new X509Certificate(Buffer.from(pem.replace(/-----[A-Z ]+-----|\s/g, ""), "base64"));

/**
 * HAIP 1.0, verifier side, against the emulator's default profile: an independent wallet built
 * from @openid4vc/openid4vp 0.4.6, @sd-jwt-shaped presentations and jose — not our test wallet —
 * presents with an `x509_hash` client ID and `direct_post.jwt`; then each HAIP rule is broken once.
 */
describe("HAIP verifier (emulator, haip profile) with an independent wallet", () => {
  let issuer: Issuer;
  let holder: Holder;
  let root: X509Certificate;
  let policyId: string;
  const tenant = () => ({ projectId: issuer.emulator.projectId, environment: "test" as const });

  beforeAll(async () => {
    setGlobalConfig({ allowInsecureUrls: true });
    issuer = await startIssuer();
    holder = await newHolder();
    root = pemToCert((await send(`${issuer.emulator.url}/__emulator/ca.pem`)).text);
    await issuer.offer(); // a status list index handed out, for the hand-made credentials
    policyId = await issuer.badgePolicy();
  });
  afterAll(() => issuer.close());

  const newVerification = () => issuer.newVerification(policyId);
  const statusOf = (id: string) => issuer.verificationOf(id);

  /** The wallet's own trust decision: x5c chains to the exported root, leaf signed the JWT. */
  const verifyJwt = async (
    signer: { method: string; x5c?: string[] },
    jwt: { compact: string },
  ) => {
    if (signer.method !== "x5c" || !signer.x5c?.length) return { verified: false as const };
    const leaf = certOf(signer.x5c[0]!);
    if (!(leaf.checkIssued(root) && leaf.verify(root.publicKey)))
      return { verified: false as const };
    const publicJwk = leaf.publicKey.export({ format: "jwk" }) as Jwk;
    try {
      await compactVerify(jwt.compact, leaf.publicKey);
    } catch {
      return { verified: false as const };
    }
    return { verified: true as const, signerJwk: publicJwk };
  };
  /** ECDH-ES to the verifier's key, with overrides for the broken cases. */
  const encryptWith =
    (override: { enc?: string; alg?: string; kid?: string | null; key?: JWK } = {}) =>
    async (encryptor: { publicJwk: Jwk; enc: string; alg?: string }, data: string) => {
      const alg = override.alg ?? "ECDH-ES";
      const kid = override.kid === undefined ? encryptor.publicJwk.kid : override.kid;
      const jwe = await new CompactEncrypt(new TextEncoder().encode(data))
        .setProtectedHeader({
          alg,
          enc: override.enc ?? encryptor.enc,
          ...(kid === null ? {} : { kid: kid as string }),
        })
        .encrypt(await importJWK((override.key ?? encryptor.publicJwk) as JWK, alg));
      return { jwe, encryptionJwk: encryptor.publicJwk };
    };
  const callbacks = (
    override: Parameters<typeof encryptWith>[0] = {},
    fetcher: typeof fetch = fetch,
  ) =>
    ({
      hash: (data: Uint8Array, alg: string) =>
        new Uint8Array(sha256(Buffer.from(data)).subarray(0, alg === "sha-256" ? 32 : 32)),
      generateRandom: (length: number) => new Uint8Array(randomBytes(length)),
      verifyJwt,
      getX509CertificateMetadata: (certificate: string) => {
        const names = (certOf(certificate).subjectAltName ?? "").split(", ");
        return {
          sanDnsNames: names.filter((n) => n.startsWith("DNS:")).map((n) => n.slice(4)),
          sanUriNames: names.filter((n) => n.startsWith("URI:")).map((n) => n.slice(4)),
        };
      },
      encryptJwe: encryptWith(override),
      fetch: fetcher,
    }) as unknown as CallbackContext;

  async function resolve(uri: string, fetcher: typeof fetch = fetch) {
    const client = new Openid4vpClient({ callbacks: callbacks({}, fetcher) });
    return client.resolveOpenId4vpAuthorizationRequest({
      authorizationRequestPayload: client.parseOpenid4vpAuthorizationRequest({
        authorizationRequest: uri,
      }).params as never,
    });
  }

  /** A credential of the tenant's issuer as HAIP wants it (x5c to the test CA), presented. */
  async function presentation(
    request: { client_id: string; nonce: string; state: string; response_uri: string },
    x5c?: string[] | null,
  ) {
    const issuerUrl = `${issuer.emulator.url}/oid4vci/issuers/${tenant().projectId}.test`;
    const chain =
      x5c === undefined
        ? [await issuer.model.protocol.issuer.certificateFor(tenant(), issuerUrl)]
        : x5c;
    const given = disclosure("given_name", "Ada");
    return forgePresentation({
      model: issuer.model,
      tenant: tenant(),
      issuer: issuerUrl,
      holder,
      request: {
        verificationId: request.state,
        clientId: request.client_id,
        nonce: request.nonce,
        state: request.state,
        responseUri: request.response_uri,
      },
      payload: { _sd: [digestOf(given)] },
      disclosures: [given],
      ...(chain ? { x5c: chain } : {}),
    });
  }

  /** Resolves a fresh verification's request and answers it, encrypted as `override` says. */
  async function answer(
    options: { override?: Parameters<typeof encryptWith>[0]; x5c?: string[] | null } = {},
  ) {
    const v = await newVerification();
    const resolved = await resolve(v.authorization_request_uri!);
    const request = resolved.authorizationRequestPayload as unknown as {
      client_id: string;
      nonce: string;
      state: string;
      response_uri: string;
      response_mode: string;
    };
    const client = new Openid4vpClient({ callbacks: callbacks(options.override) });
    const response = await client.createOpenid4vpAuthorizationResponse({
      authorizationRequestPayload: request as never,
      authorizationResponsePayload: {
        vp_token: { credential: [await presentation(request, options.x5c)] },
      } as never,
      jarm: {
        encryption: { nonce: randomBytes(16).toString("base64url") },
        serverMetadata: {
          authorization_encryption_alg_values_supported: ["ECDH-ES"],
          authorization_encryption_enc_values_supported: ["A128GCM", "A256GCM"],
          authorization_signing_alg_values_supported: ["ES256"],
        },
      } as never,
    });
    const submitted = await client.submitOpenid4vpAuthorizationResponse({
      authorizationRequestPayload: request as never,
      authorizationResponsePayload: response.authorizationResponsePayload,
      jarm: { responseJwt: response.jarm!.responseJwt },
    } as never);
    const body = (await submitted.response.json()) as Record<string, string>;
    return {
      v,
      resolved,
      request,
      jwe: response.jarm!.responseJwt,
      status: submitted.response.status,
      body,
    };
  }

  it("x509_hash client ID with x5c, direct_post.jwt encrypted to the ephemeral key, trusted_authorities: verified", async () => {
    const { v, resolved, request, jwe, status, body } = await answer();
    // The client ID is the hash of the leaf the request object carries, which chains to the root.
    expect(resolved.client).toMatchObject({ prefix: "x509_hash" });
    const x5c = (resolved.client as { x5c: string[] }).x5c;
    expect(x5c).toHaveLength(1); // the leaf: the trust anchor stays out
    expect(request.client_id).toBe(
      `x509_hash:${sha256(Buffer.from(x5c[0]!, "base64")).toString("base64url")}`,
    );
    expect(new URL(v.authorization_request_uri!).searchParams.get("client_id")).toBe(
      request.client_id,
    );
    expect(request.response_mode).toBe("direct_post.jwt");
    const metadata = (
      resolved.authorizationRequestPayload as { client_metadata: Record<string, unknown> }
    ).client_metadata;
    expect(metadata.encrypted_response_enc_values_supported).toEqual(["A128GCM", "A256GCM"]);
    const keys = (metadata.jwks as { keys: JWK[] }).keys;
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: "EC", crv: "P-256", use: "enc", alg: "ECDH-ES" });
    expect(keys[0]).not.toHaveProperty("d");
    expect(decodeProtectedHeader(jwe)).toMatchObject({
      alg: "ECDH-ES",
      enc: "A128GCM",
      kid: keys[0]!.kid,
    });
    const query = (
      resolved.authorizationRequestPayload as {
        dcql_query: { credentials: { trusted_authorities: unknown }[] };
      }
    ).dcql_query.credentials[0]!;
    expect(query.trusted_authorities).toEqual([
      { type: "aki", values: [await issuer.model.ca.keyIdentifier()] },
    ]);

    expect(status).toBe(200);
    expect(await statusOf(v.id!)).toMatchObject({ status: "verified" });
    // Same-device: the redirect_uri carries a one-time response_code only this wallet learnt.
    expect(body.redirect_uri).toMatch(/\/oid4vp\/responses\/.+\/return\?response_code=/);
    expect((await send(body.redirect_uri!)).status).toBe(200);
    expect((await send(body.redirect_uri!)).status).toBe(400);
    const guessed = new URL(body.redirect_uri!);
    guessed.searchParams.set("response_code", "guessed");
    expect((await send(guessed.href)).status).toBe(400);
  });

  it("A256GCM is accepted as well", async () => {
    const { v, status } = await answer({ override: { enc: "A256GCM" } });
    expect(status).toBe(200);
    expect(await statusOf(v.id!)).toMatchObject({ status: "verified" });
  });

  it("the DC API: the independent wallet resolves the signed request for the page's origin, and its dc_api.jwt answer verifies", async () => {
    const origin = "https://shop.example";
    const v = (
      await issuer.service("POST", "/v1/verifications", {
        policy_id: policyId,
        expected_origins: [origin],
      })
    ).body as { id: string; dc_api_requests: { protocol: string; data: { request: string } }[] };
    expect(v.dc_api_requests[0]!.protocol).toBe("openid4vp-v1-signed");
    const client = new Openid4vpClient({ callbacks: callbacks() });
    const resolved = await client.resolveOpenId4vpAuthorizationRequest({
      authorizationRequestPayload: v.dc_api_requests[0]!.data as never,
      origin,
    });
    expect(resolved.client).toMatchObject({ prefix: "x509_hash" });
    const request = resolved.authorizationRequestPayload as unknown as {
      client_id: string;
      nonce: string;
      response_mode: string;
      expected_origins: string[];
    };
    expect(request.response_mode).toBe("dc_api.jwt");
    expect(request.expected_origins).toEqual([origin]);
    // Another page's origin: the independent wallet refuses the request too.
    await expect(
      client.resolveOpenId4vpAuthorizationRequest({
        authorizationRequestPayload: v.dc_api_requests[0]!.data as never,
        origin: "https://other.example",
      }),
    ).rejects.toThrow();
    const response = await client.createOpenid4vpAuthorizationResponse({
      authorizationRequestPayload: request as never,
      origin,
      authorizationResponsePayload: {
        vp_token: {
          credential: [
            await presentation({
              client_id: `origin:${origin}`,
              nonce: request.nonce,
              state: v.id,
              response_uri: "",
            }),
          ],
        },
      } as never,
      jarm: {
        encryption: { nonce: randomBytes(16).toString("base64url") },
        serverMetadata: {
          authorization_encryption_alg_values_supported: ["ECDH-ES"],
          authorization_encryption_enc_values_supported: ["A128GCM", "A256GCM"],
          authorization_signing_alg_values_supported: ["ES256"],
        },
      } as never,
    });
    const posted = await issuer.service("POST", `/v1/verifications/${v.id}/dc-api-response`, {
      protocol: "openid4vp-v1-signed",
      data: { response: response.jarm!.responseJwt },
    });
    expect(posted.status).toBe(200);
    expect(posted.body).toMatchObject({ status: "verified" });
  });

  describe("emulator side: each HAIP rule broken once is refused for its reason", () => {
    it.each([
      ["another content encryption (A192GCM)", { enc: "A192GCM" }, /enc A128GCM or A256GCM/],
      ["another key management (ECDH-ES+A128KW)", { alg: "ECDH-ES+A128KW" }, /alg ECDH-ES/],
      ["no kid", { kid: null }, /kid/],
      ["the kid of another key", { kid: "resp-not-ours" }, /kid/],
    ])(
      "a response JWE with %s: 400 invalid_request, the verification stays open",
      async (_, override, reason) => {
        const { v, status, body } = await answer({ override });
        expect(status).toBe(400);
        expect(body).toMatchObject({ error: "invalid_request" });
        expect(body.error_description).toMatch(reason);
        expect(await statusOf(v.id!)).toMatchObject({ status: "in_progress" });
      },
    );

    it("a response encrypted to another key under this request's kid does not decrypt: 400", async () => {
      const { publicKey } = await generateKeyPair("ECDH-ES", { crv: "P-256", extractable: true });
      const { v, status, body } = await answer({ override: { key: await exportJWK(publicKey) } });
      expect(status).toBe(400);
      expect(body.error_description).toMatch(/does not decrypt/);
      expect(await statusOf(v.id!)).toMatchObject({ status: "in_progress" });
    });

    it("a response encrypted to another verification's (stale) key: 400", async () => {
      const other = await newVerification();
      const otherKey = (
        (await resolve(other.authorization_request_uri!)).authorizationRequestPayload as {
          client_metadata: { jwks: { keys: JWK[] } };
        }
      ).client_metadata.jwks.keys[0]!;
      const { v, status, body } = await answer({ override: { key: otherKey, kid: otherKey.kid! } });
      expect(status).toBe(400);
      expect(body.error_description).toMatch(/kid/);
      expect(await statusOf(v.id!)).toMatchObject({ status: "in_progress" });
    });

    it("an unencrypted vp_token (plain direct_post): 400 invalid_request naming direct_post.jwt", async () => {
      const v = await newVerification();
      const request = await openRequest(v.authorization_request_uri!);
      const form = new URLSearchParams({
        vp_token: JSON.stringify({
          credential: [
            await presentation({
              client_id: request.clientId,
              nonce: request.nonce,
              state: request.state,
              response_uri: request.responseUri,
            }),
          ],
        }),
        state: request.state,
      });
      const answered = await send(request.responseUri, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: form.toString(),
      });
      expect(answered.status).toBe(400);
      expect(answered.body).toMatchObject({ error: "invalid_request" });
      expect(String(answered.body.error_description)).toMatch(/direct_post\.jwt/);
      expect(await statusOf(v.id!)).toMatchObject({ status: "in_progress" });
    });

    it.each([65, 4119, 5000, 50_000])(
      "a decrypted response nested %i levels deep: 400 invalid_request, the verification stays open",
      async (depth) => {
        const v = await newVerification();
        const resolved = await resolve(v.authorization_request_uri!);
        const request = resolved.authorizationRequestPayload as unknown as {
          state: string;
          response_uri: string;
          client_metadata: { jwks: { keys: JWK[] } };
        };
        const key = request.client_metadata.jwks.keys[0]!;
        // vp_token's one presentation list holds an array nested `depth` levels deep.
        const nested = `${"[".repeat(depth - 3)}${"]".repeat(depth - 3)}`;
        const plaintext = `{"vp_token":{"credential":[${nested}]},"state":${JSON.stringify(request.state)}}`;
        const jwe = await new CompactEncrypt(new TextEncoder().encode(plaintext))
          .setProtectedHeader({ alg: "ECDH-ES", enc: "A128GCM", kid: key.kid! })
          .encrypt(await importJWK(key, "ECDH-ES"));
        const answered = await send(request.response_uri, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ response: jwe }).toString(),
        });
        expect([answered.status, answered.body.error]).toEqual([400, "invalid_request"]);
        expect(await statusOf(v.id!)).toMatchObject({ status: "in_progress" });
      },
    );

    it("a replayed response (the same JWE again): 400, the first verdict stands", async () => {
      const { v, jwe, request } = await answer();
      expect(await statusOf(v.id!)).toMatchObject({ status: "verified" });
      const replayed = await send(request.response_uri, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ response: jwe }).toString(),
      });
      expect(replayed.status).toBe(400);
      expect(replayed.body).toMatchObject({ error: "invalid_request" });
      expect(await statusOf(v.id!)).toMatchObject({ status: "verified" });
    });

    it("a credential whose x5c chains to another CA is outside trusted_authorities: presentation_invalid", async () => {
      const foreign = createModel().ca;
      const issuerKeys = await issuer.model.protocol.issuer.keysFor(tenant());
      const leaf = await foreign.issueLeaf({
        commonName: "Issuer",
        publicJwk: issuerKeys.publicJwk,
        dnsNames: ["127.0.0.1"],
      });
      const { v, status } = await answer({ x5c: [leaf] });
      expect(status).toBe(200);
      expect(await statusOf(v.id!)).toMatchObject({
        status: "failed",
        failure_code: "presentation_invalid",
        failure_detail: { check: "issuer_not_trusted" },
      });
    });

    it("a credential without x5c is outside trusted_authorities: presentation_invalid", async () => {
      const { v } = await answer({ x5c: null });
      expect(await statusOf(v.id!)).toMatchObject({
        status: "failed",
        failure_code: "presentation_invalid",
        failure_detail: { check: "issuer_not_trusted" },
      });
    });
  });

  describe("wallet side: a request object HAIP wallets refuse", () => {
    let attacker: Server;
    let attackerUrl: string;
    let served = "";
    const posts: string[] = [];
    const foreign = createModel().ca;
    let attackerKey: { privateJwk: JWK; publicJwk: JWK };
    beforeAll(async () => {
      attacker = createServer((req, res) => {
        if (req.method === "POST") posts.push(req.url ?? "");
        res.writeHead(200, { "content-type": "application/oauth-authz-req+jwt" }).end(served);
      });
      await new Promise<void>((done) => attacker.listen(0, "127.0.0.1", done));
      attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
      const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
      attackerKey = {
        privateJwk: await exportJWK(privateKey),
        publicJwk: await exportJWK(publicKey),
      };
    });
    afterAll(() => new Promise<void>((done) => attacker.close(() => done())));

    /** The genuine request's payload, re-signed by the attacker under `clientId` with `x5c`. */
    async function forged(
      clientIdOf: (leaf: string) => string,
      leaf: string,
      signWith: JWK = attackerKey.privateJwk,
    ) {
      const v = await newVerification();
      const requestUri = new URL(v.authorization_request_uri!).searchParams.get("request_uri")!;
      const genuine = decodeJwt((await send(requestUri)).text);
      const clientId = clientIdOf(leaf);
      served = await new SignJWT({ ...genuine, client_id: clientId })
        .setProtectedHeader({ alg: "ES256", typ: "oauth-authz-req+jwt", x5c: [leaf] })
        .sign(await importJWK(signWith, "ES256"));
      return `openid4vp://?client_id=${encodeURIComponent(clientId)}&request_uri=${encodeURIComponent(`${attackerUrl}/request`)}`;
    }
    const leafHash = (leaf: string) =>
      `x509_hash:${sha256(Buffer.from(leaf, "base64")).toString("base64url")}`;

    it("x5c whose leaf does not hash to the x509_hash client_id: both wallets refuse, nothing is posted", async () => {
      const ours = new URL((await newVerification()).authorization_request_uri!).searchParams.get(
        "client_id",
      )!;
      // Another project's verifier, with a genuine certificate from the same CA, asks under ours.
      const other = issuer.model.createProject();
      const otherTenant = { projectId: other.projectId, environment: "test" as const };
      const leaf = await issuer.model.protocol.verifier.certificateFor(
        otherTenant,
        issuer.emulator.url,
      );
      const otherKey = await issuer.model.protocol.verifier.keysFor(otherTenant);
      const uri = await forged(() => ours, leaf, otherKey.privateJwk);
      await expect(resolve(uri)).rejects.toThrow(/hash of the leaf x5c certificate/);
      const wallet = await createTestWallet({ trustedRoots: [root.toString()] });
      await expect(wallet.present(uri)).rejects.toThrow(/test wallet: the request object/);
      expect(posts).toEqual([]);
    });

    it("x5c that chains to another CA than the exported root: both wallets refuse", async () => {
      const leaf = await foreign.issueLeaf({
        commonName: "attacker",
        publicJwk: attackerKey.publicJwk,
        dnsNames: ["127.0.0.1"],
      });
      const uri = await forged(leafHash, leaf);
      await expect(resolve(uri)).rejects.toThrow();
      const wallet = await createTestWallet({ trustedRoots: [root.toString()] });
      await expect(wallet.present(uri)).rejects.toThrow(
        /does not trust \(x5c does not chain to a trusted root\)/,
      );
      expect(posts).toEqual([]);
    });

    it("the test wallet presents through x509_hash and direct_post.jwt, trusting the exported root by default", async () => {
      const wallet = await createTestWallet();
      const { offerUrl } = await issuer.offer();
      await wallet.acceptOffer(
        `openid-credential-offer://?credential_offer_uri=${encodeURIComponent(offerUrl)}`,
      );
      const v = await newVerification();
      await wallet.present(v.authorization_request_uri!);
      expect(await statusOf(v.id!)).toMatchObject({ status: "verified" });
    });
  });
});

describe("HAIP issuer signatures and the x509_san_dns option (msw)", () => {
  const baseUrl = "https://api.credport.test";
  const model = createModel({ verifierClientIdPrefix: "x509_san_dns" });
  const server = setupServer(...createHandlers(model, { baseUrl }));
  beforeAll(() => server.listen({ onUnhandledRequest: "bypass" }));
  afterAll(() => server.close());

  it("credentials and status list tokens carry x5c chaining to the root, leaf = the issuer key; the verifier is x509_san_dns:<host>", async () => {
    const project = model.createProject();
    const service = (method: string, path: string, body?: unknown) =>
      fetch(`${baseUrl}${path}`, {
        method,
        headers: { "x-service-key": project.secretKey, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }).then((r) => r.json() as Promise<Record<string, unknown>>);
    const root = pemToCert(await (await fetch(`${baseUrl}/__emulator/ca.pem`)).text());
    const wallet = await createTestWallet();
    const v = (await service("POST", "/v1/verifications", {
      policy_id: "preset_age_over_18",
    })) as Record<string, string>;
    const clientId = new URL(v.authorization_request_uri!).searchParams.get("client_id");
    expect(clientId).toBe("x509_san_dns:api.credport.test");
    await wallet.present(v.authorization_request_uri!); // obtains the test identity, then presents
    expect(await service("GET", `/v1/verifications/${v.id}`)).toMatchObject({ status: "verified" });

    const credential = (wallet.credentials[0] as HeldSdJwtVc).sdJwt.split("~")[0]!;
    const header = decodeProtectedHeader(credential);
    expect(header.x5c).toHaveLength(1);
    const leaf = certOf((header.x5c as string[])[0]!);
    expect(leaf.checkIssued(root) && leaf.verify(root.publicKey)).toBe(true);
    await expect(compactVerify(credential, leaf.publicKey)).resolves.toBeDefined();
    expect(leaf.subjectAltName).toContain("DNS:api.credport.test");

    const statusUri = (decodeJwt(credential).status as { status_list: { uri: string } }).status_list
      .uri;
    const token = await (await fetch(statusUri)).text();
    const statusLeaf = certOf((decodeProtectedHeader(token).x5c as string[])[0]!);
    expect(statusLeaf.verify(root.publicKey)).toBe(true);
    await expect(compactVerify(token, statusLeaf.publicKey)).resolves.toBeDefined();
  });
});
