import { createHmac, X509Certificate } from "node:crypto";
import { createModel } from "@credport/mock";
import { createTestWallet, type TestWallet, TestWalletError } from "@credport/mock/wallet";
import { compactVerify, decodeJwt, decodeProtectedHeader, importJWK, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Created,
  createVerification,
  ORIGIN,
  OTHER_ORIGIN,
  openid4vpProtocol,
  postDcApiAnswer,
  TRANSPORT_PROFILES,
} from "../support/dc-api-harness.js";
import {
  type Answer,
  badgeClaims,
  publishBadgePolicy,
  type Service,
} from "../support/transports.js";

/**
 * The Digital Credentials API channel (api-decisions.md, "Digital Credentials API"), over msw and
 * the emulator, under both profiles: the requests handed to the page, the answer posted back with
 * the client token, and every attack on the origin binding, the nonce and the endpoint itself.
 */
describe.each(TRANSPORT_PROFILES)(
  "the DC API channel ($transport.name, $profile)",
  ({ transport, profile }) => {
    let service: Service;
    let policyId: string;
    let wallet: TestWallet;
    const haip = profile === "haip";
    const protocol = openid4vpProtocol(profile);

    beforeAll(async () => {
      service = await transport.start({ model: createModel({ profile }) });
      policyId = await publishBadgePolicy(service);
      wallet = await createTestWallet();
      const offer = await service.call("POST", "/v1/openid4vc/issuance/offer", {
        body: { credentialDefinitionId: "badge-v1", claims: badgeClaims },
      });
      await wallet.acceptOffer(offer.body.offerUri as string);
    });
    afterAll(() => service.close());

    const create = (origins: string[] = [ORIGIN]) =>
      createVerification(service, { policy_id: policyId, expected_origins: origins });
    const post = (created: Created, body: unknown, auth: { token?: string; pk?: string } = {}) =>
      postDcApiAnswer(service, created, body, auth);
    const record = async (id: string) =>
      (await service.call("GET", `/v1/verifications/${id}`)).body as Record<string, unknown>;
    /**
     * The page's answer is the browser's status: failed with its code, never the detail; the
     * server's read of the verification names the check that failed (and the claim path).
     */
    const expectFailed = async (
      answer: Answer,
      failureCode: string,
      check: string,
      path?: string[],
    ) => {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ object: "verification_status", status: "failed" });
      expect(answer.body.failure_code).toBe(failureCode);
      expect(answer.body).not.toHaveProperty("failure_detail");
      const detail = (await record(answer.body.id as string)).failure_detail;
      expect(detail).toEqual({ check, message: expect.any(String), ...(path ? { path } : {}) });
    };
    const answerFor = (
      created: Created,
      options: Parameters<TestWallet["answerDcApiRequest"]>[1],
    ) => wallet.answerDcApiRequest(created.dc_api_requests!, options);

    it("without expected_origins, no dc_api_requests: the QR code and link only", async () => {
      const answer = await service.call("POST", "/v1/verifications", {
        body: { policy_id: policyId },
      });
      expect(answer.status).toBe(201);
      expect(answer.body).not.toHaveProperty("dc_api_requests");
      expect(answer.body.authorization_request_uri).toMatch(/^openid4vp:\/\//);
    });

    if (haip)
      it("haip: one signed request — x509_hash client_id and its x5c, expected_origins, dc_api.jwt to an ephemeral key, the DCQL query, a nonce, nowhere to post", async () => {
        const created = await create([ORIGIN, "http://localhost:3000"]);
        expect(created.authorization_request_uri).toMatch(/^openid4vp:\/\//);
        expect(created.dc_api_requests).toHaveLength(1);
        const [request] = created.dc_api_requests!;
        expect(request!.protocol).toBe("openid4vp-v1-signed");
        expect(Object.keys(request!.data)).toEqual(["request"]);
        const jws = request!.data.request as string;
        const header = decodeProtectedHeader(jws);
        expect(header).toMatchObject({ alg: "ES256", typ: "oauth-authz-req+jwt" });
        const leaf = new X509Certificate(Buffer.from((header.x5c as string[])[0]!, "base64"));
        // Signed by the key of the certificate it carries, under the test CA's root.
        await compactVerify(jws, leaf.publicKey);
        const root = new X509Certificate(
          await (await fetch(`${service.baseUrl}/__emulator/ca.pem`)).text(),
        );
        expect(leaf.verify(root.publicKey)).toBe(true);
        const payload = decodeJwt(jws);
        const redirectClientId = new URL(created.authorization_request_uri).searchParams.get(
          "client_id",
        );
        expect(payload).toMatchObject({
          response_type: "vp_token",
          response_mode: "dc_api.jwt",
          client_id: redirectClientId,
          expected_origins: [ORIGIN, "http://localhost:3000"],
          dcql_query: {
            credentials: [
              {
                format: "dc+sd-jwt",
                meta: { vct_values: ["https://example.test/vct/badge-v1"] },
                trusted_authorities: [{ type: "aki" }],
              },
            ],
          },
        });
        expect(payload.client_id).toMatch(/^x509_hash:/);
        expect(payload.nonce).toEqual(expect.stringMatching(/^[A-Za-z0-9]{32}$/));
        for (const absent of ["response_uri", "redirect_uri", "state"])
          expect(payload).not.toHaveProperty(absent);
        const keys = (payload.client_metadata as { jwks: { keys: JWK[] } }).jwks.keys;
        expect(keys).toHaveLength(1);
        expect(keys[0]).toMatchObject({ kty: "EC", crv: "P-256", alg: "ECDH-ES" });
        expect(keys[0]).not.toHaveProperty("d");
        await importJWK(keys[0]!, "ECDH-ES");
        // A fresh nonce and key per verification.
        const other = decodeJwt((await create()).dc_api_requests![0]!.data.request as string);
        expect(other.nonce).not.toBe(payload.nonce);
        expect((other.client_metadata as { jwks: { keys: JWK[] } }).jwks.keys[0]!.kid).not.toBe(
          keys[0]!.kid,
        );
      });

    if (!haip)
      it("plain: one unsigned request, the parameters themselves (dc_api, nonce, DCQL), no client_id", async () => {
        const created = await create();
        expect(created.dc_api_requests).toEqual([
          {
            protocol: "openid4vp-v1-unsigned",
            data: {
              response_type: "vp_token",
              response_mode: "dc_api",
              nonce: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
              dcql_query: {
                credentials: [expect.objectContaining({ format: "dc+sd-jwt" })],
              },
              client_metadata: expect.any(Object),
            },
          },
        ]);
      });

    it("the test wallet's answer verifies: the signed result carries the claims, with the same webhooks as the redirect flow", async () => {
      const created = await create();
      const answer = await answerFor(created, { origin: ORIGIN });
      expect(answer.protocol).toBe(protocol);
      if (haip) {
        expect(Object.keys(answer.data)).toEqual(["response"]);
        expect(decodeProtectedHeader(answer.data.response as string)).toMatchObject({
          alg: "ECDH-ES",
          enc: expect.stringMatching(/^A(128|256)GCM$/),
        });
      } else expect(Object.keys(answer.data)).toEqual(["vp_token"]);
      const posted = await post(created, answer);
      expect(posted.status).toBe(200);
      expect(posted.body).toEqual({
        object: "verification_status",
        id: created.id,
        status: "verified",
        expires_at: expect.any(String),
      });
      const result = await service.call("GET", `/v1/verifications/${created.id}/result`);
      expect(result.body).toMatchObject({
        status: "verified",
        claims: { given_name: "Ada", address: { locality: "London" } },
      });
      const jwks = await (await fetch(`${service.baseUrl}/v1/.well-known/jwks.json`)).json();
      const token = result.body.result_token as string;
      const { kid } = decodeProtectedHeader(token);
      const key = (jwks.keys as JWK[]).find((k) => k.kid === kid)!;
      const signed = JSON.parse(
        new TextDecoder().decode(
          (await compactVerify(token, await importJWK(key, "ES256"))).payload,
        ),
      );
      expect(signed.claims).toEqual({ given_name: "Ada", address: { locality: "London" } });
      const events = service.model.webhooks.events.filter(
        (e) => (e.event.data.object as { id: string }).id === created.id,
      );
      expect(events.map((e) => e.event.type)).toEqual(["verification.verified"]);
      const [t, v1] = events[0]!.signature.split(",").map((part) => part.split("=")[1]);
      expect(v1).toBe(
        createHmac("sha256", service.project.webhookSecret)
          .update(`${t}.${events[0]!.payload}`)
          .digest("hex"),
      );
    });

    it("a preset: a new wallet obtains the test identity through the same verification's link, then answers", async () => {
      const created = (
        await service.call("POST", "/v1/verifications", {
          body: { policy_id: "preset_age_over_18", expected_origins: [ORIGIN] },
        })
      ).body as unknown as Created;
      const newcomer = await createTestWallet();
      await expect(
        newcomer.answerDcApiRequest(created.dc_api_requests!, { origin: ORIGIN }),
      ).rejects.toThrow(haip ? /no CA root/ : /no credential/);
      const answer = await newcomer.answerDcApiRequest(created.dc_api_requests!, {
        origin: ORIGIN,
        identityFrom: created.authorization_request_uri,
      });
      const posted = await post(created, answer);
      expect(posted.body.status).toBe("verified");
      const result = await service.call("GET", `/v1/verifications/${created.id}/result`);
      expect(result.body.claims).toEqual({ age_over_18: true });
    });

    it("a server may relay the answer with its secret key", async () => {
      const created = await create([OTHER_ORIGIN, ORIGIN]);
      const answer = await answerFor(created, { origin: ORIGIN });
      const posted = await service.call("POST", `/v1/verifications/${created.id}/dc-api-response`, {
        body: answer,
      });
      expect(posted.status).toBe(200);
      expect(posted.body.status).toBe("verified");
    });

    it("omit and tamper fail it with the redirect flow's failure codes", async () => {
      const missing = await create();
      await expectFailed(
        await post(
          missing,
          await answerFor(missing, { origin: ORIGIN, omit: ["address.locality"] }),
        ),
        "claims_missing",
        "claim_missing",
        ["address", "locality"],
      );
      const tampered = await create();
      await expectFailed(
        await post(tampered, await answerFor(tampered, { origin: ORIGIN, tamper: "signature" })),
        "presentation_invalid",
        "issuer_signature",
      );
    });

    describe("attacks", () => {
      it("an answer made for another origin fails: presentation_invalid", async () => {
        const created = await create();
        const answer = await answerFor(created, { origin: ORIGIN, tamper: "audience" });
        await expectFailed(await post(created, answer), "presentation_invalid", "audience");
        // A page at another origin that the verification does not expect, if its wallet answers.
        const elsewhere = await create([OTHER_ORIGIN]);
        if (haip)
          // A careful wallet does not even answer: the signed request does not list that origin.
          await expect(answerFor(elsewhere, { origin: ORIGIN })).rejects.toThrow(
            /expected_origins/,
          );
        else
          await expectFailed(
            await post(elsewhere, await answerFor(elsewhere, { origin: ORIGIN })),
            "presentation_invalid",
            "audience",
          );
      });

      it("an answer bound to the client_id instead of the origin fails", async () => {
        const created = await create();
        const clientId = new URL(created.authorization_request_uri).searchParams.get("client_id")!;
        const answer = await answerFor(created, { origin: ORIGIN, audience: clientId });
        await expectFailed(await post(created, answer), "presentation_invalid", "audience");
        // The drafts' prefix is not the final one.
        const draft = await create();
        const drafted = await answerFor(draft, {
          origin: ORIGIN,
          audience: `web-origin:${ORIGIN}`,
        });
        await expectFailed(await post(draft, drafted), "presentation_invalid", "audience");
      });

      it("an answer with another nonce fails", async () => {
        const created = await create();
        const answer = await answerFor(created, { origin: ORIGIN, tamper: "nonce" });
        await expectFailed(await post(created, answer), "presentation_invalid", "nonce");
      });

      it("an answer replayed to a second verification fails there, and the first is not touched", async () => {
        const first = await create();
        const second = await create();
        const answer = await answerFor(first, { origin: ORIGIN });
        // Encrypted to the first request's key (haip), or bound to its nonce (plain).
        await expectFailed(
          await post(second, answer, { token: second.client_token }),
          "presentation_invalid",
          haip ? "decryption" : "nonce",
        );
        expect((await record(first.id)).status).toBe("pending");
        expect((await post(first, answer)).body.status).toBe("verified");
      });

      it("an answer posted twice: the second is 409 and changes nothing", async () => {
        const created = await create();
        const answer = await answerFor(created, { origin: ORIGIN });
        expect((await post(created, answer)).body.status).toBe("verified");
        const before = service.model.snapshot();
        const again = await post(created, answer);
        expect(again.status).toBe(409);
        expect(again.body.code).toBe("verification_invalid_state");
        expect(service.model.snapshot()).toEqual(before);
        expect((await record(created.id)).status).toBe("verified");
      });

      it("another verification's client token, or another project's publishable key, is refused and changes nothing", async () => {
        const created = await create();
        const other = await create();
        const answer = await answerFor(created, { origin: ORIGIN });
        const before = service.model.snapshot();
        const stolen = await post(created, answer, { token: other.client_token });
        expect(stolen.status).toBe(401);
        expect(stolen.body.code).toBe("invalid_token");
        const otherProject = service.model.createProject();
        const before2 = service.model.snapshot();
        const mismatched = await post(created, answer, { pk: otherProject.publishableKey });
        expect(mismatched.status).toBe(403);
        expect(mismatched.body.code).toBe("key_mismatch");
        expect(service.model.snapshot()).toEqual(before2);
        expect(before.verifications).toEqual(before2.verifications);
        const none = await service.call("POST", `/v1/verifications/${created.id}/dc-api-response`, {
          key: null,
          body: answer,
        });
        expect(none.status).toBe(401);
        expect(none.body.code).toBe("missing_token");
        expect((await record(created.id)).status).toBe("pending");
        expect((await post(created, answer)).body.status).toBe("verified");
      });

      if (haip)
        it("a plain (unencrypted) answer under haip cannot verify", async () => {
          const created = await create();
          const request = decodeJwt(created.dc_api_requests![0]!.data.request as string);
          // The same presentation, properly bound, sent in the clear.
          const clear = await wallet.answerDcApiRequest(
            [
              {
                protocol: "openid4vp-v1-unsigned",
                data: {
                  response_type: "vp_token",
                  response_mode: "dc_api",
                  nonce: request.nonce,
                  dcql_query: request.dcql_query,
                },
              },
            ],
            { origin: ORIGIN },
          );
          expect(Object.keys(clear.data)).toEqual(["vp_token"]);
          await expectFailed(
            await post(created, { protocol, data: clear.data }),
            "presentation_invalid",
            "decryption",
          );
        });

      it("a wallet's error ends it failed: wallet_rejected", async () => {
        const created = await create();
        const answer = await answerFor(created, { origin: ORIGIN, refuse: true });
        expect(answer.data).toEqual({ error: "access_denied" });
        await expectFailed(await post(created, answer), "wallet_rejected", "wallet_error");
        expect(
          service.model.webhooks.events
            .filter((e) => (e.event.data.object as { id: string }).id === created.id)
            .map((e) => e.event.type),
        ).toEqual(["verification.failed"]);
      });

      it.each<[string, unknown, string]>([
        ["not JSON", "{not json", "body"],
        ["an array", [], "body"],
        ["no protocol", { data: { vp_token: {} } }, "protocol"],
        [
          "a protocol not requested",
          { protocol: "org-iso-mdoc", data: { response: "x" } },
          "protocol",
        ],
        ["data not an object", { protocol: "PROTOCOL", data: "vp_token" }, "data"],
        [
          "data with neither response, vp_token nor error",
          { protocol: "PROTOCOL", data: {} },
          "data",
        ],
        [
          "data with two answers",
          { protocol: "PROTOCOL", data: { vp_token: {}, error: "access_denied" } },
          "data",
        ],
      ])(
        "a malformed body (%s): 400 validation_error naming the field, unchanged",
        async (_, body, field) => {
          const created = await create();
          const filled =
            (body as { protocol?: unknown } | null)?.protocol === "PROTOCOL"
              ? { ...(body as object), protocol }
              : body;
          const before = service.model.snapshot();
          const answer = await post(created, filled);
          expect(answer.status).toBe(400);
          expect(answer.body.code).toBe("validation_error");
          expect(answer.body.message).toMatch(new RegExp(`^${field}`));
          expect(service.model.snapshot()).toEqual(before);
        },
      );

      it("an answer to a verification made without expected_origins: 400, unchanged", async () => {
        const created = (
          await service.call("POST", "/v1/verifications", { body: { policy_id: policyId } })
        ).body as unknown as Created;
        const withRequests = await create();
        const answer = await answerFor(withRequests, { origin: ORIGIN });
        const refused = await post(created, answer);
        expect(refused.status).toBe(400);
        expect(refused.body.message).toMatch(/^protocol: .*expected_origins/);
        expect((await record(created.id)).status).toBe("pending");
      });

      it("an answer after the verification ended (canceled): 409, unchanged", async () => {
        const created = await create();
        const answer = await answerFor(created, { origin: ORIGIN });
        await service.call("POST", `/v1/verifications/${created.id}/cancel`);
        const before = service.model.snapshot();
        const late = await post(created, answer);
        expect(late.status).toBe(409);
        expect(service.model.snapshot()).toEqual(before);
      });

      it.each([
        [["https://shop.example/"], "expected_origins[0]"],
        [["https://shop.example/checkout"], "expected_origins[0]"],
        [[ORIGIN, "http://shop.example"], "expected_origins[1]"],
        [["https://shop.example:443"], "expected_origins[0]"],
        [["shop.example"], "expected_origins[0]"],
        [[], "expected_origins"],
        [Array.from({ length: 6 }, (_, i) => `https://s${i}.example`), "expected_origins"],
        ["https://shop.example", "expected_origins"],
      ])(
        "expected_origins %j: 400 validation_error naming %s, nothing created",
        async (origins, field) => {
          const before = service.model.snapshot();
          const answer = await service.call("POST", "/v1/verifications", {
            body: { policy_id: policyId, expected_origins: origins },
          });
          expect(answer.status).toBe(400);
          expect(answer.body.code).toBe("validation_error");
          expect(answer.body.message).toMatch(new RegExp(`^${field.replace(/[[\]]/g, "\\$&")}`));
          expect(service.model.snapshot()).toEqual(before);
        },
      );
    });

    it("the test wallet refuses a request it cannot trust, and answers nothing", async () => {
      const created = await create();
      if (haip) {
        const jws = created.dc_api_requests![0]!.data.request as string;
        const [h, p, s] = jws.split(".");
        const forged = `${h}.${Buffer.from(JSON.stringify({ ...decodeJwt(jws), expected_origins: [OTHER_ORIGIN] })).toString("base64url")}.${s}`;
        await expect(
          wallet.answerDcApiRequest([{ protocol, data: { request: forged } }], {
            origin: OTHER_ORIGIN,
          }),
        ).rejects.toThrow(TestWalletError);
        void p;
      } else {
        await expect(
          wallet.answerDcApiRequest(
            [
              {
                protocol,
                data: {
                  ...created.dc_api_requests![0]!.data,
                  response_uri: "https://evil.example",
                },
              },
            ],
            { origin: ORIGIN },
          ),
        ).rejects.toThrow(/address to answer to/);
      }
    });
  },
);
