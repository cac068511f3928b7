// The `transcript` failure check (issue 43): an mdoc whose device signature is good, but over the
// session transcript of another binding the verification knows — another channel's handover, an
// encrypted answer's handover without its key — fails `presentation_invalid` with failure_detail
// `transcript` and a sentence naming what differed; one over a transcript it cannot know (another
// nonce, another verifier) stays `device_signature`. The DeviceResponses come from the test
// wallet's `tamper` options and from a second implementation, @owf/mdoc.
import { createTestWallet } from "@credport/mock/wallet";
import {
  CoseKey,
  DeviceRequest,
  DeviceResponse,
  IssuerSigned,
  type SessionTranscript,
  SessionTranscript as Transcript,
} from "@owf/mdoc";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { owfContext } from "../../../../packages/mock/test/support/owf-mdoc-context.js";
import { type Holder, type Issuer, newHolder, send, startIssuer } from "./raw-protocol.js";

const AV = "eu.europa.ec.av.1";
const MDOC_AV = "credport.age_verification.mdoc.v1";
const ORIGIN = "https://shop.example";

type Created = {
  id: string;
  client_token: string;
  authorization_request_uri: string;
  dc_api_requests: { protocol: string; data: Record<string, unknown> }[];
};
type Detail = { check: string; message: string };

const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

function setUp(profile: "plain" | "haip") {
  const world = {} as { issuer: Issuer };
  beforeAll(async () => {
    world.issuer = await startIssuer({ profile });
  });
  afterAll(() => world.issuer.close());

  const create = async (): Promise<Created> => {
    const { issuer } = world;
    const policy = await issuer.service("POST", "/v1/policies", {
      name: "Over 18 (mdoc)",
      credential_definition_id: MDOC_AV,
      fields: [{ path: [AV, "age_over_18"], values: [true] }],
    });
    const created = await issuer.service("POST", "/v1/verifications", {
      policy_id: policy.body.policy_id,
      expected_origins: [ORIGIN],
    });
    expect(created.status).toBe(201);
    return created.body as unknown as Created;
  };
  const postDcApi = (created: Created, body: unknown) =>
    send(`${world.issuer.emulator.url}/v1/verifications/${created.id}/dc-api-response`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${created.client_token}`,
        "x-publishable-key": world.issuer.emulator.keys.publishableKey,
      },
      body: JSON.stringify(body),
    });
  const detailOf = async (id: string) => {
    const read = (await world.issuer.service("GET", `/v1/verifications/${id}`)).body;
    expect(read).toMatchObject({ status: "failed", failure_code: "presentation_invalid" });
    return read.failure_detail as Detail;
  };
  const walletHolding = async () => {
    const offer = await world.issuer.service("POST", "/v1/openid4vc/issuance/offer", {
      credentialDefinitionId: MDOC_AV,
      claims: { [AV]: { age_over_18: true } },
    });
    const wallet = await createTestWallet();
    await wallet.acceptOffer(offer.body.offerUri as string);
    return wallet;
  };
  return { world, create, postDcApi, detailOf, walletHolding };
}

describe("transcript: the test wallet's tamper options (plain profile)", () => {
  const { world, create, postDcApi, detailOf, walletHolding } = setUp("plain");

  it('tamper "handover" over Annex C (the OpenID4VP DC API handover signed): transcript', async () => {
    const wallet = await walletHolding();
    const created = await create();
    const answer = await wallet.answerDcApiRequest(created.dc_api_requests, {
      origin: ORIGIN,
      protocol: "org-iso-mdoc",
      tamper: "handover",
    });
    expect((await postDcApi(created, answer)).body.status).toBe("failed");
    const detail = await detailOf(created.id);
    expect(detail.check).toBe("transcript");
    expect(detail.message).toMatch(/OpenID4VPDCAPIHandover/);
    expect(detail.message).toMatch(/not Annex C's handover/);
  });

  it('tamper "nonce" and "audience" (transcripts no binding of the verification has): device_signature', async () => {
    const wallet = await walletHolding();
    for (const tamper of ["nonce", "audience"] as const) {
      const created = await create();
      await wallet.present(created.authorization_request_uri, { tamper });
      expect((await detailOf(created.id)).check).toBe("device_signature");
      const overDcApi = await create();
      const answer = await wallet.answerDcApiRequest(overDcApi.dc_api_requests, {
        origin: ORIGIN,
        protocol: "org-iso-mdoc",
        tamper,
      });
      await postDcApi(overDcApi, answer);
      expect((await detailOf(overDcApi.id)).check).toBe("device_signature");
    }
  });

  it('tamper "handover" on an unencrypted OpenID4VP answer is refused by the wallet, naming why', async () => {
    const wallet = await walletHolding();
    const created = await create();
    await expect(
      wallet.present(created.authorization_request_uri, { tamper: "handover" }),
    ).rejects.toThrow(/needs an Annex C request or an encrypted answer/);
  });

  it('tamper "sd_hash" and "stale" (an SD-JWT key binding\'s) are refused for an mdoc, naming why', async () => {
    const wallet = await walletHolding();
    for (const tamper of ["sd_hash", "stale"] as const) {
      const created = await create();
      await expect(wallet.present(created.authorization_request_uri, { tamper })).rejects.toThrow(
        new RegExp(`tamper "${tamper}" .*an mdoc has none`),
      );
      // Nothing was posted: the verification is still waiting for an answer.
      const read = await world.issuer.service("GET", `/v1/verifications/${created.id}`);
      expect(read.body.status).not.toMatch(/verified|failed/);
    }
  });
});

describe("transcript: the test wallet's tamper options (haip profile, encrypted answers)", () => {
  const { create, postDcApi, detailOf, walletHolding } = setUp("haip");

  it('tamper "handover" over direct_post.jwt and dc_api.jwt (no thumbprint in the handover): transcript', async () => {
    const wallet = await walletHolding();
    const created = await create();
    await wallet.present(created.authorization_request_uri, { tamper: "handover" });
    const detail = await detailOf(created.id);
    expect(detail.check).toBe("transcript");
    expect(detail.message).toMatch(/redirect flow's handover .* without the thumbprint/);

    const overDcApi = await create();
    const answer = await wallet.answerDcApiRequest(overDcApi.dc_api_requests, {
      origin: ORIGIN,
      protocol: "openid4vp-v1-signed",
      tamper: "handover",
    });
    await postDcApi(overDcApi, answer);
    const dcDetail = await detailOf(overDcApi.id);
    expect(dcDetail.check).toBe("transcript");
    expect(dcDetail.message).toMatch(/OpenID4VPDCAPIHandover.* without the thumbprint/);
  });
});

describe("transcript: DeviceResponses @owf/mdoc makes for another channel (plain profile)", () => {
  const { world, create, postDcApi, detailOf } = setUp("plain");
  let holder: Holder;
  let issuerSigned: string;

  beforeAll(async () => {
    const { issuer } = world;
    holder = await newHolder();
    const { issuer: credentialIssuer, accessToken } = await issuer.tokenFor({
      credentialDefinitionId: MDOC_AV,
      claims: { [AV]: { age_over_18: true } },
    });
    const proof = await issuer.proof(holder, {
      issuer: credentialIssuer,
      nonce: await issuer.nonce(credentialIssuer),
    });
    const answer = await issuer.credential(credentialIssuer, accessToken, {
      credential_configuration_id: MDOC_AV,
      proofs: { jwt: [proof] },
    });
    issuerSigned = (answer.body.credentials as { credential: string }[])[0]!.credential;
  });

  const owfResponse = async (created: Created, transcript: SessionTranscript) => {
    const annexC = created.dc_api_requests.find((r) => r.protocol === "org-iso-mdoc")!;
    const deviceRequest = DeviceRequest.decode(
      new Uint8Array(Buffer.from(annexC.data.deviceRequest as string, "base64url")),
    );
    const response = await DeviceResponse.createWithDeviceRequest(
      {
        deviceRequest,
        sessionTranscript: transcript,
        issuerSigned: [IssuerSigned.fromEncodedForOid4Vci(issuerSigned)],
        signature: { signingKey: CoseKey.fromJwk({ ...holder.privateJwk, alg: "ES256" } as never) },
      },
      owfContext,
    );
    return b64u(response.encode());
  };
  const requestObjectOf = async (created: Created) => {
    const requestUri = new URL(created.authorization_request_uri).searchParams.get("request_uri")!;
    return decodeJwt((await send(requestUri)).text) as {
      client_id: string;
      nonce: string;
      response_uri: string;
      state: string;
    };
  };

  it("signed over the DC API handover, posted to the redirect flow's response_uri: transcript", async () => {
    const created = await create();
    const request = await requestObjectOf(created);
    const transcript = await Transcript.forOid4VpDcApi(
      { origin: ORIGIN, nonce: request.nonce },
      owfContext,
    );
    const posted = await send(request.response_uri, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        state: request.state,
        vp_token: JSON.stringify({ credential: [await owfResponse(created, transcript)] }),
      }).toString(),
    });
    expect(posted.status).toBe(200);
    const detail = await detailOf(created.id);
    expect(detail.check).toBe("transcript");
    expect(detail.message).toMatch(
      /of the Digital Credentials API's OpenID4VP handover .*, not the redirect flow's handover/,
    );
  });

  it("signed over the redirect flow's handover, posted through the DC API: transcript", async () => {
    const created = await create();
    const request = await requestObjectOf(created);
    const transcript = await Transcript.forOid4Vp(
      { clientId: request.client_id, nonce: request.nonce, responseUri: request.response_uri },
      owfContext,
    );
    const posted = await postDcApi(created, {
      protocol: "openid4vp-v1-unsigned",
      data: { vp_token: { credential: [await owfResponse(created, transcript)] } },
    });
    expect(posted.body.status).toBe("failed");
    const detail = await detailOf(created.id);
    expect(detail.check).toBe("transcript");
    expect(detail.message).toMatch(/of the redirect flow's handover \(OpenID4VPHandover\)/);
    // Never the nonce, the client_id or the response URI themselves.
    for (const value of [request.nonce, request.client_id, request.response_uri])
      expect(detail.message).not.toContain(value);
  });

  it("signed over the DC API handover with another nonce: device_signature", async () => {
    const created = await create();
    const transcript = await Transcript.forOid4VpDcApi(
      { origin: ORIGIN, nonce: "not-this-verification" },
      owfContext,
    );
    await postDcApi(created, {
      protocol: "openid4vp-v1-unsigned",
      data: { vp_token: { credential: [await owfResponse(created, transcript)] } },
    });
    expect((await detailOf(created.id)).check).toBe("device_signature");
  });
});
