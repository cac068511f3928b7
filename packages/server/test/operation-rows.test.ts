import { findOperation, OPERATIONS } from "@credport/core/contract";
import { Credport } from "@credport/server";
import { describe, expect, it } from "vitest";
import * as contractSchemas from "../src/contract-schemas.js";
import { OPERATION_ROWS } from "../src/operation-rows.js";
import { badge, badgeClaims } from "./support/services.js";

/**
 * The client's light rows (method, path, casing, schema names) against the contract's operations
 * table: the rows are what the edge bundle keeps of the table, so they must be the table's.
 */
const schemas: Record<string, unknown> = { ...contractSchemas };
const SNAKE_TAGS = ["Policies", "Verifications"];
/** Rows the server client does not call, and why. */
const NOT_CALLED = {
  // Server-Sent Events, for browsers (@credport/browser).
  streamVerificationStatus: "browser",
  // Fetched by verifyResultToken through jose's remote key set, not the request pipeline.
  getResultKeys: "jose",
};

describe("the server client's operation rows", () => {
  it("are the table's rows: method, path, casing and the same schema objects", () => {
    for (const [id, row] of Object.entries(OPERATION_ROWS)) {
      const operation = OPERATIONS.find((o) => o.id === id);
      expect(operation, id).toBeDefined();
      expect([id, row.method, row.path], id).toEqual([id, operation!.method, operation!.path]);
      expect([id, "snake" in row], id).toEqual([id, SNAKE_TAGS.includes(operation!.tag)]);
      expect(schemas[row.answer], `${id} answer`).toBe(operation!.success.schema);
      expect("body" in row ? schemas[row.body] : undefined, `${id} body`).toBe(operation!.body);
      expect("query" in row ? schemas[row.query] : undefined, `${id} query`).toBe(operation!.query);
    }
  });

  it("cover every operation of the table the server client calls", () => {
    const expected = OPERATIONS.map((o) => o.id).filter((id) => !(id in NOT_CALLED));
    expect(Object.keys(OPERATION_ROWS).sort()).toEqual(expected.sort());
  });

  it("are each called by a resource method, with the row's method and path", async () => {
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
      v.cancel(id),
      v.list(),
    ];
    const outcomes = await Promise.allSettled(calls);
    // Every call reached the service (a local refusal would say the inputs above are wrong).
    for (const outcome of outcomes)
      if (outcome.status === "rejected")
        expect(String(outcome.reason)).not.toMatch(/CredportValidationError|validation_error/);
    expect([...called].sort()).toEqual(Object.keys(OPERATION_ROWS).sort());
  });
});
