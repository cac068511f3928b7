import {
  createModel,
  DEFINITION_LIFECYCLE,
  ISSUANCE_TRANSITIONS,
  VERIFICATION_TRANSITIONS,
} from "@credport/mock";
import { describe, expect, it } from "vitest";
import { badgeClaims, badgeDefinition } from "./support/transports.js";

/**
 * The transition tables, row by row, through the model's seams. The protocol endpoints drive the
 * wallet rows (offer fetched, token, credential, presentation) through these same seams.
 */
function setup() {
  const model = createModel();
  const project = model.createProject();
  const auth = model.keys.authenticateSecret(project.secretKey);
  model.definitions.create(auth, { ...badgeDefinition(), lifecycleStatus: "published" });
  const offer = () =>
    model.issuance.createOffer(auth, { credentialDefinitionId: "badge-v1", claims: badgeClaims })
      .record;
  const verification = () => model.verifications.create(auth, { policy_id: "preset_age_over_18" });
  return { model, project, auth, offer, verification };
}

describe("issuance transitions (api-decisions.md)", () => {
  it.each(
    ISSUANCE_TRANSITIONS.flatMap((row) =>
      row.from.map((from) => ({ from, trigger: row.trigger, to: row.to, error: row.error })),
    ),
  )("$from --$trigger--> $to$error.code", ({ from, trigger, to, error }) => {
    const { model, auth, offer } = setup();
    const { id } = offer();
    const path: Record<string, string[]> = {
      offer_created: [],
      ready_to_issue: ["offer_fetched"],
      token_issued: ["offer_fetched", "token_accepted"],
      credential_issued: ["offer_fetched", "token_accepted", "credential_returned"],
      canceled: ["cancel"],
      expired: ["expire"],
      failed: ["offer_fetched", "tx_code_exhausted"],
    };
    for (const step of path[from]!) model.issuance.applyTrigger(id, step as never);
    const events = model.webhooks.events.length;
    if (trigger === "revoke") {
      const revoked = model.issuance.revoke(auth, id);
      expect(revoked).toMatchObject({
        status: "credential_issued",
        credentialStatus: "revoked",
        revokedAt: expect.any(String),
      });
      expect(model.webhooks.events.at(-1)!.event.type).toBe("issuance.revoked");
    } else if (error) {
      expect(() => model.issuance.applyTrigger(id, trigger as never)).toThrow(
        expect.objectContaining({ code: error.code, status: error.status }),
      );
      expect(model.webhooks.events.length).toBe(events);
    } else {
      expect(model.issuance.applyTrigger(id, trigger as never).status).toBe(to);
      expect(model.webhooks.events.at(-1)!.event.type).toBe(`issuance.${to}`);
    }
  });

  it("credentialStatus is absent before issuance and active once issued", () => {
    const { model, offer } = setup();
    const { id } = offer();
    expect(model.issuance.findForProtocol(id)!.credentialStatus).toBeUndefined();
    for (const step of ["offer_fetched", "token_accepted", "credential_returned"] as const)
      model.issuance.applyTrigger(id, step);
    expect(model.issuance.findForProtocol(id)!.credentialStatus).toBe("active");
  });

  it("the third wrong tx_code fails the issuance", () => {
    const { model, offer } = setup();
    const { id } = offer();
    model.issuance.applyTrigger(id, "offer_fetched");
    expect(model.issuance.rejectTxCode(id)).toBe(2);
    expect(model.issuance.rejectTxCode(id)).toBe(1);
    expect(model.issuance.rejectTxCode(id)).toBe(0);
    expect(model.issuance.findForProtocol(id)!.status).toBe("failed");
  });

  it("an unknown combination is refused and changes nothing", () => {
    const { model, offer } = setup();
    const { id } = offer();
    expect(() => model.issuance.applyTrigger(id, "credential_returned")).toThrow(
      expect.objectContaining({ code: "issuance_invalid_state" }),
    );
    expect(model.issuance.findForProtocol(id)!.status).toBe("offer_created");
  });
});

describe("verification transitions (api-decisions.md)", () => {
  it.each(
    VERIFICATION_TRANSITIONS.flatMap((row) =>
      row.from.map((from) => ({ from, trigger: row.trigger, to: row.to, error: row.error })),
    ),
  )("$from --$trigger--> $to$error.code", ({ from, trigger, to, error }) => {
    const { model, verification } = setup();
    const { id } = verification();
    const path: Record<string, [string, object?][]> = {
      pending: [],
      in_progress: [["request_fetched"]],
      verified: [["presentation_verified", { claims: { age_over_18: true } }]],
      failed: [["presentation_failed", { failureCode: "wallet_rejected" }]],
      expired: [["expire"]],
      canceled: [["cancel"]],
    };
    for (const [step, data] of path[from]!)
      model.verifications.applyTrigger(id, step as never, data);
    const data =
      trigger === "presentation_failed"
        ? { failureCode: "claims_missing" as const }
        : { claims: { age_over_18: true } };
    if (error) {
      expect(() => model.verifications.applyTrigger(id, trigger, data)).toThrow(
        expect.objectContaining({ code: error.code }),
      );
      return;
    }
    const after = model.verifications.applyTrigger(id, trigger, data);
    expect(after.status).toBe(to);
    expect(after.failureCode).toBe(to === "failed" ? "claims_missing" : undefined);
    expect(model.webhooks.events.at(-1)!.event.type).toBe(`verification.${to}`);
    const wire = model.webhooks.events.at(-1)!.event.data.object as Record<string, unknown>;
    expect("failure_code" in wire).toBe(to === "failed");
  });
});

describe("definition lifecycle (service-interface.md)", () => {
  it("has exactly the rows of the document, plus the two documented choices", () => {
    expect(
      DEFINITION_LIFECYCLE.map((r) => `${r.from.join("|")} ${r.trigger} ${r.to ?? r.error?.code}`),
    ).toEqual([
      "draft update draft",
      "draft publish published",
      "published update published_credential_definition_immutable",
      "archived update archived_credential_definition_immutable",
      "published publish published",
      "archived publish archived_credential_definition_immutable",
      "draft|published|archived archive archived",
    ]);
  });
});
