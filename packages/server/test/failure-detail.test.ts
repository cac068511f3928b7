import { createTestWallet } from "@credport/mock/wallet";
import { Credport, verifyResultToken } from "@credport/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { badge, badgeClaims, SERVICES, type TestService } from "./support/services.js";

/**
 * `failureDetail` and the timelines through the server client, against the mock over msw and the
 * emulator: typed, camelCased at the top level like every snake_case answer, and signed.
 */
describe.each(SERVICES)("failure details through the server client ($name)", (transport) => {
  let service: TestService;
  let credport: Credport;
  beforeAll(async () => {
    service = await transport.start();
    credport = new Credport({
      secretKey: service.project.secretKey,
      baseUrl: service.baseUrl,
      maxRetries: 0,
    });
    await credport.credentialDefinitions.create(badge());
  });
  afterAll(() => service.close());

  it("a failed verification: failureDetail on get, getResult and the verified result token; timeline in order", async () => {
    const policy = await credport.policies.create({
      name: "Badge",
      credentialDefinitionId: "badge-v1",
      fields: [{ path: ["given_name"] }, { path: ["address", "locality"] }],
    });
    const wallet = await createTestWallet();
    await wallet.acceptOffer(
      (
        await credport.issuance.createOffer({
          credentialDefinitionId: "badge-v1",
          claims: badgeClaims,
        })
      ).offerUri,
    );
    const v = await credport.verifications.create({ policyId: policy.policyId });
    await wallet.present(v.authorizationRequestUri, { omit: ["address.locality"] });

    const expected = {
      check: "claim_missing",
      path: ["address", "locality"],
      message: expect.stringContaining("address.locality"),
    };
    const got = await credport.verifications.get(v.id);
    expect(got).toMatchObject({ status: "failed", failureCode: "claims_missing" });
    expect(got.failureDetail).toEqual(expected);
    const result = await credport.verifications.getResult(v.id);
    expect(result.failureDetail).toEqual(expected);
    const signed = await verifyResultToken(result.resultToken, {
      verificationId: v.id,
      baseUrl: service.baseUrl,
      environment: "test",
    });
    expect(signed.failureDetail).toEqual(expected);
    expect(await credport.verifications.getStatus(v.id)).not.toHaveProperty("failureDetail");

    const timeline = await credport.verifications.timeline(v.id);
    expect(timeline.object).toBe("list");
    const steps = timeline.data.map((e) => e.step);
    expect(steps.slice(0, 3)).toEqual(["created", "request_fetched", "answer_received"]);
    expect(steps.at(-1)).toBe("failed");
    expect(timeline.data.filter((e) => e.detail?.outcome === "failed")).toEqual([
      {
        at: expect.any(String),
        step: "check",
        detail: { check: "claim_missing", outcome: "failed" },
      },
    ]);
  });

  it("an issuance session's timeline", async () => {
    const offer = await credport.issuance.createOffer({
      credentialDefinitionId: "badge-v1",
      claims: badgeClaims,
    });
    await (await createTestWallet()).acceptOffer(offer.offerUri);
    const timeline = await credport.issuance.timeline(offer.id);
    expect(timeline.data.map((e) => e.step)).toEqual([
      "created",
      "offer_fetched",
      "token_issued",
      "credential_issued",
    ]);
    expect((await credport.issuance.get(offer.id)).failureDetail).toBeUndefined();
  });

  it("an unknown ID: not_found; a malformed one is refused before any request", async () => {
    await expect(credport.verifications.timeline("ver_nope")).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(credport.issuance.timeline("")).rejects.toMatchObject({
      code: "validation_error",
    });
  });
});
