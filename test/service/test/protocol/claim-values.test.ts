// Security issue, item 1: a disclosed claim is not a true claim. `preset_age_over_18` ended
// `verified` with `age_over_18: false`, and a test identity born in 2015 said `true`. Policies now
// state the values they require (DCQL `values`), and the verifier fails anything else.
import { createTestWallet, type TestIdentity } from "@credport/mock/wallet";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Service, TRANSPORTS } from "../support/transports.js";

const YEAR_MS = 365.25 * 24 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/** `YYYY-MM-DD` of the day `years` calendar years (plus `days` days) before `now`, in UTC. */
function birthdateBefore(now: number, years: number, days = 0): string {
  const date = new Date(now);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return new Date(date.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

describe.each(TRANSPORTS)("claim values ($name)", (transport) => {
  let service: Service;
  beforeAll(async () => {
    service = await transport.start();
  });
  afterAll(() => service.close());

  const wallet = (identity?: Partial<TestIdentity>) =>
    createTestWallet({ ...(identity ? { identity } : {}) });
  const verify = async (policyId: string, identity?: Partial<TestIdentity>) => {
    const created = await service.call("POST", "/v1/verifications", {
      body: { policy_id: policyId },
    });
    const holder = await wallet(identity);
    await holder.present(created.body.authorization_request_uri as string);
    const result = await service.call("GET", `/v1/verifications/${created.body.id}/result`);
    return { result: result.body, holder };
  };

  it("a 15-year-old test identity fails preset_age_over_18 with claims_not_satisfied", async () => {
    const birthdate = birthdateBefore(service.model.clock.now(), 15);
    const { result } = await verify("preset_age_over_18", { birthdate });
    expect(result).toMatchObject({
      status: "failed",
      failure_code: "claims_not_satisfied",
      failure_detail: { check: "claim_value", path: ["age_over_18"] },
    });
    // The detail names the claim, never its value.
    expect(JSON.stringify(result.failure_detail)).not.toMatch(/false/);
    // A failed verification signs no claims: the false value does not leave the service either.
    expect(result.claims).toEqual({});
  });

  it("an identity born in 2015 holds age_over_18: false; the default identity (1815) holds true", async () => {
    const young = await verify("preset_identity_basic", { birthdate: "2015-06-01" });
    expect(young.holder.credentials[0]!.claims).toMatchObject({
      birthdate: "2015-06-01",
      age_over_18: false,
    });
    const ada = await verify("preset_age_over_18");
    expect(ada.result).toMatchObject({ status: "verified", claims: { age_over_18: true } });
    expect(ada.holder.credentials[0]!.claims).toMatchObject({ age_over_18: true });
  });

  it("age_over_18 follows the emulator's clock: true from the 18th birthday on", async () => {
    const now = service.model.clock.now();
    const turnsEighteenTomorrow = birthdateBefore(now, 18, 1);
    const turnedEighteenToday = birthdateBefore(now, 18);
    expect(
      (await verify("preset_age_over_18", { birthdate: turnedEighteenToday })).result,
    ).toMatchObject({ status: "verified", claims: { age_over_18: true } });
    expect(
      (await verify("preset_age_over_18", { birthdate: turnsEighteenTomorrow })).result,
    ).toMatchObject({ status: "failed", failure_code: "claims_not_satisfied" });
  });

  it("an identity whose age_over_18 contradicts its birthdate is refused before issuance", async () => {
    await expect(
      verify("preset_age_over_18", { birthdate: "2015-06-01", age_over_18: true }),
    ).rejects.toThrow(/age_over_18/);
  });

  it("the preset's DCQL query asks for age_over_18 with values [true]", async () => {
    const created = await service.call("POST", "/v1/verifications", {
      body: { policy_id: "preset_age_over_18" },
    });
    const requestUri = new URL(created.body.authorization_request_uri as string).searchParams.get(
      "request_uri",
    )!;
    const requestObject = decodeJwt(
      await (
        await fetch(requestUri, { headers: { accept: "application/oauth-authz-req+jwt" } })
      ).text(),
    );
    // The SD-JWT VC first; the mdoc alternatives beside it are in mdoc-age-preset.test.ts.
    expect((requestObject.dcql_query as { credentials: unknown[] }).credentials[0]).toMatchObject({
      format: "dc+sd-jwt",
      claims: [{ path: ["age_over_18"], values: [true] }],
    });
    expect((await service.call("GET", "/v1/policies/preset_age_over_18")).body.fields).toEqual([
      { path: ["age_over_18"], values: [true] },
    ]);
  });

  it("a custom policy's values round-trip and are enforced", async () => {
    const created = await service.call("POST", "/v1/policies", {
      body: {
        name: "Ada or Grace",
        credential_definition_id: "credport.identity.v1",
        fields: [{ path: ["given_name"], values: ["Ada", "Grace"] }, { path: ["family_name"] }],
      },
    });
    expect(created.status).toBe(201);
    const policyId = created.body.policy_id as string;
    const read = await service.call("GET", `/v1/policies/${policyId}`);
    expect(read.body.fields).toEqual([
      { path: ["given_name"], values: ["Ada", "Grace"] },
      { path: ["family_name"] },
    ]);
    expect((await verify(policyId)).result).toMatchObject({
      status: "verified",
      claims: { given_name: "Ada", family_name: "Lovelace" },
    });
    expect(
      (await verify(policyId, { given_name: "Mallory", family_name: "Lovelace" })).result,
    ).toMatchObject({ status: "failed", failure_code: "claims_not_satisfied", claims: {} });
  });

  it("values must match in type too: the string '1815' does not satisfy [1815]", async () => {
    const created = await service.call("POST", "/v1/policies", {
      body: {
        name: "Typed",
        credential_definition_id: "credport.identity.v1",
        fields: [{ path: ["family_name"], values: [1815] }],
      },
    });
    expect(created.status).toBe(201);
    const { result } = await verify(created.body.policy_id as string, { family_name: "1815" });
    expect(result).toMatchObject({ status: "failed", failure_code: "claims_not_satisfied" });
  });

  it.each([
    ["an empty list", [], "fields[1].values"],
    ["too many", Array.from({ length: 21 }, (_, i) => `v${i}`), "fields[1].values"],
    ["not an array", true, "fields[1].values"],
    ["an object", [{ over: 18 }], "fields[1].values[0]"],
    ["null", [null], "fields[1].values[0]"],
    ["a fraction", [true, 1.5], "fields[1].values[1]"],
    ["a long string", ["x".repeat(201)], "fields[1].values[0]"],
  ])("refuses values that are %s, naming the field", async (_, values, field) => {
    const refused = await service.call("POST", "/v1/policies", {
      body: {
        name: "Bad",
        credential_definition_id: "credport.identity.v1",
        fields: [{ path: ["given_name"] }, { path: ["age_over_18"], values }],
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "validation_error", details: { field } });
    expect(refused.body.message?.startsWith(`${field}: must be`)).toBe(true);
  });

  it("a time-shifted clock moves the answer: 17 years and a half, then a year later", async () => {
    const birthdate = birthdateBefore(
      service.model.clock.now(),
      17,
      -Math.round(YEAR_MS / 2 / DAY_MS),
    );
    expect((await verify("preset_age_over_18", { birthdate })).result).toMatchObject({
      status: "failed",
    });
    service.model.clock.advance(YEAR_MS);
    expect((await verify("preset_age_over_18", { birthdate })).result).toMatchObject({
      status: "verified",
      claims: { age_over_18: true },
    });
  });
});
