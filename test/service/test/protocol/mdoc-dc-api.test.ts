import { createModel } from "@credport/mock";
import type { TestWallet } from "@credport/mock/wallet";
import { CompactEncrypt, decodeJwt, importJWK, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Created,
  createVerification,
  ORIGIN,
  OTHER_ORIGIN,
  openid4vpProtocol,
  postDcApiAnswer,
  TRANSPORT_PROFILES,
  walletHolding as walletHoldingOn,
} from "../support/dc-api-harness.js";
import type { Answer, Service } from "../support/transports.js";

const AV = "eu.europa.ec.av.1";

/**
 * mdocs over the Digital Credentials API (api-decisions.md, "Digital Credentials API" and "mdoc
 * credentials"): OpenID4VP 1.0 with the DC API handover, and ISO/IEC 18013-7 Annex C
 * (`org-iso-mdoc`, HPKE), over msw and the emulator, under both profiles; each rule broken once.
 */
describe.each(TRANSPORT_PROFILES)(
  "mdoc over the DC API ($transport.name, $profile)",
  ({ transport, profile }) => {
    let service: Service;
    let policyId: string;
    let wallet: TestWallet;
    let minor: TestWallet;
    const haip = profile === "haip";
    const openid4vp = openid4vpProtocol(profile);

    const walletHolding = (claims: Record<string, unknown>, definition: string) =>
      walletHoldingOn(service, definition, claims);

    beforeAll(async () => {
      service = await transport.start({ model: createModel({ profile }) });
      policyId = (
        await service.call("POST", "/v1/policies", {
          body: {
            name: "Over 18 (mdoc)",
            credential_definition_id: "credport.age_verification.mdoc.v1",
            fields: [{ path: [AV, "age_over_18"], values: [true] }],
          },
        })
      ).body.policy_id as string;
      wallet = await walletHolding(
        { [AV]: { age_over_18: true } },
        "credport.age_verification.mdoc.v1",
      );
      minor = await walletHolding(
        { [AV]: { age_over_18: false } },
        "credport.age_verification.mdoc.v1",
      );
    });
    afterAll(() => service.close());

    const create = (origins: string[] = [ORIGIN]) =>
      createVerification(service, { policy_id: policyId, expected_origins: origins });
    const post = (created: Created, body: unknown) => postDcApiAnswer(service, created, body);
    const result = async (id: string) =>
      (await service.call("GET", `/v1/verifications/${id}/result`)).body;
    const expectFailed = (answer: Answer, failureCode: string) => {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ object: "verification_status", status: "failed" });
      expect(answer.body.failure_code).toBe(failureCode);
      // The browser's status read never says why; the secret-key read does (below).
      expect(answer.body).not.toHaveProperty("failure_detail");
    };
    /** The check a failed verification names in its server-only `failure_detail`. */
    const failedCheck = async (created: Created) =>
      (
        (await service.call("GET", `/v1/verifications/${created.id}`)).body.failure_detail as {
          check: string;
        }
      ).check;

    it("dc_api_requests offer OpenID4VP with an mso_mdoc DCQL query, and Annex C beside it", async () => {
      const created = await create();
      expect(created.dc_api_requests!.map((r) => r.protocol)).toEqual([openid4vp, "org-iso-mdoc"]);
      const [oid4vp, annexC] = created.dc_api_requests!;
      const params = haip ? decodeJwt(oid4vp!.data.request as string) : oid4vp!.data;
      expect(params.dcql_query).toMatchObject({
        credentials: [
          {
            format: "mso_mdoc",
            meta: { doctype_value: AV },
            claims: [{ path: [AV, "age_over_18"], values: [true] }],
          },
        ],
      });
      expect(Object.keys(annexC!.data).sort()).toEqual(["deviceRequest", "encryptionInfo"]);
      // A fresh key and nonce per verification.
      const other = (await create()).dc_api_requests![1]!;
      expect(other.data.encryptionInfo).not.toBe(annexC!.data.encryptionInfo);
    });

    describe.each([
      ["OpenID4VP", () => openid4vp],
      ["Annex C", () => "org-iso-mdoc"],
    ])("over %s", (_, protocolOf) => {
      const answerFor = (
        created: Created,
        options: Omit<Parameters<TestWallet["answerDcApiRequest"]>[1], "origin"> & {
          origin?: string;
        } = {},
        by: TestWallet = wallet,
      ) =>
        by.answerDcApiRequest(created.dc_api_requests!, {
          origin: ORIGIN,
          protocol: protocolOf(),
          ...options,
        });

      it("the test wallet's answer verifies; the claims keep their namespace", async () => {
        const created = await create([OTHER_ORIGIN, ORIGIN]);
        const answer = await answerFor(created);
        expect(answer.protocol).toBe(protocolOf());
        if (haip || protocolOf() === "org-iso-mdoc")
          expect(Object.keys(answer.data)).toEqual(["response"]);
        const posted = await post(created, answer);
        expect(posted.status).toBe(200);
        expect(posted.body.status).toBe("verified");
        expect(await result(created.id)).toMatchObject({
          status: "verified",
          claims: { [AV]: { age_over_18: true } },
        });
      });

      it("a device signature over another origin fails: presentation_invalid", async () => {
        const created = await create();
        expectFailed(
          await post(created, await answerFor(created, { tamper: "audience" })),
          "presentation_invalid",
        );
        expect(await failedCheck(created)).toBe("device_signature");
      });

      it("an answer made at another origin (the browser named it to the wallet) fails, or is not made", async () => {
        const created = await create();
        if (protocolOf() === "org-iso-mdoc") {
          // The reader authentication covers the session transcript, which names the page's
          // origin: the wallet does not answer. (A seal made for another origin anyway does not
          // open — `decryption` — packages/mock/test/formats/mso-mdoc/annex-c.test.ts.)
          await expect(answerFor(created, { origin: OTHER_ORIGIN })).rejects.toThrow(
            /readerAuth does not verify/,
          );
          return;
        }
        if (haip) {
          // A careful wallet does not answer: the signed request does not list that origin.
          await expect(answerFor(created, { origin: OTHER_ORIGIN })).rejects.toThrow(
            /expected_origins/,
          );
          return;
        }
        expectFailed(
          await post(created, await answerFor(created, { origin: OTHER_ORIGIN })),
          "presentation_invalid",
        );
        expect(await failedCheck(created)).toBe("device_signature");
      });

      if (protocolOf() !== "org-iso-mdoc")
        it("a transcript bound to the client_id instead of the origin fails", async () => {
          const created = await create();
          const clientId = new URL(created.authorization_request_uri).searchParams.get(
            "client_id",
          )!;
          expectFailed(
            await post(created, await answerFor(created, { audience: clientId })),
            "presentation_invalid",
          );
          expect(await failedCheck(created)).toBe("device_signature");
        });

      it("a device signature over another nonce (another request) fails: presentation_invalid", async () => {
        const created = await create();
        expectFailed(
          await post(created, await answerFor(created, { tamper: "nonce" })),
          "presentation_invalid",
        );
        expect(await failedCheck(created)).toBe("device_signature");
      });

      it("a tampered element value fails: presentation_invalid", async () => {
        const created = await create();
        expectFailed(
          await post(created, await answerFor(created, { tamper: "disclosure" })),
          "presentation_invalid",
        );
        expect(await failedCheck(created)).toBe("digest");
      });

      it("an answer replayed to a second verification fails there", async () => {
        const first = await create();
        const second = await create();
        const answer = await answerFor(first);
        expectFailed(
          await post({ ...second, client_token: second.client_token }, answer),
          "presentation_invalid",
        );
        expect((await post(first, answer)).body.status).toBe("verified");
      });

      it("a doctype the policy did not ask for fails: presentation_invalid", async () => {
        const mdlHolder = await walletHolding(
          {
            "org.iso.18013.5.1": {
              family_name: "Lovelace",
              given_name: "Ada",
              birth_date: "1815-12-10",
              age_over_18: true,
              issuing_country: "GB",
              document_number: "D-1",
              expiry_date: "2040-01-01",
            },
          },
          "credport.mdl.v1",
        );
        const created = await create();
        const answer = await answerFor(
          created,
          { credential: mdlHolder.credentials[0]! },
          mdlHolder,
        );
        expectFailed(await post(created, answer), "presentation_invalid");
        expect(await failedCheck(created)).toBe("doctype");
      });

      it("age_over_18 false fails: claims_not_satisfied", async () => {
        const created = await create();
        expectFailed(
          await post(created, await answerFor(created, {}, minor)),
          "claims_not_satisfied",
        );
        expect(await failedCheck(created)).toBe("claim_value");
      });

      it("the holder declines: wallet_rejected", async () => {
        const created = await create();
        expectFailed(
          await post(created, await answerFor(created, { refuse: true })),
          "wallet_rejected",
        );
        expect(await failedCheck(created)).toBe("wallet_error");
      });
    });

    describe("malformed and deeply nested CBOR: a 4xx or a verdict, never a 5xx", () => {
      const nested = (depth: number) =>
        Buffer.concat([Buffer.alloc(depth, 0x81), Buffer.from([0x00])]).toString("base64url");

      it.each([
        ["not base64url", "not base64url!"],
        ["not CBOR", Buffer.from([0xff, 0xff, 0x00]).toString("base64url")],
        ["nested 100,000 deep", nested(100_000)],
        ["not the Annex C envelope", Buffer.from([0x82, 0x01, 0x02]).toString("base64url")],
      ])(
        "an Annex C response %s: 400 validation_error naming data.response, unchanged",
        async (_, response) => {
          const created = await create();
          const before = service.model.snapshot();
          const answer = await post(created, { protocol: "org-iso-mdoc", data: { response } });
          expect(answer.status).toBe(400);
          expect(answer.body.code).toBe("validation_error");
          expect(answer.body.message).toMatch(/^data\.response/);
          expect(service.model.snapshot()).toEqual(before);
        },
      );

      it.each([
        ["not CBOR", Buffer.from([0xff, 0xff, 0x00]).toString("base64url")],
        ["nested 100,000 deep", nested(100_000)],
      ])(
        "an OpenID4VP DeviceResponse %s: failed presentation_invalid",
        async (_, deviceResponse) => {
          const created = await create();
          const vpToken = { credential: [deviceResponse] };
          let data: Record<string, unknown> = { vp_token: vpToken };
          if (haip) {
            const request = decodeJwt(created.dc_api_requests![0]!.data.request as string);
            const [key] = (request.client_metadata as { jwks: { keys: JWK[] } }).jwks.keys;
            data = {
              response: await new CompactEncrypt(
                new TextEncoder().encode(JSON.stringify({ vp_token: vpToken })),
              )
                .setProtectedHeader({ alg: "ECDH-ES", enc: "A128GCM", kid: key!.kid! })
                .encrypt(await importJWK(key!, "ECDH-ES")),
            };
          }
          expectFailed(await post(created, { protocol: openid4vp, data }), "presentation_invalid");
        },
      );
    });
  },
);
