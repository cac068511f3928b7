import { Credport, CredportValidationError } from "@credport/server";
import { describe, expect, it } from "vitest";

/**
 * The Digital Credentials API in the server client: `expectedOrigins` on create, `dcApiRequests`
 * back, and `submitDcApiResponse` for apps that relay the browser's answer. A recording `fetch`
 * stands in for the service (the mock serves the operation once the service side lands).
 */

const created = {
  object: "verification",
  id: "ver_1",
  status: "pending",
  policy_id: "preset_age_over_18",
  customer_user_ref: null,
  metadata: {},
  expires_at: "2026-01-01T00:15:00.000Z",
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  livemode: false,
  client_token: "ct_abc",
  authorization_request_uri: "openid4vp://?request_uri=x",
};
const REQUESTS = [
  { protocol: "openid4vp-v1-signed", data: { request: "eyJhbGciOiJFUzI1NiJ9.e30.sig" } },
  { protocol: "org-iso-mdoc", data: { deviceRequest: "oWd2", encryptionInfo: "gmVk" } },
];

function service(status: number, answer: unknown) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  const credport = new Credport({
    secretKey: `sk_test_${"a".repeat(24)}`,
    baseUrl: "https://service.test",
    maxRetries: 0,
    fetch: async (input, init) => {
      const url = new URL(String(input));
      sent.push({
        method: init?.method ?? "GET",
        path: url.pathname,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      return Response.json(answer, { status });
    },
  });
  return { credport, sent };
}

describe("verifications.create with expectedOrigins", () => {
  it("sends expected_origins and returns the service's requests as dcApiRequests", async () => {
    const { credport, sent } = service(201, { ...created, dc_api_requests: REQUESTS });
    const verification = await credport.verifications.create({
      policyId: "preset_age_over_18",
      expectedOrigins: ["https://shop.example", "http://localhost:3000"],
    });
    expect(sent[0]).toMatchObject({
      method: "POST",
      path: "/v1/verifications",
      body: {
        policy_id: "preset_age_over_18",
        expected_origins: ["https://shop.example", "http://localhost:3000"],
      },
    });
    expect(verification.dcApiRequests).toEqual(REQUESTS);
    expect(verification.authorizationRequestUri).toBe(created.authorization_request_uri);
  });

  it("without expectedOrigins sends none, and there are no dcApiRequests", async () => {
    const { credport, sent } = service(201, created);
    const verification = await credport.verifications.create({ policyId: "preset_age_over_18" });
    expect(sent[0]?.body).not.toHaveProperty("expected_origins");
    expect(verification.dcApiRequests).toBeUndefined();
  });

  it.each([
    ["a trailing slash", ["https://shop.example/"], "expectedOrigins[0]"],
    ["a path", ["https://shop.example", "https://shop.example/verify"], "expectedOrigins[1]"],
    ["plain http on a public host", ["http://shop.example"], "expectedOrigins[0]"],
  ])(
    "an origin with %s is refused before any request, naming the field and the rule",
    async (_, origins, field) => {
      const { credport, sent } = service(201, created);
      const error = await credport.verifications
        .create({ policyId: "preset_age_over_18", expectedOrigins: origins })
        .catch((e) => e);
      expect(error).toBeInstanceOf(CredportValidationError);
      expect(error).toMatchObject({ code: "validation_error", details: { field } });
      expect(error.message).toContain(
        `${field}: must be 1 to 5 exact origins: https://host[:port]`,
      );
      expect(error.message).toContain("no path, no trailing slash");
      expect(sent).toEqual([]);
    },
  );

  it("more than five origins, or none, is refused before any request", async () => {
    const { credport, sent } = service(201, created);
    for (const expectedOrigins of [
      [],
      Array.from({ length: 6 }, (_, i) => `https://s${i}.example`),
    ]) {
      const error = await credport.verifications
        .create({ policyId: "preset_age_over_18", expectedOrigins })
        .catch((e) => e);
      expect(error).toMatchObject({
        code: "validation_error",
        message: expect.stringContaining(
          "credport: expectedOrigins: must be 1 to 5 exact origins: https://host[:port]",
        ),
      });
    }
    expect(sent).toEqual([]);
  });
});

describe("verifications.submitDcApiResponse", () => {
  const statusAnswer = {
    object: "verification_status",
    id: "ver_1",
    status: "verified",
    expires_at: "2026-01-01T00:15:00.000Z",
  };

  it("posts { protocol, data } unchanged to the verification and returns its status", async () => {
    const { credport, sent } = service(200, statusAnswer);
    const credential = {
      protocol: "openid4vp-v1-unsigned",
      data: { vp_token: { age: ["eyJ…~"] }, nested_key: { keep_me: 1 } },
    };
    const status = await credport.verifications.submitDcApiResponse("ver_1", credential);
    expect(sent).toEqual([
      { method: "POST", path: "/v1/verifications/ver_1/dc-api-response", body: credential },
    ]);
    expect(status).toEqual({
      object: "verification_status",
      id: "ver_1",
      status: "verified",
      expiresAt: "2026-01-01T00:15:00.000Z",
    });
  });

  it.each([
    ["no protocol", { data: {} }, "protocol: is required"],
    [
      "data as a string",
      { protocol: "openid4vp-v1-unsigned", data: "{}" },
      "data: must be a JSON object",
    ],
    ["not an object", "eyJ…", "credential: must be a JSON object"],
  ])("%s is refused before any request, naming the field", async (_, credential, message) => {
    const { credport, sent } = service(200, statusAnswer);
    const error = await credport.verifications
      .submitDcApiResponse("ver_1", credential as never)
      .catch((e) => e);
    expect(error).toBeInstanceOf(CredportValidationError);
    expect(error.message).toBe(`credport: ${message}`);
    expect(sent).toEqual([]);
  });
});
