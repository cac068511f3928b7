import { createHash, randomBytes } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { type Emulator, startEmulator } from "@credport/emulator";
import type { ProtocolProfile } from "@credport/mock";
import fc from "fast-check";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRE_AUTHORIZED_GRANT, send } from "../../../../test/service/test/support/raw-send.js";
import { badgeClaims, badgeDefinition } from "../../../../test/service/test/support/transports.js";

// One for both profiles: fast-check indexes every code point of a binary string arbitrary when it
// is first used (about a second of CPU each).
const junkText = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.constantFrom("", "%", "%zz", "null", "[]", "{}", "\u0000"),
);

/**
 * Malformed bodies and headers thrown at every protocol endpoint, under each profile: no answer is
 * a server error, and no refusal changes state — except the refusals that count by design (a
 * wrong tx_code, a spent authorization code; docs/api.md). Under haip, requests carry no DPoP
 * proof, a junk one, or a valid one for the endpoint, so that the checks behind DPoP are reached.
 */
describe.each<ProtocolProfile>(["plain", "haip"])(
  "protocol endpoints under malformed input (property, %s)",
  (profile) => {
    let emulator: Emulator;
    let issuer: string;
    let dpopKey: { privateKey: CryptoKey; jwk: JWK };
    let dpopNonce: string | undefined;
    beforeAll(async () => {
      const { privateKey, publicKey } = await generateKeyPair("ES256");
      dpopKey = { privateKey, jwk: await exportJWK(publicKey) };
      emulator = await startEmulator({ port: 0, profile });
      await fetch(`${emulator.url}/v1/issuer/credential-definitions`, {
        method: "POST",
        headers: { "x-service-key": emulator.keys.secretKey, "content-type": "application/json" },
        body: JSON.stringify({ ...badgeDefinition(), lifecycleStatus: "published" }),
      });
      issuer = `${emulator.url}/oid4vci/issuers/${emulator.projectId}.test`;
    });
    afterAll(() => emulator.close());

    /** Fresh records for one run: an offer the wallet fetched, one at token_issued, an open verification. */
    async function fixtures() {
      const model = emulator.model;
      const tenant = { projectId: emulator.projectId, environment: "test" as const };
      const fetched = model.issuance.createOffer(tenant, {
        credentialDefinitionId: "badge-v1",
        claims: badgeClaims,
      }).record;
      model.issuance.applyTrigger(fetched.id, "offer_fetched");
      const tokened = model.issuance.createOffer(tenant, {
        credentialDefinitionId: "badge-v1",
        claims: badgeClaims,
      }).record;
      model.issuance.applyTrigger(tokened.id, "offer_fetched");
      const token = (
        await dpopSend(`${issuer}/token`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            grant_type: PRE_AUTHORIZED_GRANT,
            "pre-authorized_code": tokened.preAuthorizedCode,
          }).toString(),
        })
      ).body.access_token as string;
      // Under haip: an offer pushed (its request_uri) and one authorized (its code).
      const verifier = randomBytes(32).toString("base64url");
      const challenge = createHash("sha256").update(verifier).digest("base64url");
      const authorizable = model.issuance.createOffer(tenant, {
        credentialDefinitionId: "badge-v1",
        claims: badgeClaims,
      }).record;
      model.issuance.applyTrigger(authorizable.id, "offer_fetched");
      const issuerState = createHash("sha256")
        .update(`issuer_state:${authorizable.preAuthorizedCode}`)
        .digest("base64url");
      const par = async () =>
        (
          await dpopSend(`${issuer}/par`, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({
              response_type: "code",
              client_id: "fuzz",
              redirect_uri: "https://wallet.example/cb",
              code_challenge: challenge,
              code_challenge_method: "S256",
              issuer_state: issuerState,
            }).toString(),
          })
        ).body.request_uri as string | undefined;
      const requestUri = profile === "haip" ? await par() : undefined;
      const authorized = profile === "haip" ? await par() : undefined;
      const code = authorized
        ? (new URL(
            (
              await fetch(`${issuer}/authorize?client_id=fuzz&request_uri=${authorized}`, {
                redirect: "manual",
              })
            ).headers.get("location")!,
          ).searchParams.get("code") ?? "")
        : "";
      const verification = model.verifications.create(tenant, { policy_id: "preset_age_over_18" });
      model.verifications.applyTrigger(verification.id, "request_fetched");
      const nonce = (await send(`${issuer}/nonce`, { method: "POST" })).body.c_nonce as string;
      // A verification with Digital Credentials API requests (OpenID4VP and Annex C), as the API makes it.
      const dcApi = (
        await send(`${emulator.url}/v1/verifications`, {
          method: "POST",
          headers: { "x-service-key": emulator.keys.secretKey, "content-type": "application/json" },
          body: JSON.stringify({
            policy_id: "preset_age_over_18",
            expected_origins: ["https://shop.example"],
          }),
        })
      ).body as { id: string; client_token: string };
      return {
        dcApi,
        fetched,
        tokened,
        token,
        verification,
        nonce,
        requestUri,
        code,
        verifier,
        issuerState,
      };
    }

    /** A DPoP proof for this request under haip (with the last server nonce), none under plain. */
    async function dpopProof(method: string, url: string, accessToken?: string) {
      const htu = new URL(url);
      htu.search = "";
      return new SignJWT({
        jti: randomBytes(16).toString("base64url"),
        iat: Math.floor(Date.now() / 1000),
        htm: method,
        htu: htu.href,
        ...(dpopNonce ? { nonce: dpopNonce } : {}),
        ...(accessToken
          ? { ath: createHash("sha256").update(accessToken).digest("base64url") }
          : {}),
      })
        .setProtectedHeader({ alg: "ES256", typ: "dpop+jwt", jwk: dpopKey.jwk })
        .sign(dpopKey.privateKey);
    }

    /** A well-behaved request: with a DPoP proof under haip, retried once for the server's nonce. */
    async function dpopSend(
      url: string,
      init: { method: string; headers: Record<string, string>; body: string },
    ) {
      const attempt = async () => {
        const answer = await send(url, {
          ...init,
          headers: {
            ...init.headers,
            ...(profile === "haip" ? { dpop: await dpopProof(init.method, url) } : {}),
          },
        });
        dpopNonce = answer.headers.get("dpop-nonce") ?? dpopNonce;
        return answer;
      };
      const first = await attempt();
      return first.body.error === "use_dpop_nonce" ? attempt() : first;
    }
    type Fixtures = Awaited<ReturnType<typeof fixtures>>;
    /** Fixtures are made again only after a run changed state (a success, or a refusal that counts). */
    let current: Fixtures | undefined;

    const junk = junkText;
    const jsonish = fc.oneof(
      fc.json(),
      fc.jsonValue().map((v) => JSON.stringify(v)),
    );

    /** A form of known keys with good, junk or JSON values, sometimes with a key repeated. */
    const formOf = (keys: Record<string, (f: Fixtures) => string[]>) =>
      fc
        .tuple(
          fc.array(
            fc.tuple(fc.constantFrom(...Object.keys(keys), "x"), fc.nat(), fc.oneof(junk, jsonish)),
            { maxLength: 6 },
          ),
          fc.boolean(),
        )
        .map(([entries, useGood]) => (f: Fixtures) => {
          const form = new URLSearchParams();
          for (const [key, pick, value] of entries) {
            const good = keys[key]?.(f) ?? [];
            form.append(key, useGood && good.length > 0 ? good[pick % good.length]! : value);
          }
          return form.toString();
        });

    const contentType = fc.constantFrom(
      "application/x-www-form-urlencoded",
      "application/x-www-form-urlencoded; charset=utf-8",
      "application/json",
      "text/plain",
      "multipart/form-data; boundary=x",
      "",
      "application/x-www-form-urlencoded; charset=\u00ff",
    );
    const authorization = fc.constantFrom(
      "none",
      "bearer",
      "junk-bearer",
      "dpop",
      "basic",
      "empty",
    );
    const authorizationHeader = (kind: string, f: Fixtures): Record<string, string> =>
      ({
        none: {},
        bearer: { authorization: `Bearer ${f.token}` },
        "junk-bearer": { authorization: "Bearer x y" },
        dpop: { authorization: `DPoP ${f.token}` },
        basic: { authorization: "Basic eDp5" },
        empty: { authorization: "" },
      })[kind]!;

    const credentialBody = fc.oneof(
      fc.oneof(junk, jsonish).map((text) => () => text),
      fc
        .record(
          {
            credential_configuration_id: fc.oneof(fc.constant("badge-v1"), junk, fc.integer()),
            credential_identifier: fc.oneof(junk, fc.constant("badge-v1")),
            proof: fc.oneof(fc.json(), fc.constant({ proof_type: "jwt", jwt: "a.b.c" })),
            proofs: fc.oneof(
              fc.json(),
              fc.constant({ jwt: [] }),
              fc
                .array(fc.oneof(junk, fc.constant("eyJhbGciOiJFUzI1NiJ9.e30.sig")), {
                  maxLength: 3,
                })
                .map((jwt) => ({ jwt })),
              fc.dictionary(
                fc.constantFrom("jwt", "attestation", "ldp_vp"),
                fc.array(junk, { maxLength: 2 }),
              ),
            ),
          },
          { requiredKeys: [] },
        )
        .map((body) => () => JSON.stringify(body)),
    );

    interface Endpoint {
      name: string;
      method: string;
      url: (f: Fixtures) => string;
      body?: fc.Arbitrary<(f: Fixtures) => string>;
      /** Headers the endpoint needs to get past its authentication, when it has its own. */
      headers?: (f: Fixtures) => Record<string, string>;
    }

    /** Base64url of CBOR-ish bytes: random, truncated, or nested deep (arrays of one). */
    const cborish = fc.oneof(
      fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString("base64url")),
      fc
        .integer({ min: 1, max: 5000 })
        .map((depth) =>
          Buffer.concat([Buffer.alloc(depth, 0x81), Buffer.from([0x00])]).toString("base64url"),
        ),
      fc.constantFrom("gmVkY2FwaaA", "ggFhAg", "oA", "", "not base64url!"),
    );
    /** A DC API answer `{ protocol, data }`: each protocol, each member, with junk values. */
    const dcApiAnswer = fc.oneof(
      fc.oneof(junk, jsonish).map((text) => () => text),
      fc
        .record(
          {
            protocol: fc.oneof(
              fc.constantFrom("openid4vp-v1-unsigned", "openid4vp-v1-signed", "org-iso-mdoc"),
              junk,
            ),
            data: fc.oneof(
              fc.record({ response: fc.oneof(cborish, junk, fc.constant("a.b.c.d.e")) }),
              fc.record({
                vp_token: fc.oneof(
                  fc.jsonValue(),
                  cborish.map((token) => ({ age_av: [token] })),
                  fc.constant({ credential: ["a~b~c"] }),
                ),
              }),
              fc.record({ error: fc.oneof(junk, fc.constant("access_denied")) }),
              fc.jsonValue(),
            ),
          },
          { requiredKeys: [] },
        )
        .map((body) => () => JSON.stringify(body)),
    );
    const id = fc.oneof(fc.constant("good"), fc.string({ minLength: 1 }));
    const endpoints: Endpoint[] = [
      {
        name: "offer",
        method: "GET",
        url: (f) => `${emulator.url}/oid4vci/offers/${f.fetched.id}`,
      },
      {
        name: "issuer metadata",
        method: "GET",
        url: () =>
          `${emulator.url}/.well-known/openid-credential-issuer/oid4vci/issuers/${emulator.projectId}.test`,
      },
      {
        name: "authorization server metadata",
        method: "GET",
        url: () =>
          `${emulator.url}/.well-known/oauth-authorization-server/oid4vci/issuers/${emulator.projectId}.test`,
      },
      {
        name: "jwt-vc-issuer metadata",
        method: "GET",
        url: () =>
          `${emulator.url}/.well-known/jwt-vc-issuer/oid4vci/issuers/${emulator.projectId}.test`,
      },
      { name: "status list", method: "GET", url: () => `${issuer}/status-list` },
      { name: "jwks", method: "GET", url: () => `${issuer}/jwks` },
      {
        name: "token",
        method: "POST",
        url: () => `${issuer}/token`,
        body: fc.oneof(
          formOf({
            grant_type: () => [PRE_AUTHORIZED_GRANT, "authorization_code"],
            "pre-authorized_code": (f) => [
              f.fetched.preAuthorizedCode,
              f.tokened.preAuthorizedCode,
            ],
            code: (f) => [f.code],
            code_verifier: (f) => [f.verifier, "x".repeat(43)],
            redirect_uri: () => ["https://wallet.example/cb"],
            client_id: () => ["fuzz"],
            tx_code: () => ["123456", ""],
            authorization_details: () => [
              '[{"type":"openid_credential","credential_configuration_id":"badge-v1"}]',
              "[{",
              "[]",
            ],
          }),
          fc.oneof(junk, jsonish).map((text) => () => text),
        ),
      },
      {
        name: "pushed authorization request",
        method: "POST",
        url: () => `${issuer}/par`,
        body: fc.oneof(
          formOf({
            response_type: () => ["code", "token"],
            client_id: () => ["fuzz"],
            redirect_uri: () => ["https://wallet.example/cb", "javascript:alert(1)", "cb"],
            code_challenge: () => ["a".repeat(43)],
            code_challenge_method: () => ["S256", "plain"],
            issuer_state: (f) => [f.issuerState],
            scope: () => ["badge-v1", "other"],
            resource: () => [issuer],
            dpop_jkt: () => ["x"],
            request_uri: (f) => (f.requestUri ? [f.requestUri] : []),
            authorization_details: () => [
              '[{"type":"openid_credential","credential_configuration_id":"badge-v1"}]',
              "[",
            ],
          }),
          fc.oneof(junk, jsonish).map((text) => () => text),
        ),
      },
      {
        name: "authorization",
        method: "GET",
        url: (f) =>
          `${issuer}/authorize?client_id=fuzz&request_uri=${encodeURIComponent(f.requestUri ?? "x")}`,
      },
      {
        name: "nonce",
        method: "POST",
        url: () => `${issuer}/nonce`,
        body: fc.oneof(junk, jsonish).map((t) => () => t),
      },
      {
        name: "credential",
        method: "POST",
        url: () => `${issuer}/credential`,
        body: credentialBody,
      },
      {
        name: "request object",
        method: "GET",
        url: (f) => `${emulator.url}/oid4vp/requests/${f.verification.id}`,
      },
      {
        name: "response",
        method: "POST",
        url: (f) => `${emulator.url}/oid4vp/responses/${f.verification.id}`,
        body: fc.oneof(
          formOf({
            state: (f) => [f.verification.id],
            vp_token: () => [
              '{"credential":["a~b~c"]}',
              '{"credential":[]}',
              "{",
              '{"credential":"x"}',
              "a~b~",
            ],
            error: () => ["access_denied"],
          }),
          fc.oneof(junk, jsonish).map((text) => () => text),
        ),
      },
      {
        name: "DC API answer",
        method: "POST",
        url: (f) => `${emulator.url}/v1/verifications/${f.dcApi.id}/dc-api-response`,
        body: dcApiAnswer,
        headers: (f) => ({
          authorization: `Bearer ${f.dcApi.client_token}`,
          "x-publishable-key": emulator.keys.publishableKey,
        }),
      },
      {
        name: "test credential offer",
        method: "POST",
        url: (f) => `${emulator.url}/oid4vp/requests/${f.verification.id}/test-credential-offer`,
        body: fc.oneof(
          fc.oneof(junk, jsonish).map((text) => () => text),
          fc
            .record({
              claims: fc.oneof(
                fc.jsonValue(),
                fc.dictionary(
                  fc.constantFrom("given_name", "age_over_18", "email", "_sd"),
                  fc.jsonValue(),
                ),
              ),
            })
            .map((body) => () => JSON.stringify(body)),
        ),
      },
    ];

    /** Refusals that change state by design. */
    const countsByDesign = (error: unknown) => error === "invalid_grant";

    it.each(endpoints)(
      "$method $name",
      async (endpoint) => {
        await fc.assert(
          fc.asyncProperty(
            endpoint.body ?? fc.constant(() => ""),
            contentType,
            authorization,
            id,
            fc.constantFrom("GET", "POST", endpoint.method, endpoint.method),
            fc.constantFrom("none", "junk", "valid", "valid"),
            async (body, type, auth, pathId, method, dpop) => {
              current ??= await fixtures();
              const f = current;
              let url = endpoint.url(f);
              if (pathId !== "good") {
                // Replace the record's ID (or the issuer key) in the path with junk.
                const target = [
                  f.fetched.id,
                  f.verification.id,
                  f.dcApi.id,
                  `${emulator.projectId}.test`,
                ].find((v) => url.includes(v))!;
                url = url.replace(target, encodeURIComponent(pathId));
              }
              const before = emulator.model.snapshot();
              const answer = await send(url, {
                method,
                // The authorization endpoint redirects to the wallet: look at the answer, not where it points.
                redirect: "manual",
                headers: {
                  ...(type ? { "content-type": type } : {}),
                  ...(endpoint.headers?.(f) ?? authorizationHeader(auth, f)),
                  ...(dpop === "junk" ? { dpop: "a.b.c" } : {}),
                  ...(dpop === "valid" && profile === "haip"
                    ? { dpop: await dpopProof(method, url, auth === "dpop" ? f.token : undefined) }
                    : {}),
                },
                ...(method === "POST" ? { body: body(f) } : {}),
              });
              expect(answer.status, `${method} ${url}: ${answer.text}`).toBeLessThan(500);
              const after = emulator.model.snapshot();
              if (isDeepStrictEqual(after, before)) return;
              current = undefined;
              if (answer.status >= 400 && !countsByDesign(answer.body.error)) {
                expect(after, `${method} ${url} answered ${answer.status} ${answer.text}`).toEqual(
                  before,
                );
              }
              if (answer.status >= 400 && answer.body.error_description !== undefined) {
                expect(answer.body.error_description).toMatch(/^[\x20\x21\x23-\x5B\x5D-\x7E]*$/);
              }
            },
          ),
          { numRuns: 60 },
        );
      },
      60_000,
    );
  },
);
