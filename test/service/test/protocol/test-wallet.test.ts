import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { isCredportError } from "@credport/core";
import {
  createTestWallet,
  DEFAULT_TEST_IDENTITY,
  type HeldSdJwtVc,
  TestWalletError,
} from "@credport/mock/wallet";
import { exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_TRANSPORTS, badgeClaims } from "../support/transports.js";
import { type Issuer, startIssuer } from "./raw-protocol.js";

/**
 * The test wallet behaves like a careful real wallet, and holds an identity for the presets. Plain
 * profile (did:jwk verifiers); its HAIP checks are in haip-verifier.test.ts.
 */
describe("the test wallet", () => {
  let issuer: Issuer;
  beforeAll(async () => {
    issuer = await startIssuer({ profile: "plain" });
  });
  afterAll(() => issuer.close());

  const realTimeWallet = (options: Parameters<typeof createTestWallet>[0] = {}) =>
    createTestWallet(options);
  const verification = (policyId: string) => issuer.newVerification(policyId);
  const verificationOf = async (id: string) =>
    (await issuer.service("GET", `/v1/verifications/${id}/result`)).body;

  describe("refuses request objects that a real wallet must refuse, and posts nowhere", () => {
    let attacker: Server;
    let attackerUrl: string;
    const posts: string[] = [];
    let served = "";
    let attackerKey: { privateJwk: JWK; did: string };
    beforeAll(async () => {
      attacker = createServer((req, res) => {
        if (req.method === "POST") {
          posts.push(req.url ?? "");
          res.writeHead(200, { "content-type": "application/json" }).end("{}");
          return;
        }
        res.writeHead(200, { "content-type": "application/oauth-authz-req+jwt" }).end(served);
      });
      await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
      attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
      const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
      const { kty, crv, x, y } = await exportJWK(publicKey);
      attackerKey = {
        privateJwk: await exportJWK(privateKey),
        did: `did:jwk:${Buffer.from(JSON.stringify({ kty, crv, x, y })).toString("base64url")}`,
      };
    });
    afterAll(() => new Promise<void>((resolve) => attacker.close(() => resolve())));

    async function attackerRequest(options: {
      clientId: string;
      kid: string;
      typ?: string | undefined;
      signWith: JWK;
    }) {
      return new SignJWT({
        response_type: "vp_token",
        response_mode: "direct_post",
        client_id: options.clientId,
        response_uri: `${attackerUrl}/collect`,
        nonce: "n",
        state: "s",
        dcql_query: {
          credentials: [
            {
              id: "credential",
              format: "dc+sd-jwt",
              meta: { vct_values: ["https://example.test/vct/badge-v1"] },
              claims: [{ path: ["given_name"] }],
            },
          ],
        },
      })
        .setProtectedHeader({
          alg: "ES256",
          typ: options.typ ?? "oauth-authz-req+jwt",
          kid: options.kid,
        })
        .setAudience("https://self-issued.me/v2")
        .setIssuedAt()
        .sign(await importJWK(options.signWith, "ES256"));
    }

    it.each([
      [
        "signed by the attacker's own did:jwk while naming ours as client_id",
        "ours",
        "attacker-did",
      ],
      ["signed by the attacker while its kid claims our key", "ours", "our-kid"],
      ["with a typ other than oauth-authz-req+jwt", "attacker", "attacker-did-wrong-typ"],
      ["with a kid of another DID than the client_id", "attacker", "our-kid-attacker-key"],
    ])("a request object %s", async (_, who, how) => {
      const wallet = await realTimeWallet();
      await wallet.acceptOffer(
        (
          await issuer.service("POST", "/v1/openid4vc/issuance/offer", {
            credentialDefinitionId: "badge-v1",
            claims: badgeClaims,
          })
        ).body.offerUri as string,
      );
      const genuine = await verification(
        (
          await issuer.service("POST", "/v1/policies", {
            name: "Badge",
            credential_definition_id: "badge-v1",
            fields: [{ path: ["given_name"] }],
          })
        ).body.policy_id as string,
      );
      const ourClientId = new URL(genuine.authorization_request_uri!).searchParams.get(
        "client_id",
      )!;
      const ourDid = ourClientId.slice("decentralized_identifier:".length);
      const attackerClientId = `decentralized_identifier:${attackerKey.did}`;
      const clientId = who === "ours" ? ourClientId : attackerClientId;
      served = await attackerRequest({
        clientId,
        kid: how.startsWith("our-kid") ? `${ourDid}#0` : `${attackerKey.did}#0`,
        typ: how.endsWith("wrong-typ") ? "JWT" : undefined,
        signWith: attackerKey.privateJwk,
      });
      const uri = `openid4vp://?client_id=${encodeURIComponent(clientId)}&request_uri=${encodeURIComponent(`${attackerUrl}/request`)}`;
      const refusal = await wallet.present(uri).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(TestWalletError);
      expect(isCredportError(refusal)).toBe(true);
      expect(refusal).toMatchObject({
        code: "test_wallet_failed",
        message: expect.stringMatching(/^test wallet: the request object/),
      });
      expect(posts).toEqual([]);
    });

    it("a request object signed by the attacker's own did:jwk, naming itself, is answered (the wallet shows who asks)", async () => {
      const wallet = await realTimeWallet();
      await wallet.acceptOffer(
        (
          await issuer.service("POST", "/v1/openid4vc/issuance/offer", {
            credentialDefinitionId: "badge-v1",
            claims: badgeClaims,
          })
        ).body.offerUri as string,
      );
      const clientId = `decentralized_identifier:${attackerKey.did}`;
      served = await attackerRequest({
        clientId,
        kid: `${attackerKey.did}#0`,
        signWith: attackerKey.privateJwk,
      });
      await wallet.present(
        `openid4vp://?client_id=${encodeURIComponent(clientId)}&request_uri=${encodeURIComponent(`${attackerUrl}/request`)}`,
      );
      expect(posts).toEqual(["/collect"]);
      posts.length = 0;
    });
  });

  it("present(uri, { omit }) takes claim paths as arrays of segments as well as dotted strings", async () => {
    const policy = await issuer.service("POST", "/v1/policies", {
      name: "Badge",
      credential_definition_id: "badge-v1",
      fields: [{ path: ["given_name"] }, { path: ["address", "locality"] }],
    });
    const wallet = await realTimeWallet();
    await wallet.acceptOffer(
      (
        await issuer.service("POST", "/v1/openid4vc/issuance/offer", {
          credentialDefinitionId: "badge-v1",
          claims: badgeClaims,
        })
      ).body.offerUri as string,
    );
    for (const [omit, path] of [
      [[["address", "locality"]], ["address", "locality"]],
      [["address.locality"], ["address", "locality"]],
      [[["given_name"]], ["given_name"]],
    ] as const) {
      const v = await verification(policy.body.policy_id as string);
      await wallet.present(v.authorization_request_uri!, { omit });
      expect(await verificationOf(v.id!)).toMatchObject({
        status: "failed",
        failure_code: "claims_missing",
        failure_detail: { check: "claim_missing", path },
      });
    }
    const v = await verification(policy.body.policy_id as string);
    await wallet.present(v.authorization_request_uri!, { omit: [["address"]] });
    expect(await verificationOf(v.id!)).toMatchObject({
      status: "failed",
      failure_code: "claims_missing",
      failure_detail: { check: "claim_missing", path: ["address", "locality"] },
    });
  });

  describe("presets without setup", () => {
    it("a new wallet answers preset_age_over_18 with its default identity, issued over OpenID4VCI", async () => {
      const wallet = await realTimeWallet();
      const v = await verification("preset_age_over_18");
      await wallet.present(v.authorization_request_uri!);
      expect(await verificationOf(v.id!)).toMatchObject({
        status: "verified",
        claims: { age_over_18: true },
      });
      expect(wallet.credentials.map((c) => (c as HeldSdJwtVc).vct)).toEqual([
        "https://credport.dev/vct/identity/v1",
      ]);
      const issued = await issuer.service("GET", "/v1/openid4vc/issuance?status=credential_issued");
      expect(
        (issued.body.data as { credentialDefinitionId: string; metadata: unknown }[])[0],
      ).toMatchObject({
        credentialDefinitionId: "credport.identity.v1",
        metadata: { source: "test_wallet" },
      });
      // The wallet keeps it: the next verification needs no new issuance.
      const again = await verification("preset_identity_basic");
      await wallet.present(again.authorization_request_uri!);
      expect(await verificationOf(again.id!)).toMatchObject({
        status: "verified",
        claims: {
          given_name: DEFAULT_TEST_IDENTITY.given_name,
          family_name: DEFAULT_TEST_IDENTITY.family_name,
          birthdate: DEFAULT_TEST_IDENTITY.birthdate,
        },
      });
      expect(wallet.credentials).toHaveLength(1);
    });

    it("works through the msw handlers as through the emulator", async () => {
      const service = await ALL_TRANSPORTS.find((t) => t.name === "msw")!.start();
      try {
        const created = await service.call("POST", "/v1/verifications", {
          body: { policy_id: "preset_identity_basic" },
        });
        const wallet = await createTestWallet();
        await wallet.present(created.body.authorization_request_uri as string);
        const result = await service.call("GET", `/v1/verifications/${created.body.id}/result`);
        expect(result.body).toMatchObject({
          status: "verified",
          claims: { given_name: "Ada", family_name: "Lovelace", birthdate: "1815-12-10" },
        });
      } finally {
        await service.close();
      }
    });

    it("createTestWallet({ identity }) holds the identity it is given", async () => {
      const wallet = await realTimeWallet({
        identity: {
          given_name: "Grace",
          family_name: "Hopper",
          birthdate: "1906-12-09",
          age_over_18: true,
        },
      });
      const v = await verification("preset_identity_basic");
      await wallet.present(v.authorization_request_uri!);
      expect(await verificationOf(v.id!)).toMatchObject({
        status: "verified",
        claims: { given_name: "Grace", family_name: "Hopper", birthdate: "1906-12-09" },
      });
    });

    it("createTestWallet({ identity: false }) holds nothing and says so", async () => {
      const wallet = await realTimeWallet({ identity: false });
      const v = await verification("preset_age_over_18");
      await expect(wallet.present(v.authorization_request_uri!)).rejects.toThrow(
        /no credential of type https:\/\/credport.dev\/vct\/identity\/v1/,
      );
    });

    it("an identity for a live project is refused: test identities exist in test environments only", async () => {
      const live = issuer.model.createProject({ environment: "live" });
      const created = await fetch(`${issuer.emulator.url}/v1/verifications`, {
        method: "POST",
        headers: { "x-service-key": live.secretKey, "content-type": "application/json" },
        body: JSON.stringify({ policy_id: "preset_age_over_18" }),
      }).then((r) => r.json() as Promise<Record<string, string>>);
      const wallet = await realTimeWallet();
      const before = issuer.model.snapshot();
      await expect(wallet.present(created.authorization_request_uri!)).rejects.toThrow(
        /test environment/,
      );
      expect(issuer.model.snapshot().issuance).toEqual(before.issuance);
    });
  });
});
