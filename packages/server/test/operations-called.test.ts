import { OPERATION_ROUTES, type OperationId } from "@credport/core";
import { findOperation } from "@credport/core/contract";
import { Credport } from "@credport/server";
import { describe, expect, it } from "vitest";
import { badge, badgeClaims } from "./support/services.js";

/**
 * The contract's route index (`OPERATION_ROUTES`) against what the server client calls: every
 * declared operation is called by a resource method, on its method and path, except these.
 */
const NOT_CALLED: Partial<Record<OperationId, string>> = {
  // Server-Sent Events, for browsers (@credport/browser).
  streamVerificationStatus: "browser",
  // Fetched by verifyResultToken through jose's remote key set, not the request pipeline.
  getResultKeys: "jose",
};

describe("the server client and the contract's operations", () => {
  it("every declared operation is called by a resource method, on its method and path", async () => {
    const called = new Set<string>();
    const credport = new Credport({
      secretKey: `sk_test_${"a".repeat(24)}`,
      baseUrl: "https://service.test",
      maxRetries: 0,
      fetch: async (input, init) => {
        const url = new URL(String(input));
        const found = findOperation(init?.method ?? "GET", url.pathname);
        if (found) called.add(found.operation.id);
        else called.add(`undeclared ${init?.method} ${url.pathname}`);
        return new Response("{}", { status: 500, headers: { "content-type": "application/json" } });
      },
    });
    const id = "x_1";
    const { credentialDefinitions: d, issuance: i, policies: p, verifications: v } = credport;
    const calls: Promise<unknown>[] = [
      d.create(badge()),
      d.createDraft(badge()),
      d.get(id),
      d.update(id, { title: "Badge 2" }),
      d.publish(id),
      d.archive(id),
      d.list(),
      i.createOffer({ credentialDefinitionId: "badge-v1", claims: badgeClaims }),
      i.get(id),
      i.cancel(id),
      i.revoke(id),
      i.timeline(id),
      i.list(),
      p.create({
        name: "Badge",
        credentialDefinitionId: "pub",
        fields: [{ path: ["given_name"] }],
      }),
      p.get(id),
      p.archive(id),
      p.list(),
      v.create({ policyId: "preset_age_over_18" }),
      v.get(id),
      v.getStatus(id),
      v.getResult(id),
      v.timeline(id),
      v.cancel(id),
      v.submitDcApiResponse(id, { protocol: "openid4vp-v1-unsigned", data: {} }),
      v.list(),
    ];
    const outcomes = await Promise.allSettled(calls);
    // Every call reached the service (a local refusal would say the inputs above are wrong).
    for (const outcome of outcomes)
      if (outcome.status === "rejected")
        expect(String(outcome.reason)).not.toMatch(/CredportValidationError|validation_error/);
    const declared = Object.keys(OPERATION_ROUTES).filter((id) => !(id in NOT_CALLED));
    expect([...called].sort()).toEqual(declared.sort());
  });
});
