import { createLocalJWKSet, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishBadgePolicy, type Service, TRANSPORTS } from "./support/transports.js";

describe.each(TRANSPORTS)("policies and verifications ($name)", (transport) => {
  let service: Service;
  let policyId: string;
  beforeAll(async () => {
    service = await transport.start();
    policyId = await publishBadgePolicy(service, [{ path: ["given_name"] }]);
  });
  afterAll(() => service.close());

  const createVerification = async (body: Record<string, unknown> = { policy_id: policyId }) =>
    (await service.call("POST", "/v1/verifications", { body })).body as Record<string, string>;
  const browserStatus = (
    id: string,
    token?: string,
    pk: string | null = service.project.publishableKey,
  ) =>
    service.call("GET", `/v1/verifications/${id}/status`, {
      key: null,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(pk ? { "x-publishable-key": pk } : {}),
      },
    });

  it("creates, gets and lists custom policies in snake_case; presets work but are not listed", async () => {
    const got = await service.call("GET", `/v1/policies/${policyId}`);
    expect(got.body).toMatchObject({
      object: "policy",
      policy_id: policyId,
      status: "active",
      fields: [{ path: ["given_name"] }],
    });
    const listed = await service.call("GET", "/v1/policies");
    const ids = (listed.body.data as { policy_id: string }[]).map((p) => p.policy_id);
    expect(ids).toEqual([policyId]);
    expect(listed.body).toHaveProperty("has_more", false);
    expect((await service.call("GET", "/v1/policies/preset_age_over_18")).body.preset).toBe(true);
  });

  it("refuses policy fields the definition does not declare, and camelCase bodies", async () => {
    const undeclared = await service.call("POST", "/v1/policies", {
      body: { name: "x", credential_definition_id: "badge-v1", fields: [{ path: ["salary"] }] },
    });
    expect(undeclared.body).toMatchObject({ code: "validation_error" });
    const camel = await service.call("POST", "/v1/policies", {
      body: { name: "x", credentialDefinitionId: "badge-v1", fields: [{ path: ["given_name"] }] },
    });
    expect(camel.status).toBe(400);
  });

  it("create → pending with client token, expiry and the wallet's authorization request", async () => {
    const v = await createVerification({
      policy_id: policyId,
      customer_user_ref: "user-1",
      metadata: { a: "b" },
    });
    expect(v).toMatchObject({
      object: "verification",
      status: "pending",
      policy_id: policyId,
      customer_user_ref: "user-1",
    });
    expect(v.client_token).toMatch(/^ct_/);
    expect(Date.parse(v.expires_at!) - Date.parse(v.created_at!)).toBe(15 * 60 * 1000);
    expect(v.authorization_request_uri).toMatch(/^openid4vp:\/\/\?client_id=.+&request_uri=/);
    expect(v).not.toHaveProperty("failure_code");
    const got = await service.call("GET", `/v1/verifications/${v.id}`);
    expect(got.body).not.toHaveProperty("client_token");
  });

  it("400 invalid_policy for an unknown or archived policy; policy_id in camelCase is missing", async () => {
    expect(
      (await service.call("POST", "/v1/verifications", { body: { policy_id: "pol_nope" } })).body
        .code,
    ).toBe("invalid_policy");
    const archived = await service.call("POST", "/v1/policies", {
      body: {
        name: "Old",
        credential_definition_id: "badge-v1",
        fields: [{ path: ["family_name"] }],
      },
    });
    await service.call("POST", `/v1/policies/${archived.body.policy_id}/archive`);
    expect(
      (
        await service.call("POST", "/v1/verifications", {
          body: { policy_id: archived.body.policy_id },
        })
      ).body.code,
    ).toBe("invalid_policy");
    const camel = await service.call("POST", "/v1/verifications", { body: { policyId } });
    expect(camel.body.code).toBe("validation_error");
  });

  it("browser status reads: missing_token, invalid_token, key_mismatch, and success", async () => {
    const v = await createVerification();
    expect((await browserStatus(v.id!)).body.code).toBe("missing_token");
    expect((await browserStatus(v.id!)).status).toBe(401);
    const wrong = await browserStatus(v.id!, "ct_wrongwrongwrong");
    expect([wrong.status, wrong.body.code]).toEqual([401, "invalid_token"]);
    const other = service.model.createProject();
    const mismatch = await browserStatus(v.id!, v.client_token, other.publishableKey);
    expect([mismatch.status, mismatch.body.code]).toEqual([403, "key_mismatch"]);
    const ok = await browserStatus(v.id!, v.client_token);
    expect(ok.body).toEqual({
      object: "verification_status",
      id: v.id,
      status: "pending",
      expires_at: v.expires_at,
    });
    expect(ok.headers.get("access-control-allow-origin")).toBe("*");
    // Browsers correct their clock by the service's Date header: it must be readable cross-origin.
    expect(ok.headers.get("access-control-expose-headers")).toMatch(/\bdate\b/);
  });

  it("answers carry the service's time in Date, following the model's clock", async () => {
    service.model.clock.advance(20 * 60 * 1000);
    const answer = await service.call("GET", "/v1/policies/preset_age_over_18");
    const date = Date.parse(answer.headers.get("date") ?? "");
    expect(Math.abs(date - service.model.clock.now())).toBeLessThan(2000);
    expect(date - Date.now()).toBeGreaterThan(19 * 60 * 1000);
  });

  it("the answer to a clock advance carries the advanced time in its own Date", async () => {
    const answer = await service.call("POST", "/__emulator/clock/advance", {
      body: { ms: 30 * 60 * 1000 },
    });
    expect(answer.status).toBe(200);
    const date = Date.parse(answer.headers.get("date") ?? "");
    expect(date - Date.now()).toBeGreaterThan(29 * 60 * 1000);
    expect(Math.abs(date - Date.parse(String(answer.body.now)))).toBeLessThan(2000);
  });

  it("the client token is invalid_token after the verification expired; the server sees expired", async () => {
    const v = await createVerification();
    service.model.clock.advance(15 * 60 * 1000 + 1);
    const browser = await browserStatus(v.id!, v.client_token);
    expect([browser.status, browser.body.code]).toEqual([401, "invalid_token"]);
    const server = await service.call("GET", `/v1/verifications/${v.id}/status`);
    expect(server.body).toMatchObject({ status: "expired" });
    expect(server.body).not.toHaveProperty("failure_code");
  });

  it("pending → canceled on cancel; canceling again is 409; the result exists once ended", async () => {
    const v = await createVerification();
    const pendingResult = await service.call("GET", `/v1/verifications/${v.id}/result`);
    expect([pendingResult.status, pendingResult.body.code]).toEqual([
      409,
      "verification_not_finished",
    ]);
    expect((await service.call("POST", `/v1/verifications/${v.id}/cancel`)).body.status).toBe(
      "canceled",
    );
    expect((await service.call("POST", `/v1/verifications/${v.id}/cancel`)).body.code).toBe(
      "verification_not_cancelable",
    );
    const result = await service.call("GET", `/v1/verifications/${v.id}/result`);
    expect(result.body).toMatchObject({
      object: "verification_result",
      verification_id: v.id,
      status: "canceled",
      claims: {},
    });
    const jwks = await service.call("GET", "/v1/.well-known/jwks.json", { key: null });
    const { payload } = await jwtVerify(
      result.body.result_token as string,
      createLocalJWKSet(jwks.body as never),
      {
        issuer: service.baseUrl,
        audience: service.project.projectId,
      },
    );
    expect(payload).toMatchObject({ verification_id: v.id, status: "canceled" });
  });

  it("lists verifications with a status filter", async () => {
    const listed = await service.call("GET", "/v1/verifications?status=canceled");
    expect((listed.body.data as { status: string }[]).every((v) => v.status === "canceled")).toBe(
      true,
    );
    expect((await service.call("GET", "/v1/verifications?status=done")).status).toBe(400);
  });

  it("realtime: the current status at once, then each change; 503 realtime_unavailable when off", async () => {
    const v = await createVerification();
    const headers = {
      authorization: `Bearer ${v.client_token}`,
      "x-publishable-key": service.project.publishableKey,
    };
    const response = await fetch(`${service.baseUrl}/v1/verifications/${v.id}/events`, { headers });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const chunk = await reader.read();
        if (chunk.done) break;
        text += decoder.decode(chunk.value);
      }
    };
    await readUntil('"status":"pending"');
    await service.call("POST", `/v1/verifications/${v.id}/cancel`);
    await readUntil('"status":"canceled"');
    expect(text).toMatch(
      /event: status\ndata: \{"object":"verification_status".*"status":"canceled"/,
    );
    expect((await reader.read()).done).toBe(true);

    service.model.realtime.setAvailable(false);
    const down = await fetch(`${service.baseUrl}/v1/verifications/${v.id}/events`, { headers });
    expect(down.status).toBe(503);
    expect((await down.json()).code).toBe("realtime_unavailable");
    service.model.realtime.setAvailable(true);
  });

  it("a verification of another project is the same 404 as an absent one", async () => {
    const v = await createVerification();
    const other = service.model.createProject();
    const foreign = await service.call("GET", `/v1/verifications/${v.id}`, {
      key: other.secretKey,
    });
    const absent = await service.call("GET", "/v1/verifications/ver_absent");
    expect([foreign.status, foreign.body]).toEqual([404, absent.body]);
  });
});
