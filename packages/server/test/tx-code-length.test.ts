import { Credport, CredportValidationError } from "@credport/server";
import { describe, expect, it } from "vitest";

/**
 * `issuance.createOffer({ txCode: { length } })`: an integer from 4 to 8, checked by the client
 * before any request. The check is one predicate (for the edge bundle's size), so this pins what it
 * must keep refusing and accepting. A recording `fetch` stands in for the service.
 */

const offer = {
  object: "openid4vc_issuance",
  id: "iss_1",
  status: "offer_created",
  credentialDefinitionId: "badge",
  vct: "https://issuer.example/badge",
  issuanceMode: "InTime",
  metadata: {},
  expiresAt: "2026-01-01T00:15:00.000Z",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  livemode: false,
  offerUri: "openid-credential-offer://?credential_offer_uri=x",
  offerQrUri: "openid-credential-offer://?credential_offer_uri=x",
};

function service() {
  const sent: unknown[] = [];
  const credport = new Credport({
    secretKey: `sk_test_${"a".repeat(24)}`,
    baseUrl: "https://service.test",
    maxRetries: 0,
    fetch: async (_input, init) => {
      sent.push(init?.body ? JSON.parse(String(init.body)) : undefined);
      return Response.json(offer, { status: 201 });
    },
  });
  return { credport, sent };
}

const input = (length: unknown) => ({
  credentialDefinitionId: "badge",
  claims: { name: "Ada" },
  txCode: { length } as { length: number },
});

describe("issuance.createOffer txCode.length", () => {
  it.each([
    ["3", 3],
    ["9", 9],
    ["a fraction", 4.5],
    ["a numeric string", "6"],
    ["NaN", Number.NaN],
    ["Infinity", Number.POSITIVE_INFINITY],
    ["null", null],
    ["a boolean", true],
  ])("%s is refused before any request, naming the field and the rule", async (_, length) => {
    const { credport, sent } = service();
    const error = await credport.issuance.createOffer(input(length)).catch((e) => e);
    expect(error).toBeInstanceOf(CredportValidationError);
    expect(error).toMatchObject({ code: "validation_error", details: { field: "txCode.length" } });
    expect(error.message).toBe("credport: txCode.length: must be an integer from 4 to 8");
    expect(sent).toEqual([]);
  });

  it.each([4, 6, 8])("%i is sent as given", async (length) => {
    const { credport, sent } = service();
    await credport.issuance.createOffer(input(length));
    expect(sent).toEqual([expect.objectContaining({ txCode: { length } })]);
  });

  it("may be left out", async () => {
    const { credport, sent } = service();
    await credport.issuance.createOffer({ ...input(6), txCode: {} });
    expect(sent).toEqual([expect.objectContaining({ txCode: {} })]);
  });
});
