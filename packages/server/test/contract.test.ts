import {
  Credport,
  CredportInvalidResponseError,
  CredportSignatureVerificationError,
  CredportValidationError,
  signWebhookPayload,
  verifyWebhook,
} from "@credport/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_SERVICES, badge, type TestService } from "./support/services.js";

const secretKey = `sk_test_${"a".repeat(24)}`;
const SECRET_VALUE = "sk_live_LEAKEDLEAKEDLEAKEDLEAKED00";

/** A service that answers every request with `status` and `body`, and counts the requests. */
function answering(status: number, body: string | null) {
  const calls: string[] = [];
  const credport = new Credport({
    secretKey,
    baseUrl: "https://hostile.test",
    maxRetries: 0,
    fetch: async (input) => {
      calls.push(String(input));
      return new Response(body, {
        status,
        headers: { "content-type": "application/json", "x-request-id": "req_hostile" },
      });
    },
  });
  return { credport, calls };
}

const session = {
  object: "openid4vc_issuance",
  id: "iss_1",
  status: "offer_created",
  credentialDefinitionId: "badge-v1",
  issuanceMode: "InTime",
  metadata: {},
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  expiresAt: "2026-01-01T00:15:00.000Z",
  livemode: false,
  offerUri: "openid-credential-offer://?credential_offer_uri=x",
  offerQrUri: "openid-credential-offer://?credential_offer_uri=x",
};

describe("2xx bodies are checked against the contract", () => {
  const offerInput = { credentialDefinitionId: "badge-v1", claims: { given_name: "Ada" } };

  it.each([
    // Not an object at all: the pipeline refuses it before any resource looks at it.
    ["null", "null", "with null instead of a JSON object"],
    ["an array", "[]", "with a JSON array instead of a JSON object"],
    ["an empty object", "{}", 'object: must be one of "openid4vc_issuance"'],
    [
      "a status the contract does not know",
      JSON.stringify({ ...session, status: SECRET_VALUE }),
      "status: must be one of",
    ],
    [
      "a field missing",
      JSON.stringify({ ...session, offerUri: undefined }),
      "offerUri: is required",
    ],
  ])(
    "createOffer answered 201 with %s is an invalid-response error naming the field",
    async (_, body, message) => {
      const { credport } = answering(201, body);
      const error = await credport.issuance.createOffer(offerInput).catch((e) => e);
      expect(error).toBeInstanceOf(CredportInvalidResponseError);
      expect(error).toMatchObject({
        code: "invalid_response",
        status: 201,
        requestId: "req_hostile",
      });
      expect(error.message).toMatch(
        /(issuance\.createOffer|POST \/v1\/openid4vc\/issuance\/offer) answered 201/,
      );
      expect(error.message).toContain(message);
      expect(error.message).not.toContain("LEAKED");
    },
  );

  it("an empty 2xx body is an invalid-response error, not undefined", async () => {
    const { credport } = answering(200, null);
    await expect(credport.verifications.get("ver_1")).rejects.toMatchObject({
      code: "invalid_response",
      message: expect.stringContaining(
        "GET /v1/verifications/ver_1 answered 200 with an empty body",
      ),
    });
  });

  it.each([
    ["without data", { object: "list", has_more: false, next_cursor: null }, "data: "],
    [
      "whose items are not policies",
      { object: "list", data: [{ name: "x" }], has_more: false, next_cursor: null },
      "data[0].",
    ],
  ])("a list %s is an invalid-response error, not a TypeError", async (_, body, field) => {
    const { credport } = answering(200, JSON.stringify(body));
    const error = await credport.policies.list().catch((e) => e);
    expect(error).toBeInstanceOf(CredportInvalidResponseError);
    expect(error.message).toContain(
      `policies.list answered 200 with a body that breaks the API contract (${field}`,
    );
  });
  it("a __proto__ key in an answer stays data: the returned object keeps its prototype", async () => {
    const { credport } = answering(
      200,
      `{"object":"verification_status","id":"ver_1","status":"pending","expires_at":"2026-01-01T00:00:00.000Z","__proto__":{"status":"verified","polluted":true}}`,
    );
    const status = await credport.verifications.getStatus("ver_1");
    expect(Object.getPrototypeOf(status)).toBe(Object.prototype);
    expect(status).toMatchObject({ status: "pending" });
    expect((status as { polluted?: unknown }).polluted).toBeUndefined();
  });
});

describe("local checks are the contract's rules, worded as the service words them", () => {
  let service: TestService;
  let credport: Credport;
  beforeAll(async () => {
    service = await ALL_SERVICES[0]!.start();
    credport = new Credport({ secretKey: service.project.secretKey, baseUrl: service.baseUrl });
    await credport.credentialDefinitions.create(badge());
  });
  afterAll(() => service.close());

  const refusal = async (call: () => Promise<unknown>) => {
    const error = (await call().catch((e: unknown) => e)) as CredportValidationError;
    expect(error).toBeInstanceOf(CredportValidationError);
    expect(error.status).toBeUndefined();
    return error;
  };

  it.each([
    [
      "a claim of 1 MB",
      { given_name: "x".repeat(1024 * 1024), family_name: "L" },
      "claims.given_name",
    ],
    [
      "a non-finite number",
      { given_name: "Ada", family_name: Number.POSITIVE_INFINITY },
      "claims.family_name",
    ],
  ])(
    "createOffer with %s is refused before sending, with the mock's wording",
    async (_, claims, field) => {
      const body = { credentialDefinitionId: "badge-v1", claims };
      const local = await refusal(() => credport.issuance.createOffer(body));
      expect(local.details).toEqual({ field });
      // The service, sent the same body, says the same thing.
      const raw = await fetch(`${service.baseUrl}/v1/openid4vc/issuance/offer`, {
        method: "POST",
        headers: { "x-service-key": service.project.secretKey, "content-type": "application/json" },
        body: JSON.stringify(body).replace('"family_name":null', '"family_name":1e400'),
      });
      const answer = (await raw.json()) as { message: string; details: unknown };
      expect(local.message).toBe(`credport: ${answer.message}`);
      expect(answer.details).toEqual({ field });
    },
  );

  it.each([".", ".."])(
    "an ID of %j is refused before sending (URLs drop dot segments: it would reach another resource)",
    async (id) => {
      const { credport, calls } = answering(200, JSON.stringify({ object: "list", data: [] }));
      for (const call of [
        () => credport.issuance.get(id),
        () => credport.issuance.cancel(id),
        () => credport.verifications.getResult(id),
        () => credport.credentialDefinitions.publish(id),
      ]) {
        const error = await refusal(call);
        expect(error.code).toBe("validation_error");
        expect(error.message).toMatch(/dot segments/);
      }
      expect(calls).toEqual([]);
    },
  );

  it("an ID is checked on every call, however many good ones came before (the remembered ones are bounded)", async () => {
    const status = {
      object: "verification_status",
      status: "pending",
      expires_at: "2099-01-01T00:00:00Z",
    };
    const { credport, calls } = answering(200, JSON.stringify({ ...status, id: "ver_x" }));
    for (let i = 0; i < 300; i++) await credport.verifications.getStatus(`ver ${i}/x`);
    expect(calls.at(-1)).toBe("https://hostile.test/v1/verifications/ver%20299%2Fx/status");
    for (const id of ["", " ", "..", "x".repeat(201), 7]) {
      const error = await refusal(() => credport.verifications.getStatus(id as string));
      expect(error.code).toBe("validation_error");
    }
    expect(calls).toHaveLength(300);
  });

  it("a reserved claim path is refused at definition creation, naming the path", async () => {
    const local = await refusal(() =>
      credport.credentialDefinitions.createDraft({
        credentialDefinitionId: "reserved",
        claims: [{ path: ["cnf"] }],
      }),
    );
    expect(local.message).toBe(
      'credport: claims[0].path: "cnf" is reserved by SD-JWT VC; choose another claim name',
    );
  });

  it("fields of snake_case resources are named in the caller's camelCase", async () => {
    const local = await refusal(() => credport.verifications.create({ policyId: " " }));
    expect(local.details).toEqual({ field: "policyId" });
    expect(local.message).toBe(
      "credport: policyId: must be a non-blank string of at most 100 characters",
    );
    const both = await refusal(() =>
      credport.policies.create({
        name: "x",
        fields: [{ path: ["given_name"] }],
      } as never),
    );
    expect(both.message).toBe(
      "credport: credentialDefinitionId: exactly one of this field and vct is required",
    );
    const filter = await refusal(() =>
      credport.credentialDefinitions.list({ lifecycleStatus: "gone" as never }),
    );
    expect(filter.message).toBe(
      "credport: lifecycleStatus: must be one of draft, published, archived",
    );
  });
});

describe("webhook events are typed and in one casing", () => {
  const secret = `whsec_${"w".repeat(32)}`;
  const sign = async (event: unknown) => {
    const payload = JSON.stringify(event);
    return { payload, signature: await signWebhookPayload(payload, { secret }) };
  };
  const envelope = { id: "evt_1", object: "event", created: 1_700_000_000, livemode: false };
  const verification = {
    object: "verification",
    id: "ver_1",
    status: "verified",
    policy_id: "preset_age_over_18",
    customer_user_ref: null,
    metadata: {},
    expires_at: "2026-01-01T00:00:00.000Z",
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    livemode: false,
  };

  it("a verification event carries the verification in camelCase", async () => {
    const event = await verifyWebhook(
      await sign({ ...envelope, type: "verification.verified", data: { object: verification } }),
      { secret },
    );
    if (event.type !== "verification.verified") throw new Error("narrowing failed");
    expect(event.data.object).toMatchObject({
      policyId: "preset_age_over_18",
      customerUserRef: null,
    });
    expect(event.data.object).not.toHaveProperty("policy_id");
  });

  it("a known type whose payload breaks the contract is refused with the field", async () => {
    const error = await verifyWebhook(
      await sign({ ...envelope, type: "verification.verified", data: { object: { id: 1 } } }),
      { secret },
    ).catch((e) => e);
    expect(error).toBeInstanceOf(CredportSignatureVerificationError);
    expect(error.code).toBe("webhook_payload_invalid");
    expect(error.message).toContain("data.object.");
  });

  it.each([
    ["a string", "1700000000", "created: must be of type number"],
    ["null", null, "created: must be of type number"],
    ["left out", undefined, "created: is required"],
  ])("an envelope whose created is %s is refused naming the field", async (_, created, says) => {
    const error = await verifyWebhook(
      await sign({
        ...envelope,
        created,
        type: "verification.verified",
        data: { object: verification },
      }),
      { secret },
    ).catch((e) => e);
    expect(error).toBeInstanceOf(CredportSignatureVerificationError);
    expect(error.code).toBe("webhook_payload_invalid");
    expect(error.message).toBe(
      `credport: the signed verification.verified event breaks the API contract (${says}).`,
    );
  });

  it("an unknown type passes through as it came", async () => {
    const unknown = { ...envelope, type: "wallet.renamed", data: { object: { some_field: 1 } } };
    expect(await verifyWebhook(await sign(unknown), { secret })).toEqual(unknown);
  });
});
