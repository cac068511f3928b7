// The second implementation on the other side of each DC API channel: @owf/mdoc builds
// DeviceResponses from mdocs the emulator issued, with its own transcripts, and the emulator
// verifies them through `POST /v1/verifications/{id}/dc-api-response`; and @owf/mdoc verifies
// what the emulator's test wallet answers there. The HPKE of Annex C is done here with @hpke/core
// directly, beside (not through) the wallet's and the service's code.
import { X509Certificate } from "node:crypto";
import { createTestWallet } from "@credport/mock/wallet";
import { Aes128Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from "@hpke/core";
import {
  CoseKey,
  cborDecode,
  cborEncode,
  DeviceRequest,
  DeviceResponse,
  IssuerSigned,
  SessionTranscript,
  type VerificationAssessment,
  Verifier,
} from "@owf/mdoc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { annexCTranscript } from "../../../../packages/mock/test/support/owf-annex-c-transcript.js";
import { owfContext } from "../../../../packages/mock/test/support/owf-mdoc-context.js";
import { type Holder, type Issuer, newHolder, send, startIssuer } from "./raw-protocol.js";

const AV = "eu.europa.ec.av.1";
const ORIGIN = "https://shop.example";
/** ISO/IEC 18013-5 Annex B wants a countryName in the IACA; the test CA root has none. */
const IACA_COUNTRY =
  "Country name (C) must be present in the issuer certificate's subject distinguished name";

type Created = {
  id: string;
  client_token: string;
  dc_api_requests: { protocol: string; data: Record<string, string> }[];
};

const fromB64u = (text: string) => new Uint8Array(Buffer.from(text, "base64url"));
const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const ab = (bytes: Uint8Array) =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
const suite = () =>
  new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes128Gcm() });

describe("@owf/mdoc on the other side of the DC API channels (plain profile)", () => {
  let issuer: Issuer;
  let holder: Holder;
  let issuerSigned: string;
  let rootDer: Uint8Array;

  beforeAll(async () => {
    issuer = await startIssuer({ profile: "plain" });
    holder = await newHolder();
    const { issuer: credentialIssuer, accessToken } = await issuer.tokenFor({
      credentialDefinitionId: "credport.age_verification.mdoc.v1",
      claims: { [AV]: { age_over_18: true } },
    });
    const proof = await issuer.proof(holder, {
      issuer: credentialIssuer,
      nonce: await issuer.nonce(credentialIssuer),
    });
    const answer = await issuer.credential(credentialIssuer, accessToken, {
      credential_configuration_id: "credport.age_verification.mdoc.v1",
      proofs: { jwt: [proof] },
    });
    expect(answer.status).toBe(200);
    issuerSigned = (answer.body.credentials as { credential: string }[])[0]!.credential;
    rootDer = new Uint8Array(
      new X509Certificate(await (await fetch(`${issuer.emulator.url}/__emulator/ca.pem`)).text())
        .raw,
    );
  });
  afterAll(() => issuer.close());

  const policy = async () =>
    (
      await issuer.service("POST", "/v1/policies", {
        name: "Over 18 (mdoc)",
        credential_definition_id: "credport.age_verification.mdoc.v1",
        fields: [{ path: [AV, "age_over_18"], values: [true] }],
      })
    ).body.policy_id as string;
  const create = async () =>
    (
      await issuer.service("POST", "/v1/verifications", {
        policy_id: await policy(),
        expected_origins: [ORIGIN],
      })
    ).body as unknown as Created;
  const requestOf = (created: Created, protocol: string) =>
    created.dc_api_requests.find((r) => r.protocol === protocol)!;
  const post = (created: Created, body: unknown) =>
    send(`${issuer.emulator.url}/v1/verifications/${created.id}/dc-api-response`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${created.client_token}`,
        "x-publishable-key": issuer.emulator.keys.publishableKey,
      },
      body: JSON.stringify(body),
    });
  const owfResponse = async (
    deviceRequest: DeviceRequest,
    transcript: SessionTranscript | Uint8Array,
  ) =>
    DeviceResponse.createWithDeviceRequest(
      {
        deviceRequest,
        sessionTranscript: transcript,
        issuerSigned: [IssuerSigned.fromEncodedForOid4Vci(issuerSigned)],
        signature: { signingKey: CoseKey.fromJwk({ ...holder.privateJwk, alg: "ES256" } as never) },
      },
      owfContext,
    );
  const owfChecks = async (
    deviceResponse: Uint8Array,
    transcript: SessionTranscript | Uint8Array,
  ) => {
    const failed: VerificationAssessment[] = [];
    await Verifier.verifyDeviceResponse(
      {
        deviceResponse,
        sessionTranscript: transcript,
        trustedCertificates: [rootDer],
        onCheck: (check) => {
          if (check.status === "FAILED" && check.check !== IACA_COUNTRY) failed.push(check);
        },
      },
      owfContext,
    ).catch((error: Error) => {
      if (failed.length === 0) throw error;
    });
    return failed;
  };

  /** A new verification, and the test wallet's answer to it over `protocol` for ORIGIN. */
  const answeredByTestWallet = async (protocol: "openid4vp-v1-unsigned" | "org-iso-mdoc") => {
    const wallet = await createTestWallet();
    const offer = await issuer.service("POST", "/v1/openid4vc/issuance/offer", {
      credentialDefinitionId: "credport.age_verification.mdoc.v1",
      claims: { [AV]: { age_over_18: true } },
    });
    await wallet.acceptOffer(offer.body.offerUri as string);
    const created = await create();
    const answer = await wallet.answerDcApiRequest(created.dc_api_requests, {
      origin: ORIGIN,
      protocol,
    });
    return { created, answer };
  };

  describe("OpenID4VP (openid4vp-v1-unsigned, dc_api)", () => {
    it("a DeviceResponse @owf/mdoc makes over its DC API transcript verifies at the emulator", async () => {
      const created = await create();
      const { nonce } = requestOf(created, "openid4vp-v1-unsigned").data as { nonce: string };
      const transcript = await SessionTranscript.forOid4VpDcApi(
        { origin: ORIGIN, nonce },
        owfContext,
      );
      const deviceRequest = DeviceRequest.decode(
        fromB64u(requestOf(created, "org-iso-mdoc").data.deviceRequest!),
      );
      const response = await owfResponse(deviceRequest, transcript);
      const posted = await post(created, {
        protocol: "openid4vp-v1-unsigned",
        data: { vp_token: { credential: [b64u(response.encode())] } },
      });
      expect(posted.body.status).toBe("verified");
      const result = await issuer.service("GET", `/v1/verifications/${created.id}/result`);
      expect(result.body.claims).toEqual({ [AV]: { age_over_18: true } });

      // The same, over another nonce's transcript, is refused.
      const other = await create();
      const elsewhere = await post(other, {
        protocol: "openid4vp-v1-unsigned",
        data: { vp_token: { credential: [b64u(response.encode())] } },
      });
      expect(elsewhere.body).toMatchObject({
        status: "failed",
        failure_code: "presentation_invalid",
      });
    });

    it("@owf/mdoc verifies the test wallet's answer over its DC API transcript", async () => {
      const { created, answer } = await answeredByTestWallet("openid4vp-v1-unsigned");
      const [deviceResponse] = (answer.data.vp_token as Record<string, string[]>).credential!;
      const { nonce } = requestOf(created, "openid4vp-v1-unsigned").data as { nonce: string };
      const transcript = await SessionTranscript.forOid4VpDcApi(
        { origin: ORIGIN, nonce },
        owfContext,
      );
      expect(await owfChecks(fromB64u(deviceResponse!), transcript)).toEqual([]);
      const wrong = await SessionTranscript.forOid4VpDcApi(
        { origin: "https://attacker.example", nonce },
        owfContext,
      );
      expect((await owfChecks(fromB64u(deviceResponse!), wrong)).map((f) => f.category)).toContain(
        "DEVICE_AUTH",
      );
    });
  });

  describe("Annex C (org-iso-mdoc, HPKE)", () => {
    it("a DeviceResponse @owf/mdoc makes for the Annex C request, sealed here, verifies at the emulator", async () => {
      const created = await create();
      const { deviceRequest, encryptionInfo } = requestOf(created, "org-iso-mdoc").data as {
        deviceRequest: string;
        encryptionInfo: string;
      };
      const transcript = await annexCTranscript(encryptionInfo, ORIGIN);
      const response = await owfResponse(DeviceRequest.decode(fromB64u(deviceRequest)), transcript);
      // Seal it to the request's recipientPublicKey, with the transcript as HPKE info.
      const [label, info] = cborDecode(fromB64u(encryptionInfo)) as [string, Map<string, unknown>];
      expect(label).toBe("dcapi");
      const coseKey = info.get("recipientPublicKey") as Map<number, Uint8Array>;
      const recipientPublicKey = await suite().kem.importKey(
        "jwk",
        { kty: "EC", crv: "P-256", x: b64u(coseKey.get(-2)!), y: b64u(coseKey.get(-3)!) },
        true,
      );
      const sender = await suite().createSenderContext({
        recipientPublicKey,
        info: ab(transcript.encode()),
      });
      const cipherText = new Uint8Array(await sender.seal(ab(response.encode())));
      const sealed = b64u(
        cborEncode([
          "dcapi",
          new Map<string, Uint8Array>([
            ["enc", new Uint8Array(sender.enc)],
            ["cipherText", cipherText],
          ]),
        ]),
      );
      const posted = await post(created, { protocol: "org-iso-mdoc", data: { response: sealed } });
      expect(posted.status).toBe(200);
      expect(posted.body.status).toBe("verified");
      const result = await issuer.service("GET", `/v1/verifications/${created.id}/result`);
      expect(result.body.claims).toEqual({ [AV]: { age_over_18: true } });
    });

    it("@owf/mdoc verifies the test wallet's Annex C answer, opened here with the verifier's key", async () => {
      const { created, answer } = await answeredByTestWallet("org-iso-mdoc");
      const { encryptionInfo } = requestOf(created, "org-iso-mdoc").data as {
        encryptionInfo: string;
      };
      // The verifier's key for this request, as the emulator keeps it.
      const record = issuer.model.verifications.records.find((r) => r.id === created.id)!;
      const key = await issuer.model.protocol.verifier.responseKey(
        record.tenant,
        `${created.id}#annex-c`,
      )!;
      const { kty, crv, x, y, d } = key.privateJwk;
      const [, body] = cborDecode(fromB64u(answer.data.response as string)) as [
        string,
        Map<string, Uint8Array>,
      ];
      const transcript = await annexCTranscript(encryptionInfo, ORIGIN);
      const recipient = await suite().createRecipientContext({
        recipientKey: await suite().kem.importKey(
          "jwk",
          { kty, crv, x, y, d } as JsonWebKey,
          false,
        ),
        enc: ab(body.get("enc")!),
        info: ab(transcript.encode()),
      });
      const deviceResponse = new Uint8Array(await recipient.open(ab(body.get("cipherText")!)));
      expect(await owfChecks(deviceResponse, transcript)).toEqual([]);
      expect(
        (
          await owfChecks(
            deviceResponse,
            await annexCTranscript(encryptionInfo, "https://attacker.example"),
          )
        ).map((f) => f.category),
      ).toContain("DEVICE_AUTH");
    });
  });
});
