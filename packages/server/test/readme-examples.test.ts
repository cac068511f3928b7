// The README's examples for `stateStore` and `verifyResultToken`, run as written: each block under
// its heading is compiled to JavaScript and imported, against the mock service.
import { signWebhookPayload } from "@credport/server";
import { describe, expect, it, vi } from "vitest";
import { readmeExamples } from "./support/readme-examples.js";

describe("README examples", () => {
  const { importExample, service } = readmeExamples();

  it("stateStore: the first delivery is handled, its replay acknowledged, a forgery refused", async () => {
    const { POST } = (await importExample("### Handling each webhook event once")) as {
      POST: (request: Request) => Promise<Response>;
    };
    const payload = JSON.stringify({
      id: "evt_readme_1",
      object: "event",
      type: "made.up_for_the_test",
      created: 1,
      livemode: false,
      data: { object: {} },
    });
    const deliver = async (secret = service().project.webhookSecret) =>
      (
        await POST(
          new Request("https://app.test/webhooks", {
            method: "POST",
            body: payload,
            headers: { "webhook-signature": await signWebhookPayload(payload, { secret }) },
          }),
        )
      ).status;
    const handled = vi.spyOn(console, "log").mockImplementation(() => {});
    expect(await deliver(`whsec_${"f".repeat(32)}`)).toBe(400);
    expect(await deliver()).toBe(204);
    expect(await deliver()).toBe(204);
    // Handled once: the replay was acknowledged without reaching the handler.
    expect(handled.mock.calls).toEqual([["handling", "evt_readme_1", "made.up_for_the_test"]]);
    handled.mockRestore();
  });

  it("verifyResultToken: true only for the user whose signed claims say so", async () => {
    const { isOver18 } = (await importExample("### Checking a verification's signed result")) as {
      isOver18: (verificationId: string, userId: string) => Promise<boolean>;
    };
    const verified = async (claims: Record<string, unknown>) => {
      const credport = (await import("@credport/server")).Credport;
      const v = await new credport().verifications.create({
        policyId: "preset_age_over_18",
        customerUserRef: "user-1",
      });
      service().model.verifications.applyTrigger(v.id, "request_fetched");
      service().model.verifications.applyTrigger(v.id, "presentation_verified", {
        claims: claims as never,
      });
      return v.id;
    };
    const over = await verified({ age_over_18: true });
    expect(await isOver18(over, "user-1")).toBe(true);
    expect(await isOver18(await verified({ age_over_18: false }), "user-1")).toBe(false);
    await expect(isOver18(over, "user-2")).rejects.toMatchObject({
      code: "result_token_mismatch",
      details: { field: "customer_user_ref" },
    });
  });

  it("explainFailure: the check that failed and each step, with no claim value", async () => {
    const { explainFailure } = (await importExample("### Debugging a failed verification")) as {
      explainFailure: (verificationId: string) => Promise<string[]>;
    };
    const { Credport } = await import("@credport/server");
    const { createTestWallet } = await import("@credport/mock/wallet");
    const v = await new Credport().verifications.create({ policyId: "preset_age_over_18" });
    const wallet = await createTestWallet();
    await wallet.present(v.authorizationRequestUri, { tamper: "audience" });
    const lines = await explainFailure(v.id);
    expect(lines[0]).toMatch(/^presentation_invalid: audience: .*aud.* was expected$/);
    expect(lines.slice(1).map((line) => line.split(" ")[1])).toEqual(
      expect.arrayContaining(["created", "request_fetched", "answer_received", "check", "failed"]),
    );
    expect(lines.at(-1)).toMatch(
      /^\S+ failed \{"failure_code":"presentation_invalid","check":"audience"\}$/,
    );
    expect(lines.join("\n")).not.toMatch(/Ada|Lovelace|1815/);
    // A verification that did not fail has nothing to explain.
    const open = await new Credport().verifications.create({ policyId: "preset_age_over_18" });
    expect(await explainFailure(open.id)).toEqual([]);
  });

  it("pinning: the example checks results against the key set in CREDPORT_JWKS", async () => {
    process.env.CREDPORT_JWKS = JSON.stringify(await service().model.signer.jwks());
    try {
      const { signedClaims } = (await importExample("### Plain `http`, and pinning")) as {
        signedClaims: (verificationId: string) => Promise<Record<string, unknown>>;
      };
      const { Credport } = await import("@credport/server");
      const v = await new Credport().verifications.create({ policyId: "preset_age_over_18" });
      service().model.verifications.applyTrigger(v.id, "request_fetched");
      service().model.verifications.applyTrigger(v.id, "presentation_verified", {
        claims: { age_over_18: true },
      });
      service().model.requestLog.length = 0;
      expect(await signedClaims(v.id)).toEqual({ age_over_18: true });
      expect(service().model.requestLog.map((r) => r.path)).toEqual([
        `/v1/verifications/${v.id}/result`,
      ]);
    } finally {
      delete process.env.CREDPORT_JWKS;
    }
  });

  it("maxBodyBytes: a body over the cap answers 413, a forgery 400, a genuine event 204", async () => {
    const { POST } = (await importExample("### The webhook body cap")) as {
      POST: (request: Request) => Promise<Response>;
    };
    const deliver = async (payload: string, signature: string | undefined) =>
      (
        await POST(
          new Request("https://app.test/webhooks", {
            method: "POST",
            body: payload,
            headers: signature ? { "webhook-signature": signature } : {},
          }),
        )
      ).status;
    const secret = service().project.webhookSecret;
    const payload = JSON.stringify({ id: "evt_cap", object: "event", type: "made.up", created: 1 });
    const big = JSON.stringify({ padding: "x".repeat(300 * 1024) });
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    expect(await deliver(big, await signWebhookPayload(big, { secret }))).toBe(413);
    expect(await deliver(payload, undefined)).toBe(400);
    expect(await deliver(payload, await signWebhookPayload(payload, { secret }))).toBe(204);
    expect(log.mock.calls).toEqual([["received", "made.up"]]);
    log.mockRestore();
  });
});
