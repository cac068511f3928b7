import { EXPECTED_ORIGIN_RULE, isExpectedOrigin, OPERATION_ROUTES } from "@credport/core";
import {
  createdVerification,
  createOpenApiDocument,
  createVerificationBody,
  dcApiResponseBody,
  describeFirstIssue,
  findOperation,
  OPERATION_SCHEMAS,
} from "@credport/core/contract";
import { describe, expect, it } from "vitest";

/** The Digital Credentials API's part of the wire contract (api-decisions, "Digital Credentials API"). */

const firstProblem = (schema: { safeParse(v: unknown): unknown }, value: unknown) => {
  const result = schema.safeParse(value) as { success: boolean; error?: { issues: [] } };
  return result.success ? undefined : describeFirstIssue(result.error!).message;
};

describe("expected_origins on POST /v1/verifications", () => {
  it.each([
    "https://shop.example",
    "https://shop.example:8443",
    "https://xn--bcher-kva.example",
    "http://localhost",
    "http://localhost:3000",
    "http://127.0.0.1:3000",
    "http://[::1]:3000",
  ])("%s is an exact origin", (origin) => {
    expect(isExpectedOrigin(origin)).toBe(true);
    expect(
      createVerificationBody.safeParse({ policy_id: "p", expected_origins: [origin] }).success,
    ).toBe(true);
  });

  it.each([
    ["a trailing slash", "https://shop.example/"],
    ["a path", "https://shop.example/verify"],
    ["a query", "https://shop.example?x=1"],
    ["a fragment", "https://shop.example#x"],
    ["user info", "https://user@shop.example"],
    ["http on a public host", "http://shop.example"],
    ["http on another loopback address", "http://127.0.0.2:3000"],
    ["http on a *.localhost name", "http://app.localhost:3000"],
    ["the default port written out", "https://shop.example:443"],
    ["upper case in the host", "https://Shop.example"],
    ["another scheme", "openid4vp://shop.example"],
    ["no scheme", "shop.example"],
    ["an empty string", ""],
    ["the opaque origin", "null"],
    ["surrounding space", " https://shop.example"],
  ])("an origin with %s is refused, naming the field and the rule", (_, origin) => {
    expect(isExpectedOrigin(origin)).toBe(false);
    expect(
      firstProblem(createVerificationBody, { policy_id: "p", expected_origins: [origin] }),
    ).toBe(`expected_origins[0]: ${EXPECTED_ORIGIN_RULE}`);
  });

  it("takes 1 to 5 entries, strings only", () => {
    const origins = (n: number) => Array.from({ length: n }, (_, i) => `https://shop${i}.example`);
    expect(
      createVerificationBody.safeParse({ policy_id: "p", expected_origins: origins(5) }).success,
    ).toBe(true);
    expect(firstProblem(createVerificationBody, { policy_id: "p", expected_origins: [] })).toBe(
      `expected_origins: ${EXPECTED_ORIGIN_RULE}`,
    );
    expect(
      firstProblem(createVerificationBody, { policy_id: "p", expected_origins: origins(6) }),
    ).toBe(`expected_origins: ${EXPECTED_ORIGIN_RULE}`);
    expect(
      firstProblem(createVerificationBody, {
        policy_id: "p",
        expected_origins: "https://shop.example",
      }),
    ).toBe(`expected_origins: ${EXPECTED_ORIGIN_RULE}`);
    expect(isExpectedOrigin(42)).toBe(false);
  });
});

describe("dc_api_requests in the 201 answer", () => {
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
    client_token: "ct_x",
    authorization_request_uri: "openid4vp://?request_uri=x",
  };

  it("is optional, and when there, a list of { protocol, data } with data an object", () => {
    expect(createdVerification.safeParse(created).success).toBe(true);
    const requests = [{ protocol: "openid4vp-v1-signed", data: { request: "eyJ…" } }];
    expect(createdVerification.safeParse({ ...created, dc_api_requests: requests }).success).toBe(
      true,
    );
    expect(
      createdVerification.safeParse({
        ...created,
        dc_api_requests: [{ protocol: "openid4vp-v1-signed", data: "eyJ…" }],
      }).success,
    ).toBe(false);
    expect(
      createdVerification.safeParse({ ...created, dc_api_requests: [{ data: {} }] }).success,
    ).toBe(false);
  });
});

describe("POST /v1/verifications/{id}/dc-api-response", () => {
  it("is an operation with browser auth, answered with the status object", () => {
    expect(OPERATION_ROUTES.submitDcApiResponse).toEqual({
      method: "POST",
      path: "/v1/verifications/{verificationId}/dc-api-response",
      snake: true,
    });
    const found = findOperation("POST", "/v1/verifications/ver_1/dc-api-response");
    expect(found?.operation).toMatchObject({
      id: "submitDcApiResponse",
      auth: "secret_or_client_token",
      success: { status: 200, schema: OPERATION_SCHEMAS.getVerificationStatus.answer },
    });
    expect(found?.params).toEqual({ verificationId: "ver_1" });
    const documented = createOpenApiDocument() as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    expect(
      documented.paths["/v1/verifications/{verificationId}/dc-api-response"]?.post?.operationId,
    ).toBe("submitDcApiResponse");
  });

  it("takes what the browser resolved with, { protocol, data }, and refuses anything else by field", () => {
    const answer = { protocol: "openid4vp-v1-unsigned", data: { vp_token: { q: ["x"] } } };
    expect(dcApiResponseBody.safeParse(answer).success).toBe(true);
    expect(firstProblem(dcApiResponseBody, { data: {} })).toBe("protocol: is required");
    expect(firstProblem(dcApiResponseBody, { protocol: "openid4vp-v1-unsigned" })).toBe(
      "data: is required",
    );
    expect(firstProblem(dcApiResponseBody, { protocol: "openid4vp-v1-unsigned", data: "{}" })).toBe(
      "data: must be a JSON object",
    );
    expect(firstProblem(dcApiResponseBody, [])).toBe("body: must be a JSON object");
  });
});
