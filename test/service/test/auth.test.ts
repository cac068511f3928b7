import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Service, TRANSPORTS } from "./support/transports.js";

describe.each(TRANSPORTS)("authentication and scopes ($name)", (transport) => {
  let service: Service;
  beforeAll(async () => {
    service = await transport.start();
  });
  afterAll(() => service.close());

  const list = (key: string | null) => service.call("GET", "/v1/openid4vc/issuance", { key });

  it("401 missing_api_key without X-Service-Key", async () => {
    const res = await list(null);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("missing_api_key");
  });

  it.each([
    ["a malformed key", "sk_test_short"],
    ["a publishable key", () => service.project.publishableKey],
    ["an unknown key of the right shape", `sk_test_${"A".repeat(32)}`],
  ])("401 invalid_api_key for %s, and the key is not echoed", async (_, key) => {
    const value = typeof key === "function" ? key() : key;
    const res = await list(value);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("invalid_api_key");
    expect(JSON.stringify(res.body)).not.toContain(value);
  });

  it("401 api_key_revoked for a revoked key", async () => {
    const key = service.model.keys.createKey({
      projectId: service.project.projectId,
      environment: "test",
      type: "secret",
    });
    expect((await list(key)).status).toBe(200);
    service.model.keys.revoke(key);
    const res = await list(key);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("api_key_revoked");
  });

  it("403 insufficient_scope names the missing scope; policies need policies:read and policies:write", async () => {
    const readOnly = service.model.keys.createKey({
      projectId: service.project.projectId,
      environment: "test",
      type: "secret",
      scopes: ["policies:read"],
    });
    expect((await service.call("GET", "/v1/policies", { key: readOnly })).status).toBe(200);
    const create = await service.call("POST", "/v1/policies", {
      key: readOnly,
      body: { name: "x" },
    });
    expect(create.status).toBe(403);
    expect(create.body).toMatchObject({
      code: "insufficient_scope",
      details: { required: "policies:write" },
    });
    const none = service.model.keys.createKey({
      projectId: service.project.projectId,
      environment: "test",
      type: "secret",
      scopes: [],
    });
    const get = await service.call("GET", "/v1/policies/preset_age_over_18", { key: none });
    expect(get.body.details).toEqual({ required: "policies:read" });
  });

  it("the live environment of the same project sees none of the test data", async () => {
    const live = service.model.keys.createKey({
      projectId: service.project.projectId,
      environment: "live",
      type: "secret",
    });
    await service.call("POST", "/v1/verifications", { body: { policy_id: "preset_age_over_18" } });
    const res = await service.call("GET", "/v1/verifications", { key: live });
    expect(res.body.data).toEqual([]);
  });

  it("every response carries X-Request-Id, errors included", async () => {
    expect((await list(null)).headers.get("x-request-id")).toMatch(/^req_/);
    expect((await service.call("GET", "/v1/nothing-here")).headers.get("x-request-id")).toMatch(
      /^req_/,
    );
  });
});
