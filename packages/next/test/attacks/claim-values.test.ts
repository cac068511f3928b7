// Issue 12, item 3: verified means the claim was disclosed, not that it is true. The age presets
// require `true` by default; apps state their own requirements with `requireClaims`.
import { type CredportNextConfig, createCredportHandlers } from "@credport/next";
import { describe, expect, it } from "vitest";
import { testConfig } from "../support/config.js";
import { setUpMockService } from "../support/mock-service.js";
import { TestBrowser } from "../support/test-browser.js";

const service = setUpMockService();

async function finalize(
  claims: Record<string, unknown>,
  overrides: Partial<CredportNextConfig> = {},
) {
  const browser = new TestBrowser(createCredportHandlers(testConfig(service.project, overrides)));
  const id = await browser.start();
  service.verify(id, claims);
  const res = await browser.send("POST", "session", { verificationId: id });
  return {
    status: res.status,
    code: res.body.code,
    message: res.body.message,
    session: browser.jar.has("__Host-credport_session"),
  };
}

describe("claim values", () => {
  it("preset_age_over_18 with age_over_18: false gives no session by default", async () => {
    const res = await finalize({ age_over_18: false });
    expect(res).toMatchObject({ status: 409, code: "claims_not_accepted", session: false });
    expect(res.message).toMatch(/age_over_18/);
  });

  it("the same preset chosen by getPolicyId gets the same default", async () => {
    const res = await finalize(
      { age_over_18: false },
      { policyId: undefined, getPolicyId: () => "preset_age_over_18" },
    );
    expect(res).toMatchObject({ status: 409, session: false });
  });

  it("requireClaims states other required values (dot-joined paths)", async () => {
    const overrides = { requireClaims: { age_over_18: true, "address.country": "DE" } };
    expect(
      await finalize({ age_over_18: true, address: { country: "FR" } }, overrides),
    ).toMatchObject({
      status: 409,
      session: false,
    });
    expect(
      await finalize({ age_over_18: true, address: { country: "DE" } }, overrides),
    ).toMatchObject({
      status: 200,
      session: true,
    });
  });

  it("requireClaims can be a function of the signed claims and the policy", async () => {
    const requireClaims = (claims: Record<string, unknown>, { policyId }: { policyId: string }) =>
      policyId === "preset_age_over_18" && claims.age_over_18 === true;
    expect(await finalize({ age_over_18: false }, { requireClaims })).toMatchObject({
      status: 409,
    });
    expect(await finalize({ age_over_18: true }, { requireClaims })).toMatchObject({ status: 200 });
  });

  it("an explicit empty requirement is the app's choice to accept any disclosed value", async () => {
    expect(await finalize({ age_over_18: false }, { requireClaims: {} })).toMatchObject({
      status: 200,
      session: true,
    });
  });
});
